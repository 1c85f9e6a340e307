import type { KubeObject } from '@rxkube/store';
import type { FetchResponseLike, SendApiGet } from '../http/apiGet.js';
import { httpListerWatcher, type HttpListerWatcherOptions } from '../http/httpListerWatcher.js';
import type { ResourceRef } from '../http/resourcePath.js';
import type { ListerWatcher } from '../listerWatcher.js';
import { pageIdleBookmarkIntervals } from './pageIdleBookmarkIntervals.js';
import { readableStreamChunks } from './readableStreamChunks.js';

/**
 * Request headers of a {@link fetchListerWatcher}: fixed, or read before every request (so a
 * token that rotates is picked up by the next list or watch).
 */
export type FetchHeaders =
  | Readonly<Record<string, string>>
  | (() => Readonly<Record<string, string>> | Promise<Readonly<Record<string, string>>>);

/**
 * Options of {@link fetchListerWatcher}: those of every lister-watcher, and the HTTP client.
 *
 * @typeParam T - the object type
 */
export interface FetchListerWatcherOptions<T> extends HttpListerWatcherOptions<T> {
  /** The `fetch` to send requests with. Default: the platform's `globalThis.fetch`. */
  fetch?: typeof globalThis.fetch;
  /**
   * Headers sent with every request, e.g. `{ Authorization: 'Bearer …' }` when the base URL is
   * not a proxy that authenticates for the page. `Accept` is always set by the lister-watcher
   * (`application/json`, or the metadata-only form's media types with `metadataOnly`).
   */
  headers?: FetchHeaders;
  /**
   * Whether the browser sends cookies and HTTP authentication: `fetch`'s `credentials`.
   * Default: the platform's (`same-origin`).
   */
  credentials?: RequestCredentials;
}

/**
 * Lists and watches one resource through the platform `fetch` and `ReadableStream`, in a
 * browser or any runtime that has them (Node.js 20+, Deno, Bun), against any base URL that
 * speaks the Kubernetes API: `kubectl proxy`, `rxkube proxy`, the dashboard's `/k8s/`, or an
 * API server that accepts the headers given.
 *
 * It behaves like the client-node `listerWatcher` of `@rxkube/informer/node`: paginated lists
 * (`limit`/`continue`) read item by item as they arrive, watches split into lines with
 * bookmarks and streaming lists, the same typed errors (`ApiError` with the server's Status,
 * `ConnectionError`, `DecodeError`, `TooLargeError`, `ListIdleError`, `ListStreamError`,
 * `WatchStreamError`) and the same guard against list answers that go silent. Its watches are
 * presumed dead after {@link pageIdleBookmarkIntervals} (1.5) bookmark intervals of silence
 * rather than the Reflector's 2.5, as suits a page. Unsubscribing
 * aborts the request (`AbortSignal`). It imports no Node module.
 *
 * @typeParam T - the object type
 * @param baseUrl - where the API's paths start, e.g. `http://127.0.0.1:8001` or, in a page, a
 *   path such as `/k8s` (resolved against the page's address)
 * @param resource - `{ group, version, plural }` or a collection path
 * @param options - namespace, selectors, page size, decoding, headers, limits
 * @returns a {@link ListerWatcher}
 * @throws TypeError when `baseUrl` is not a URL (or, outside a page, not an absolute one)
 * @example
 * ```ts
 * const pods = fetchListerWatcher<V1Pod>('/k8s', { version: 'v1', plural: 'pods' }, { namespace: 'shop' });
 * const informer = new SharedIndexInformer(pods);
 * ```
 */
export function fetchListerWatcher<T = KubeObject>(
  baseUrl: string | URL,
  resource: ResourceRef,
  options: FetchListerWatcherOptions<T> = {},
): ListerWatcher<T> {
  return httpListerWatcher(fetchGet(apiBase(baseUrl), options), resource, {
    ...options,
    idleBookmarkIntervals: options.idleBookmarkIntervals ?? pageIdleBookmarkIntervals,
  });
}

/**
 * @param baseUrl - absolute, or relative to the page
 * @returns the URL with neither query nor fragment, and without a trailing slash on its path
 * @throws TypeError naming the value when it is no URL
 */
function apiBase(baseUrl: string | URL): string {
  let url: URL;
  try {
    url = new URL(baseUrl, globalThis.location?.href);
  } catch {
    throw new TypeError(
      `fetchListerWatcher: base URL ${JSON.stringify(String(baseUrl))} is not an absolute URL` +
        (globalThis.location === undefined ? '' : ' or a path of this page'),
    );
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** The transport: one `fetch` per GET, its body read through the stream's reader. */
function fetchGet(base: string, options: FetchListerWatcherOptions<unknown>): SendApiGet {
  return async (path, query, signal, accept) => {
    const search = query.toString();
    const url = `${base}${path}${search === '' ? '' : `?${search}`}`;
    const headers =
      typeof options.headers === 'function' ? await options.headers() : options.headers;
    const send = options.fetch ?? globalThis.fetch;
    const response = await send(url, {
      method: 'GET',
      headers: { ...headers, Accept: accept },
      signal,
      ...(options.credentials === undefined ? {} : { credentials: options.credentials }),
    });
    return asResponseLike(response);
  };
}

function asResponseLike(response: Response): FetchResponseLike {
  return {
    status: response.status,
    headers: response.headers,
    text: () => response.text(),
    body: response.body === null ? null : readableStreamChunks(response.body),
  };
}
