import type { PartialObjectMetadata } from '@rxkube/store';
import type { ResourceRef } from '../http/resourcePath.js';
import type { ListerWatcher } from '../listerWatcher.js';
import { fetchListerWatcher, type FetchListerWatcherOptions } from './fetchListerWatcher.js';

/**
 * A {@link fetchListerWatcher} of objects' metadata only (client-go's `metadatainformer`):
 * lists and watches ask the API server for the `PartialObjectMetadata` form, so each cached
 * object holds `kind`, `apiVersion` and `metadata` and nothing else. A server (or proxy) that
 * answers with whole objects has them reduced to the same form.
 *
 * @param baseUrl - where the API's paths start (see {@link fetchListerWatcher})
 * @param resource - `{ group, version, plural }` or a collection path
 * @param options - namespace, selectors, page size, headers, limits
 * @returns a {@link ListerWatcher} of `PartialObjectMetadata`
 * @throws TypeError when `baseUrl` is not a URL
 * @example
 * ```ts
 * const pods = fetchMetadataListerWatcher('/k8s', { version: 'v1', plural: 'pods' });
 * const informer = new SharedIndexInformer(pods);
 * ```
 */
export function fetchMetadataListerWatcher(
  baseUrl: string | URL,
  resource: ResourceRef,
  options: Omit<FetchListerWatcherOptions<PartialObjectMetadata>, 'metadataOnly'> = {},
): ListerWatcher<PartialObjectMetadata> {
  return fetchListerWatcher(baseUrl, resource, { ...options, metadataOnly: true });
}
