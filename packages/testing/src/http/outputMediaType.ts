import { failure, StatusError } from '../api/status.js';

/**
 * What a GET answers with, as negotiated from its `Accept` header: the objects as they are, or
 * kube-apiserver's metadata-only form (`as=PartialObjectMetadata` for one object or a watch's
 * objects, `as=PartialObjectMetadataList` for a list), in `meta.k8s.io/v1` or `v1beta1`.
 */
export type OutputMediaType =
  | { readonly as: undefined }
  | {
      readonly as: 'PartialObjectMetadata' | 'PartialObjectMetadataList';
      /** `meta.k8s.io/v1` or `meta.k8s.io/v1beta1`. */
      readonly apiVersion: string;
      /** The `Content-Type` of the answer. */
      readonly contentType: string;
    };

/** The plain JSON output. */
export const plainJson: OutputMediaType = { as: undefined };

const metadataKinds = new Set(['PartialObjectMetadata', 'PartialObjectMetadataList']);

/**
 * Picks the output of a GET from its `Accept` header as kube-apiserver does: the first media
 * range it can serve, in the order given (`q` values are not weighed). JSON ranges with
 * `as=PartialObjectMetadata[List];g=meta.k8s.io;v=v1|v1beta1` select the metadata-only form
 * when `metadataSupported`; without it (a server that does not know the form) they are skipped,
 * so the answer is the next range, usually plain `application/json`. Protobuf, YAML, `Table` and
 * other `as` targets are skipped too.
 *
 * @param accept - the header, if any (absent or empty: plain JSON).
 * @param metadataSupported - whether the metadata-only form is served.
 * @returns the output.
 * @throws StatusError 406 `NotAcceptable` when no range can be served.
 */
export function negotiateOutput(
  accept: string | undefined,
  metadataSupported: boolean,
): OutputMediaType {
  if (accept === undefined || accept.trim() === '') return plainJson;
  for (const range of accept.split(',')) {
    const [type = '', ...paramTexts] = range.split(';').map((part) => part.trim());
    if (type !== 'application/json' && type !== 'application/*' && type !== '*/*') continue;
    const params = new Map(
      paramTexts.map((p) => {
        const eq = p.indexOf('=');
        return eq < 0 ? [p, ''] : [p.slice(0, eq).trim(), p.slice(eq + 1).trim()];
      }),
    );
    const as = params.get('as');
    if (as === undefined) return plainJson;
    const group = params.get('g');
    const version = params.get('v');
    if (
      metadataSupported &&
      metadataKinds.has(as) &&
      group === 'meta.k8s.io' &&
      (version === 'v1' || version === 'v1beta1')
    ) {
      return {
        as: as as 'PartialObjectMetadata' | 'PartialObjectMetadataList',
        apiVersion: `${group}/${version}`,
        contentType: `application/json;as=${as};g=${group};v=${version}`,
      };
    }
  }
  throw new StatusError(
    failure(
      406,
      'NotAcceptable',
      `only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf`,
    ),
  );
}

/**
 * Checks that the negotiated output fits the request, as kube-apiserver's transform does: a
 * list can only be answered as a `PartialObjectMetadataList`, one object or a watch's objects
 * only as `PartialObjectMetadata`.
 *
 * @param output - the negotiated output.
 * @param isList - whether the request is a list (not a get or a watch).
 * @param kind - the resource's kind, for the message.
 * @throws StatusError 406 `NotAcceptable` otherwise.
 */
export function checkOutputFits(output: OutputMediaType, isList: boolean, kind: string): void {
  if (output.as === undefined) return;
  if (isList && output.as === 'PartialObjectMetadata') {
    throw notAcceptable(
      `you requested PartialObjectMetadata, but the requested object is a list (*v1.${kind}List)`,
    );
  }
  if (!isList && output.as === 'PartialObjectMetadataList') {
    throw notAcceptable(
      `you requested PartialObjectMetadataList, but the requested object is not a list (*v1.${kind})`,
    );
  }
}

function notAcceptable(message: string): StatusError {
  return new StatusError(failure(406, 'NotAcceptable', message));
}
