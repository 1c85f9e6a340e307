import type { KubeConfig } from '@kubernetes/client-node';
import nodeFetch from 'node-fetch';
import { ApiError, ConnectionError, type ApiVerb, type ErrorContext } from '../errors.js';
import { asStatus } from '../status.js';

/** The part of a fetch `Response` the lister-watcher reads. */
export interface FetchResponseLike {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
  readonly body: AsyncIterable<Uint8Array | string> | null;
}

/**
 * The HTTP stack matching what `applyToFetchOptions` produced: client-node 1.x hands out an
 * `agent` for `node-fetch`; a `dispatcher` (undici, as Node's own `fetch` takes it) goes to the
 * global `fetch`.
 */
function defaultFetch(init: Record<string, unknown>): FetchLike {
  if (init['dispatcher'] !== undefined && typeof globalThis.fetch === 'function') {
    return globalThis.fetch as unknown as FetchLike;
  }
  return nodeFetch as unknown as FetchLike;
}

/**
 * A fetch function accepting the options `KubeConfig.applyToFetchOptions` produces (an `agent`
 * carrying TLS and proxy settings, auth headers) plus an abort `signal`. Defaults to
 * `node-fetch`, the HTTP stack client-node itself uses and the one that understands `agent`.
 */
export type FetchLike = (url: string, init: Record<string, unknown>) => Promise<FetchResponseLike>;

/** Everything one request needs. */
export interface KubeRequest {
  readonly kubeConfig: KubeConfig;
  readonly fetch: FetchLike | undefined;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly signal: AbortSignal;
  readonly verb: ApiVerb;
  readonly context: ErrorContext;
}

/**
 * Sends a GET with the KubeConfig's authentication, TLS and proxy settings and returns the
 * response if it is a 200.
 *
 * @param request - target, abort signal and error context
 * @returns the 200 response, body unread
 * @throws {@link ApiError} for any other status (with the server's Status and `Retry-After`);
 *   {@link ConnectionError} when the request could not be sent; the abort error when aborted
 */
export async function kubeRequest(request: KubeRequest): Promise<FetchResponseLike> {
  const { kubeConfig, verb, context, signal } = request;
  let url: string;
  let init: Record<string, unknown>;
  try {
    const cluster = kubeConfig.getCurrentCluster();
    if (cluster === null) throw new Error('the KubeConfig has no current cluster');
    const target = new URL(cluster.server.replace(/\/+$/, '') + request.path);
    for (const [key, value] of request.query) target.searchParams.set(key, value);
    url = target.toString();
    // Per request rather than cached: token files and exec plugins may rotate credentials.
    const options = (await kubeConfig.applyToFetchOptions({})) as Record<string, unknown>;
    const headers = options['headers'] as { set(name: string, value: string): void } | undefined;
    headers?.set('Accept', 'application/json');
    init = { ...options, method: 'GET', signal };
  } catch (err) {
    throw new ConnectionError(verb, context, err);
  }

  let response: FetchResponseLike;
  try {
    const send = request.fetch ?? defaultFetch(init);
    response = await send(url, init);
  } catch (err) {
    if (signal.aborted) throw err;
    throw new ConnectionError(verb, context, err);
  }
  if (response.status === 200) return response;

  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  throw new ApiError(
    {
      code: response.status,
      status: asStatus(body) ?? { message: text.slice(0, 200) || `HTTP ${response.status}` },
      retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
      verb,
      source: 'response',
    },
    context,
  );
}

function parseRetryAfter(header: string | null): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}
