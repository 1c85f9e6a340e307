import type { KubeObject } from './kubeObject.js';

/** A minimal object for tests: namespace, name, labels, resource version and a payload. */
export interface TestPod extends KubeObject {
  metadata: {
    namespace?: string;
    name: string;
    resourceVersion?: string;
    labels?: Record<string, string>;
  };
  spec?: { node?: string; tags?: string[] };
}

/**
 * @param namespace - namespace (`''` for cluster-scoped)
 * @param name - name
 * @param extra - labels, resource version and spec
 * @returns a fresh object
 */
export function pod(
  namespace: string,
  name: string,
  extra: { labels?: Record<string, string>; rv?: string; node?: string; tags?: string[] } = {},
): TestPod {
  return {
    metadata: {
      ...(namespace === '' ? {} : { namespace }),
      name,
      ...(extra.rv === undefined ? {} : { resourceVersion: extra.rv }),
      ...(extra.labels === undefined ? {} : { labels: extra.labels }),
    },
    spec: {
      node: extra.node ?? 'node-1',
      ...(extra.tags === undefined ? {} : { tags: extra.tags }),
    },
  };
}

/** @returns the sorted copy of a string array (stores list in no particular order) */
export function sorted(values: readonly string[]): string[] {
  return [...values].sort();
}

/** @returns the sorted keys (`namespace/name`) of a list of test pods */
export function keysOf(pods: readonly TestPod[]): string[] {
  return sorted(
    pods.map((p) =>
      p.metadata.namespace ? `${p.metadata.namespace}/${p.metadata.name}` : p.metadata.name,
    ),
  );
}

/** Index function for tests: one value per tag (several, or none). */
export function tagsIndexFunc(obj: TestPod): string[] {
  return obj.spec?.tags ?? [];
}
