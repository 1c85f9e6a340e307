import type { KubeConfig } from '@kubernetes/client-node';
import type { ListerWatcherSource } from '../sharedInformerFactory.js';
import { listerWatcher, type ListerWatcherOptions } from './clientNodeListerWatcher.js';

/**
 * The lister-watchers of a `SharedInformerFactory` that lists and watches through client-node:
 * each informer gets a {@link listerWatcher} on `kubeConfig` with the namespace and selectors it
 * was asked for, and `options` for the rest.
 *
 * @param kubeConfig - a loaded client-node `KubeConfig`
 * @param options - page size, fetch, limits and the like, shared by every informer
 * @returns the source to give the factory
 * @example
 * ```ts
 * const factory = new SharedInformerFactory(listerWatcherSource(kc));
 * ```
 */
export function listerWatcherSource(
  kubeConfig: KubeConfig,
  options: Omit<
    ListerWatcherOptions<unknown>,
    'namespace' | 'labelSelector' | 'fieldSelector' | 'metadataOnly'
  > = {},
): ListerWatcherSource {
  return (resource, { namespace, labelSelector, fieldSelector, metadataOnly }) =>
    listerWatcher(kubeConfig, resource, {
      ...options,
      namespace,
      labelSelector,
      fieldSelector,
      metadataOnly,
    });
}
