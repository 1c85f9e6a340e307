import {
  ApiProxy,
  HostPolicy,
  RequestGuard,
  ResourceAllowlist,
  listenOn,
  requestUrl,
  type GuardedServer,
} from '@rxkube/cli/apiProxy';
import { FakeApiServer } from '@rxkube/testing';
import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { appDirectory, bundleApp } from './appBundle.js';
import { ExampleWorkloads } from './exampleWorkloads.js';

/** Options of {@link startExampleServer}. */
export interface ExampleServerOptions {
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  readonly port?: number;
  /** Seed of the simulated cluster. Default 1. */
  readonly seed?: number;
  /**
   * Pod operations per second on a timer; 0 (default) for none, the cluster changing only
   * through {@link ExampleServer.workloads}' `step`.
   */
  readonly churnPerSecond?: number;
  /**
   * Every so many ms, cut every watch and compact the server's history, so that the page's
   * informers get a 410 Gone and list again; 0 (default) for never.
   */
  readonly compactEveryMs?: number;
}

/** The running example: the page, the API proxy and the cluster behind it. */
export interface ExampleServer {
  /** The page's URL, e.g. `http://127.0.0.1:7430/`. */
  readonly url: string;
  /** The simulated cluster's API server. */
  readonly api: FakeApiServer;
  /** Its workloads, whose pods change with `step` or on the timer. */
  readonly workloads: ExampleWorkloads;
  /** Stops the timers, every connection, the proxy and the API server. */
  close(): Promise<void>;
}

// JIT compilation builds each component's template factory with `new Function` ('unsafe-eval');
// Angular adds component styles as <style> elements. Nothing else runs or loads.
const contentSecurityPolicy =
  "default-src 'self'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * How the dashboard's {@link RequestGuard} sees the example: its API is `/k8s/`, and its bundle
 * is no page of its own, so another site may embed neither (`Origin`, `Sec-Fetch-Site`).
 */
const exampleServer: GuardedServer = {
  name: 'example server',
  isApiPath: (pathname) => pathname.startsWith('/k8s/') || pathname === '/app.js',
  tokenHint: 'it serves 127.0.0.1 only and needs no token',
};

/**
 * Starts the example on one origin of 127.0.0.1: the page at `/` and its bundle at `/app.js`,
 * and the simulated cluster's API under `/k8s/` through `rxkube proxy`'s read-only
 * {@link ApiProxy} (GET only, the default resource allowlist, the API server's token applied
 * by the proxy and never sent to the page). Every request passes the dashboard's
 * {@link RequestGuard} first: a `Host` that is not this server's (DNS rebinding), and on `/k8s/`
 * and the bundle an `Origin` of another page or a browser's `Sec-Fetch-Site` of another site,
 * are refused with 403, as the dashboard and `rxkube proxy` refuse them.
 *
 * @param options - port, seed, churn, compaction
 * @returns the running example
 */
export async function startExampleServer(
  options: ExampleServerOptions = {},
): Promise<ExampleServer> {
  const script = await bundleApp();
  const page = readFileSync(`${appDirectory}index.html`);
  const api = await FakeApiServer.start({ bookmarkIntervalMs: 5_000, seed: options.seed ?? 1 });
  const workloads = new ExampleWorkloads(api, {
    seed: options.seed ?? 1,
    ratePerSecond: options.churnPerSecond || 1,
  });
  workloads.populate();
  const proxy = new ApiProxy({ kubeConfig: api.kubeConfig(), resources: new ResourceAllowlist() });

  // Set once the port is known; no request comes in before.
  const access: { guard?: RequestGuard } = {};
  const server = createServer((request, response) => {
    const url = requestUrl(request);
    if (url === undefined) {
      response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('malformed request target\n');
      return;
    }
    const verdict = access.guard?.check(request, url);
    if (verdict === undefined || !verdict.allowed) {
      response.writeHead(verdict?.status ?? 503, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(`${verdict?.message ?? 'starting'}\n`);
      return;
    }
    const apiPath = /^\/k8s(\/.*)$/.exec(url.pathname)?.[1];
    if (apiPath !== undefined) {
      url.pathname = apiPath;
      proxy.handle(request, response, url);
    } else if (request.method !== 'GET') {
      response.writeHead(405, { Allow: 'GET' }).end();
    } else if (url.pathname === '/' || url.pathname === '/index.html') {
      serve(response, 'text/html; charset=utf-8', page);
    } else if (url.pathname === '/app.js') {
      serve(response, 'text/javascript; charset=utf-8', script);
    } else {
      response.writeHead(404).end();
    }
  });
  let listening: Awaited<ReturnType<typeof listenOn>>;
  try {
    listening = await listenOn(server, '127.0.0.1', options.port ?? 0);
  } catch (err) {
    await api.stop();
    throw err;
  }
  const { port } = listening.address;
  access.guard = new RequestGuard({
    hosts: new HostPolicy('127.0.0.1', port),
    port,
    server: exampleServer,
  });

  if ((options.churnPerSecond ?? 0) > 0) workloads.start();
  const compaction =
    (options.compactEveryMs ?? 0) > 0
      ? setInterval(() => {
          api.closeWatches();
          api.compact();
        }, options.compactEveryMs)
      : undefined;

  return {
    url: `http://127.0.0.1:${port}/`,
    api,
    workloads,
    async close() {
      clearInterval(compaction);
      workloads.stop();
      proxy.close();
      await listening.close();
      await api.stop();
    },
  };
}

function serve(response: ServerResponse, contentType: string, body: string | Buffer): void {
  response.writeHead(200, {
    'Content-Type': contentType,
    'Content-Security-Policy': contentSecurityPolicy,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  });
  response.end(body);
}
