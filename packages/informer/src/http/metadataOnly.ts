import { asPartialObjectMetadata, partialObjectMetadataKind, type KubeObject } from '@rxkube/store';

/**
 * The `Accept` header of a metadata-only list: kube-apiserver's `PartialObjectMetadataList`, or
 * whole objects from a server that does not know it (client-go's metadata client sends the same,
 * after a protobuf range).
 */
export const metadataListAccept =
  'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json';

/** The `Accept` header of a metadata-only watch: `PartialObjectMetadata` objects, or whole ones. */
export const metadataWatchAccept =
  'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json';

/** The list kind kube-apiserver answers a metadata-only list with. */
export const partialObjectMetadataListKind = 'PartialObjectMetadataList';

/**
 * @param obj - a listed or watched object
 * @returns whether the server sent it in the metadata-only form already
 */
export function isPartialObjectMetadata(obj: unknown): boolean {
  return (obj as { kind?: unknown } | null)?.kind === partialObjectMetadataKind;
}

/**
 * A listed or watched object in the metadata-only form: as it is when the server sent that form,
 * reduced to its metadata when the server answered with the whole object (the fallback of a
 * server that does not support the form). Anything else (not an object) is left for the decoder
 * and the key function to refuse.
 *
 * @param obj - the object as parsed
 * @returns the metadata-only object
 */
export function toPartialObjectMetadata(obj: unknown): unknown {
  if (typeof obj !== 'object' || obj === null || isPartialObjectMetadata(obj)) return obj;
  return asPartialObjectMetadata(obj as KubeObject);
}
