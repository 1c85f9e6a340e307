import { KubeConfig } from '@kubernetes/client-node';
import { FakeApiServer, type FakeApiServerOptions } from '@rxkube/testing';
import { ApiProxy, type ApiProxyOptions } from '../apiProxy/apiProxy.js';
import {
  startApiProxyServer,
  type ApiProxyServer,
  type ApiProxyServerOptions,
} from '../apiProxy/apiProxyServer.js';
import { ResourceAllowlist } from '../apiProxy/resourceAllowlist.js';

/** A fake API server behind `rxkube proxy`'s server, as the command runs them. */
export interface ProxyUnderTest {
  readonly api: FakeApiServer;
  readonly proxy: ApiProxy;
  readonly server: ApiProxyServer;
  /** Stops the proxy server, then the API server. */
  stop(): Promise<void>;
}

/** Options of {@link startProxyUnderTest}: what differs from the defaults. */
export interface ProxyUnderTestOptions {
  readonly api?: FakeApiServerOptions;
  readonly proxy?: Partial<ApiProxyOptions>;
  readonly server?: Partial<ApiProxyServerOptions>;
}

/**
 * Starts a fake API server and the proxy in front of it on a free port of 127.0.0.1, with the
 * default allowlist.
 *
 * @param options - what differs from the defaults
 * @returns the running parts
 */
export async function startProxyUnderTest(
  options: ProxyUnderTestOptions = {},
): Promise<ProxyUnderTest> {
  const api = await FakeApiServer.start({ bookmarkIntervalMs: 1000, ...options.api });
  const proxy = new ApiProxy({
    kubeConfig: api.kubeConfig(),
    resources: new ResourceAllowlist(),
    ...options.proxy,
  });
  try {
    const server = await startApiProxyServer({ proxy, port: 0, ...options.server });
    return {
      api,
      proxy,
      server,
      async stop() {
        await server.close();
        await api.stop();
      },
    };
  } catch (err) {
    await api.stop();
    throw err;
  }
}

/**
 * A client-node KubeConfig whose cluster is a proxy: no credential of the API server's, only
 * the proxy's token when it asks for one.
 *
 * @param server - the proxy's base URL (a path such as the dashboard's `/k8s` included)
 * @param token - the proxy's access token, if it needs one
 * @returns the KubeConfig, its context current
 */
export function proxyKubeConfig(server: string, token?: string): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    // client-node refuses plain http unless told not to verify TLS (there is no TLS to verify).
    clusters: [{ name: 'proxy', server: server.replace(/\/+$/, ''), skipTLSVerify: true }],
    users: [token === undefined ? { name: 'proxy' } : { name: 'proxy', token }],
    contexts: [{ name: 'proxy', cluster: 'proxy', user: 'proxy' }],
    currentContext: 'proxy',
  });
  return kc;
}
