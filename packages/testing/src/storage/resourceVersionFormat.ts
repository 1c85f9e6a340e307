/**
 * How the server writes its revisions (one global counter, like an etcd revision) as
 * `resourceVersion` strings, and reads them back from requests. Clients must treat the strings
 * as opaque; a format other than {@link decimalResourceVersions} lets a test prove they do, the
 * way an aggregated API server (metrics-server, a custom apiserver) can hand out versions that
 * are not increasing numbers.
 *
 * `parse` must invert `format`. `""` and `"0"` are request values and never reach `parse`.
 * A revision the store has not reached (or has compacted) is still parsed: the server decides
 * what to answer for it.
 */
export interface ResourceVersionFormat {
  /**
   * @param revision - a revision (≥ 1)
   * @returns its `resourceVersion` text
   */
  format(revision: number): string;
  /**
   * @param text - a `resourceVersion` from a request
   * @returns the revision it names, or `undefined` if it names none (answered with a 500, as
   *   kube-apiserver answers a version it cannot parse)
   */
  parse(text: string): number | undefined;
}

/** kube-apiserver's format: the revision in decimal. The default. */
export const decimalResourceVersions: ResourceVersionFormat = {
  format: (revision) => String(revision),
  parse: (text) => (/^\d+$/.test(text) ? Number(text) : undefined),
};

/**
 * Decimal numbers that go DOWN as the revision goes up (`1000000000 - revision`): every write
 * looks "older" than the one before to a client that compares versions as numbers.
 */
export const descendingResourceVersions: ResourceVersionFormat = {
  format: (revision) => String(descendingCeiling - revision),
  parse: (text) => {
    const value = decimalResourceVersions.parse(text);
    return value === undefined || value > descendingCeiling ? undefined : descendingCeiling - value;
  },
};

const descendingCeiling = 1_000_000_000;

/** Versions that are not numbers at all (`rv-1c`: `rv-` and the revision in base 36). */
export const opaqueResourceVersions: ResourceVersionFormat = {
  format: (revision) => `rv-${revision.toString(36)}`,
  parse: (text) => (/^rv-[0-9a-z]+$/.test(text) ? parseInt(text.slice(3), 36) : undefined),
};
