import type { ListerWatcherSource } from '../sharedInformerFactory.js';
import { fetchListerWatcher, type FetchListerWatcherOptions } from './fetchListerWatcher.js';

/**
 * The lister-watchers of a `SharedInformerFactory` that lists and watches through the platform
 * `fetch`: each informer gets a {@link fetchListerWatcher} on `baseUrl` with the namespace and
 * selectors it was asked for (and metadata only when asked), and `options` for the rest.
 *
 * @param baseUrl - where the API's paths start (see {@link fetchListerWatcher})
 * @param options - headers, page size, limits and the like, shared by every informer
 * @returns the source to give the factory
 * @example
 * ```ts
 * const factory = new SharedInformerFactory(fetchListerWatcherSource('/k8s'));
 * const pods = factory.informerFor<V1Pod>({ version: 'v1', plural: 'pods' });
 * ```
 */
export function fetchListerWatcherSource(
  baseUrl: string | URL,
  options: Omit<
    FetchListerWatcherOptions<unknown>,
    'namespace' | 'labelSelector' | 'fieldSelector' | 'metadataOnly'
  > = {},
): ListerWatcherSource {
  return (resource, { namespace, labelSelector, fieldSelector, metadataOnly }) =>
    fetchListerWatcher(baseUrl, resource, {
      ...options,
      namespace,
      labelSelector,
      fieldSelector,
      metadataOnly,
    });
}
