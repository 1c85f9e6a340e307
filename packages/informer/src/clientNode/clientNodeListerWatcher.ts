import type { KubeConfig } from '@kubernetes/client-node';
import type { KubeObject } from '@rxkube/store';
import { httpListerWatcher, type HttpListerWatcherOptions } from '../http/httpListerWatcher.js';
import type { ResourceRef } from '../http/resourcePath.js';
import type { ListerWatcher } from '../listerWatcher.js';
import { kubeConfigGet, type FetchLike } from './kubeRequest.js';

/**
 * Options of {@link listerWatcher}: those of every lister-watcher, and the HTTP client.
 *
 * @typeParam T - the object type
 */
export interface ListerWatcherOptions<T> extends HttpListerWatcherOptions<T> {
  /**
   * A fetch to send requests with instead of the KubeConfig's client-node HTTP stack (node-fetch
   * with 1.x, its undici dispatcher with 2.x); see {@link FetchLike} for what it is given.
   */
  fetch?: FetchLike;
}

/**
 * Lists and watches one resource through `@kubernetes/client-node`'s `KubeConfig`:
 * authentication, TLS, proxies and the current context come from it (client-node 1.x's
 * `applyToFetchOptions`, 2.x's `applySecurityAuthentication`), the requests are plain `GET`s,
 * and answers are decoded as plain
 * JSON — no per-field model conversion — which is the fastest correct path for lists of
 * thousands of objects.
 *
 * Unsubscribing from a list or watch aborts its request, closing the socket.
 *
 * @typeParam T - the object type, e.g. client-node's `V1Pod` or a custom resource type
 * @param kubeConfig - a loaded client-node `KubeConfig`
 * @param resource - `{ group, version, plural }` or a collection path
 * @param options - namespace, selectors, page size, decoding
 * @returns a {@link ListerWatcher}
 * @example
 * ```ts
 * const kc = new KubeConfig();
 * kc.loadFromDefault();
 * const pods = listerWatcher<V1Pod>(kc, { version: 'v1', plural: 'pods' }, { namespace: 'shop' });
 * ```
 */
export function listerWatcher<T = KubeObject>(
  kubeConfig: KubeConfig,
  resource: ResourceRef,
  options: ListerWatcherOptions<T> = {},
): ListerWatcher<T> {
  return httpListerWatcher(kubeConfigGet(kubeConfig, options.fetch), resource, options);
}
