import {
  PatchStrategy,
  type KubernetesObject,
  type KubernetesObjectApi,
} from '@kubernetes/client-node';
import type { ObjectReference } from './objectApi.js';

/** Options of {@link mergePatch}. */
export interface MergePatchOptions {
  /** The manager recorded in `managedFields`. */
  fieldManager?: string;
  /**
   * A strategic merge patch (`application/strategic-merge-patch+json`, built-in kinds only:
   * lists such as containers merge by key) instead of a JSON merge patch. Default false.
   */
  strategic?: boolean;
}

/**
 * Patches an object with a JSON merge patch (RFC 7386, `application/merge-patch+json`) through
 * client-node's `KubernetesObjectApi.patch`: maps merge, lists are replaced, `null` deletes a
 * key. Without a resourceVersion in the patch it applies to whatever is stored (last writer
 * wins); put `metadata.resourceVersion` in it to fail with a 409 on a concurrent change.
 *
 * @typeParam T - the object type
 * @param client - client-node's `KubernetesObjectApi`
 * @param reference - the object to patch
 * @param patch - the fields to change
 * @param options - field manager, strategic merge
 * @returns the patched object
 * @throws client-node's `ApiException` for an error status
 * @example
 * ```ts
 * await mergePatch(client, reference, { metadata: { labels: { stale: null } } });
 * ```
 */
export function mergePatch<T extends KubernetesObject>(
  client: KubernetesObjectApi,
  reference: ObjectReference,
  patch: Record<string, unknown>,
  options: MergePatchOptions = {},
): Promise<T> {
  const patchMetadata = (patch['metadata'] ?? {}) as Record<string, unknown>;
  // client-node takes the path from the body: the reference's identity goes in with the patch.
  const body = {
    ...patch,
    apiVersion: reference.apiVersion,
    kind: reference.kind,
    metadata: { ...patchMetadata, ...reference.metadata },
  } as unknown as T;
  return client.patch(
    body,
    undefined,
    undefined,
    options.fieldManager,
    undefined,
    options.strategic === true ? PatchStrategy.StrategicMergePatch : PatchStrategy.MergePatch,
  );
}
