import type { KubeObject } from '../api/types.js';
import type { ResourceDefinition } from '../registry/resourceDefinition.js';
import { apiVersionOf } from '../registry/resourceDefinition.js';

/** The annotation kube-apiserver puts on the bookmark that ends a streaming list's initial events. */
export const initialEventsEndAnnotation = 'k8s.io/initial-events-end';

/**
 * A bookmark object: an empty object of the watched kind with only the resourceVersion (and,
 * at the end of initial events, the annotation) set. Built-ins also carry the zero-valued fields
 * a typed server serialises (Pod: `"spec":{"containers":null},"status":{}`).
 *
 * @param def - the watched resource.
 * @param resourceVersion - the bookmark's resourceVersion.
 * @param initialEventsEnd - whether to add the `k8s.io/initial-events-end` annotation.
 * @param metadataOnly - for a watch that asked for the metadata-only form, the `apiVersion` of
 *   the `PartialObjectMetadata` bookmark kube-apiserver then sends (no zero-valued fields).
 * @returns the object to send in a BOOKMARK event.
 */
export function bookmarkObject(
  def: ResourceDefinition,
  resourceVersion: string,
  initialEventsEnd: boolean,
  metadataOnly?: string,
): KubeObject {
  const metadata = initialEventsEnd
    ? { resourceVersion, annotations: { [initialEventsEndAnnotation]: 'true' } }
    : { resourceVersion };
  if (metadataOnly !== undefined) {
    return { kind: 'PartialObjectMetadata', apiVersion: metadataOnly, metadata };
  }
  return { kind: def.kind, apiVersion: apiVersionOf(def), metadata, ...def.bookmarkFields };
}
