import type { KubeConfig } from '@kubernetes/client-node';
import type { FetchResponseLike, SendApiGet } from '../http/apiGet.js';
import { prepareGet } from './httpStack.js';

/**
 * A fetch function used instead of the HTTP stack of the KubeConfig's client-node. With
 * client-node 1.x it gets the options `KubeConfig.applyToFetchOptions` produces (an `agent`
 * carrying TLS and proxy settings, auth headers; the default is `node-fetch`, the one that
 * understands `agent`); with client-node 2.x it gets `headers` and an undici `dispatcher`
 * (give undici's own `fetch`: Node's global one refuses a dispatcher of another undici major).
 * Both come with `method` and an abort `signal`.
 */
export type FetchLike = (url: string, init: Record<string, unknown>) => Promise<FetchResponseLike>;

/**
 * The transport of the client-node lister-watcher: each GET goes to the KubeConfig's current
 * cluster with its authentication, TLS and proxy settings, read afresh per request (token files
 * and exec plugins may rotate credentials).
 *
 * @param kubeConfig - a loaded KubeConfig of client-node 1.x or 2.x
 * @param fetch - a fetch to use instead of client-node's HTTP stack
 * @returns the function that sends a GET
 * @internal
 */
export function kubeConfigGet(kubeConfig: KubeConfig, fetch: FetchLike | undefined): SendApiGet {
  return async (path, query, signal, accept) => {
    const cluster = kubeConfig.getCurrentCluster();
    if (cluster === null) throw new Error('the KubeConfig has no current cluster');
    const url = new URL(cluster.server.replace(/\/+$/, '') + path);
    for (const [key, value] of query) url.searchParams.set(key, value);
    const send = await prepareGet(kubeConfig, fetch, accept);
    return send(url, signal);
  };
}
