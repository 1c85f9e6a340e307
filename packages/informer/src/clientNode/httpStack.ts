import type { KubeConfig } from '@kubernetes/client-node';
import nodeFetch from 'node-fetch';
import { tapCutAnswers } from './cutAnswers.js';
import { dispatcherFetch, type DispatcherLike } from './dispatcherFetch.js';
import type { FetchResponseLike } from '../http/apiGet.js';
import type { FetchLike } from './kubeRequest.js';

/** Sends one GET with a KubeConfig's credentials and connection settings; the body is unread. */
export type SendGet = (url: URL, signal: AbortSignal) => Promise<FetchResponseLike>;

/** The KubeConfig methods of either client-node major that carry credentials and TLS. */
interface ClientNodeConfig {
  /** client-node 1.x: node-fetch options with an `agent` (TLS, proxy) and auth headers. */
  applyToFetchOptions?(options: object): Promise<Record<string, unknown>>;
  /** client-node 2.x (1.x has it too, for its generated API): fills a request context. */
  applySecurityAuthentication?(context: RequestSettings): Promise<void>;
}

/**
 * What client-node 2.x's `applySecurityAuthentication` writes into its `RequestContext`: the
 * auth headers and an undici dispatcher carrying TLS, proxy and SOCKS settings (none when the
 * connection needs no special settings).
 */
class RequestSettings {
  readonly headers: Record<string, string>;
  dispatcher: DispatcherLike | undefined;

  /** @param accept - the `Accept` header */
  constructor(accept: string) {
    this.headers = { Accept: accept };
  }

  setHeaderParam(name: string, value: string): void {
    this.headers[name] = value;
  }

  setDispatcher(dispatcher: DispatcherLike): void {
    this.dispatcher = dispatcher;
  }
}

/**
 * Prepares one request the way the KubeConfig's client-node major sends its own: client-node
 * 1.x through `node-fetch` with the `agent` from `applyToFetchOptions`; client-node 2.x, which
 * has no `applyToFetchOptions`, through the undici dispatcher its `applySecurityAuthentication`
 * builds (or Node's `fetch` when it builds none). Called per request rather than cached, since
 * token files and exec plugins may rotate credentials.
 *
 * @param kubeConfig - a loaded KubeConfig of client-node 1.x or 2.x
 * @param fetch - a fetch to use instead; it gets 1.x's fetch options, or 2.x's `headers` and
 *   `dispatcher` (an undici dispatcher: give undici's own `fetch`, not Node's)
 * @param accept - the `Accept` header
 * @returns the function that sends the GET
 * @throws TypeError when the KubeConfig has neither method; whatever credential plugins throw
 */
export async function prepareGet(
  kubeConfig: KubeConfig,
  fetch: FetchLike | undefined,
  accept = 'application/json',
): Promise<SendGet> {
  const config = kubeConfig as unknown as ClientNodeConfig;
  if (typeof config.applyToFetchOptions === 'function') {
    const options = await config.applyToFetchOptions({});
    const headers = options['headers'] as { set(name: string, value: string): void } | undefined;
    // Without credentials in headers there may be no Headers object to set Accept on.
    if (typeof headers?.set === 'function') headers.set('Accept', accept);
    else options['headers'] = { ...(headers as object | undefined), Accept: accept };
    if (fetch !== undefined) {
      return (url, signal) => fetch(url.toString(), { ...options, method: 'GET', signal });
    }
    return async (url, signal) => {
      const cut = tapCutAnswers(options['agent'], () => signal.aborted);
      const send = nodeFetch as unknown as FetchLike;
      const response = await send(url.toString(), { ...options, method: 'GET', signal });
      cut.endWhenCut(response.body);
      return response;
    };
  }
  if (typeof config.applySecurityAuthentication === 'function') {
    const settings = new RequestSettings(accept);
    await config.applySecurityAuthentication(settings);
    const { headers, dispatcher } = settings;
    if (fetch !== undefined) {
      return (url, signal) => fetch(url.toString(), { method: 'GET', headers, signal, dispatcher });
    }
    if (dispatcher !== undefined) {
      return (url, signal) => dispatcherFetch(dispatcher, url, headers, signal);
    }
    return (url, signal) =>
      globalThis.fetch(url, { headers, signal }) as unknown as Promise<FetchResponseLike>;
  }
  throw new TypeError(
    'the KubeConfig has neither applyToFetchOptions (client-node 1.x) nor applySecurityAuthentication (client-node 2.x)',
  );
}
