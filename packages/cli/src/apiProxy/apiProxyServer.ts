import { createServer } from 'node:http';
import type { AccessToken } from '../dashboard/accessToken.js';
import { browsableHost } from '../dashboard/browsableHost.js';
import { HostPolicy } from '../dashboard/hostPolicy.js';
import { listenOn } from '../dashboard/listenOn.js';
import { RequestGuard, type GuardedServer } from '../dashboard/requestGuard.js';
import { requestUrl } from '../dashboard/requestUrl.js';
import type { ApiProxy } from './apiProxy.js';
import { failureStatus, writeStatus } from './kubeStatus.js';
import { setRelayHeaders } from './relayHeaders.js';

/** Options of {@link startApiProxyServer}. */
export interface ApiProxyServerOptions {
  /** The proxy to serve; closed with the server. */
  readonly proxy: ApiProxy;
  /** Address to bind. Default `127.0.0.1`: whoever connects reads the cluster as the kubeconfig's user. */
  readonly host?: string;
  /** Port; 0 picks a free one. */
  readonly port: number;
  /**
   * The token every request must present (`Authorization: Bearer`, as a kubeconfig user's
   * token sends it, or `?token=`); none on loopback.
   */
  readonly token?: AccessToken | undefined;
  /** More `Host` names to answer besides the bound address (`name` or `name:port`). */
  readonly allowedHosts?: readonly string[];
}

/** A running API proxy server. */
export interface ApiProxyServer {
  /** Its base URL, e.g. `http://127.0.0.1:8001/`; loopback for a wildcard bind. */
  readonly url: string;
  /** Bound to a wildcard address: reachable on every interface of the machine. */
  readonly everyInterface: boolean;
  /** Stops listening, aborts every request to the API server and closes every connection. */
  close(): Promise<void>;
}

/** How the proxy's refusals name it; every path is its API. */
const proxyServer: GuardedServer = {
  name: 'proxy',
  isApiPath: () => true,
  tokenHint:
    'send the token `rxkube proxy` printed when it started, as `Authorization: Bearer <token>` ' +
    "(a kubeconfig user's token)",
};

/**
 * Serves an {@link ApiProxy} at the root of its own origin, as `kubectl proxy` does
 * (`/api/v1/...`, `/apis/<group>/<version>/...`). Every request passes the dashboard's
 * {@link RequestGuard} first (Host against DNS rebinding, Origin, and the token off loopback);
 * its refusals are Kubernetes `Status` bodies too.
 *
 * @param options - proxy, address, access
 * @returns the running server
 * @throws CliError (exit code 7) when the address cannot be bound
 */
export async function startApiProxyServer(options: ApiProxyServerOptions): Promise<ApiProxyServer> {
  // Set once the port is known; no request comes in before.
  const access: { guard?: RequestGuard } = {};
  const server = createServer((request, response) => {
    // Refusals too: nothing this server answers is a page that runs.
    setRelayHeaders(response);
    const url = requestUrl(request);
    if (url === undefined) {
      writeStatus(response, failureStatus(400, 'malformed request target'));
      return;
    }
    const verdict = access.guard?.check(request, url);
    if (verdict === undefined || !verdict.allowed) {
      writeStatus(response, failureStatus(verdict?.status ?? 503, verdict?.message ?? 'starting'));
      return;
    }
    options.proxy.handle(request, response, url);
  });
  const host = options.host ?? '127.0.0.1';
  const listening = await listenOn(server, host, options.port);
  const { port } = listening.address;
  access.guard = new RequestGuard({
    hosts: new HostPolicy(host, port, options.allowedHosts),
    port,
    token: options.token,
    server: proxyServer,
  });
  const shown = browsableHost(host);
  return {
    url: `http://${shown.host}:${port}/`,
    everyInterface: shown.everyInterface,
    async close() {
      options.proxy.close();
      await listening.close();
    },
  };
}
