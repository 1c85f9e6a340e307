import { KubeConfig } from '@kubernetes/client-node';
import type { Connection } from '../contender.js';

/**
 * @param connection - the proxy's URL and the server's token
 * @returns a client-node `KubeConfig` pointing there, as both informer contenders load it
 */
export function kubeConfigFor(connection: Connection): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'bench', server: connection.url, skipTLSVerify: true }],
    users: [{ name: 'bench', token: connection.token }],
    contexts: [{ name: 'bench', cluster: 'bench', user: 'bench' }],
    currentContext: 'bench',
  });
  return kc;
}
