import type { KubeConfig } from '@kubernetes/client-node';
import { ApiError, ConnectionError, type ApiVerb, type ErrorContext } from '../errors.js';
import { asStatus } from '../status.js';
import { prepareGet, type SendGet } from './httpStack.js';

/** The part of a fetch `Response` the lister-watcher reads. */
export interface FetchResponseLike {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
  readonly body: AsyncIterable<Uint8Array | string> | null;
}

/**
 * A fetch function used instead of the HTTP stack of the KubeConfig's client-node. With
 * client-node 1.x it gets the options `KubeConfig.applyToFetchOptions` produces (an `agent`
 * carrying TLS and proxy settings, auth headers; the default is `node-fetch`, the one that
 * understands `agent`); with client-node 2.x it gets `headers` and an undici `dispatcher`
 * (give undici's own `fetch`: Node's global one refuses a dispatcher of another undici major).
 * Both come with `method` and an abort `signal`.
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
  let url: URL;
  let send: SendGet;
  try {
    const cluster = kubeConfig.getCurrentCluster();
    if (cluster === null) throw new Error('the KubeConfig has no current cluster');
    url = new URL(cluster.server.replace(/\/+$/, '') + request.path);
    for (const [key, value] of request.query) url.searchParams.set(key, value);
    send = await prepareGet(kubeConfig, request.fetch);
  } catch (err) {
    throw new ConnectionError(verb, context, err);
  }

  let response: FetchResponseLike;
  try {
    response = await send(url, signal);
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
