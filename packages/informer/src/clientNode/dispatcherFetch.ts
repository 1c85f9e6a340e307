import type { FetchResponseLike } from '../http/apiGet.js';

/** The options of undici's `Dispatcher.request` that a GET needs. */
export interface DispatcherRequestOptions {
  readonly origin: string;
  readonly path: string;
  readonly method: 'GET';
  readonly headers: Record<string, string>;
  readonly signal: AbortSignal;
  /** Close the connection after the answer instead of keeping it alive in the dispatcher. */
  readonly reset: boolean;
}

/** The part of an undici `Dispatcher` (an `Agent`, `ProxyAgent`, …) that sends a request. */
export interface DispatcherLike {
  request(options: DispatcherRequestOptions): Promise<{
    readonly statusCode: number;
    readonly headers: Record<string, string | string[] | undefined>;
    readonly body: AsyncIterable<Uint8Array> & { text(): Promise<string> };
  }>;
}

/**
 * Sends a GET through an undici dispatcher's own `request` method and answers in the shape of a
 * fetch `Response`.
 *
 * client-node 2.x hands out its TLS, proxy and SOCKS settings as a dispatcher of the undici
 * release it depends on. Node's global `fetch` bundles another undici major, which that
 * dispatcher refuses ("invalid onRequestStart method"); its `request` method needs no `fetch`
 * at all. The connection is closed after each answer (`reset`), because client-node builds a
 * new dispatcher per request and nobody would close one holding an idle keep-alive socket.
 *
 * @param dispatcher - the dispatcher of client-node's request context
 * @param url - the full request URL
 * @param headers - the request headers
 * @param signal - aborts the request, and the body while it is read
 * @returns the answer, body unread
 */
export async function dispatcherFetch(
  dispatcher: DispatcherLike,
  url: URL,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<FetchResponseLike> {
  const answer = await dispatcher.request({
    origin: url.origin,
    path: url.pathname + url.search,
    method: 'GET',
    headers,
    signal,
    reset: true,
  });
  return {
    status: answer.statusCode,
    headers: {
      get(name: string): string | null {
        const value = answer.headers[name.toLowerCase()];
        if (value === undefined) return null;
        return Array.isArray(value) ? value.join(', ') : value;
      },
    },
    text: () => answer.body.text(),
    body: answer.body,
  };
}
