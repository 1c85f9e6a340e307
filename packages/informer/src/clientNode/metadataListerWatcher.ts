import type { KubeConfig } from '@kubernetes/client-node';
import type { PartialObjectMetadata } from '@rxkube/store';
import type { ResourceRef } from '../http/resourcePath.js';
import type { ListerWatcher } from '../listerWatcher.js';
import { listerWatcher, type ListerWatcherOptions } from './clientNodeListerWatcher.js';

/**
 * A {@link listerWatcher} of objects' metadata only (client-go's `metadatainformer`): lists and
 * watches ask kube-apiserver for the `PartialObjectMetadata` form, so each cached object holds
 * `kind`, `apiVersion` and `metadata` and nothing else, a fraction of a whole object's memory.
 * A server that answers with whole objects has them reduced to the same form.
 *
 * @param kubeConfig - a loaded client-node `KubeConfig`
 * @param resource - `{ group, version, plural }` or a collection path
 * @param options - namespace, selectors, page size, limits
 * @returns a {@link ListerWatcher} of `PartialObjectMetadata`
 * @example
 * ```ts
 * const pods = metadataListerWatcher(kc, { version: 'v1', plural: 'pods' });
 * const informer = new SharedIndexInformer(pods);
 * ```
 */
export function metadataListerWatcher(
  kubeConfig: KubeConfig,
  resource: ResourceRef,
  options: Omit<ListerWatcherOptions<PartialObjectMetadata>, 'metadataOnly'> = {},
): ListerWatcher<PartialObjectMetadata> {
  return listerWatcher(kubeConfig, resource, { ...options, metadataOnly: true });
}
