import { jest } from '@jest/globals';
import { eventually } from '@rxkube/devkit';
import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { proxyKubeConfig } from '../testSupport/apiProxy.testing.js';
import { ApiProxy } from './apiProxy.js';
import { startApiProxyServer, type ApiProxyServer } from './apiProxyServer.js';
import { ResourceAllowlist } from './resourceAllowlist.js';

// An API server whose connection breaks in the middle of an answer (a reset, a crashed
// replica, a load balancer's idle cut), seen through the proxy and, behind it, an intermediary
// that relays bodies by piping them as a dev server's proxy does (Vite's `server.proxy`, on
// node-http-proxy): such an intermediary passes an answer's end on, but not a broken
// connection, so a client behind it waits for the rest forever unless the proxy ends the
// answer in a way it relays.

jest.setTimeout(30_000);

const event = (name: string) =>
  `${JSON.stringify({ type: 'ADDED', object: { kind: 'Pod', apiVersion: 'v1', metadata: { name, namespace: 'a', resourceVersion: '5' } } })}\n`;

/** The kubeconfig's token, for the variants whose relay removes it (a stage of its own). */
const token = 'break+Token/0123456789abcdef';

/**
 * An API server that sends the start of each answer, then destroys its connection; in the
 * namespace `junk`, a watch whose first event is not JSON, and that stays open.
 */
function breakingApiServer(): Server {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const watch = url.searchParams.has('watch');
    res.writeHead(200, { 'Content-Type': 'application/json' });
    if (url.pathname.includes('/namespaces/junk/')) {
      res.write(event('one'));
      res.write('this is not JSON\n');
      return;
    }
    if (watch) {
      res.write(event('one'));
      res.write(event('two').slice(0, 20)); // cut in the middle of an event
    } else {
      res.write('{"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"5"},"items":[');
    }
    // Once the client has what was written, the connection goes without the final chunk.
    setTimeout(() => res.socket?.destroy(), 50);
  });
}

/** An intermediary that pipes each answer's body on, as node-http-proxy does. */
function pipingIntermediary(target: string): Server {
  const { hostname, port } = new URL(target);
  return createServer((req, res) => {
    const outgoing = request(
      {
        hostname,
        port,
        path: req.url,
        // The proxy's own Host, as dev servers send with `changeOrigin`.
        headers: { ...req.headers, host: `${hostname}:${port}` },
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    outgoing.on('error', () => {}); // as a dev server logs it, and leaves its client be
    outgoing.end();
  });
}

/** How a client's answer ended: its body's end, or the connection broken under it. */
interface Outcome {
  readonly how: 'end' | 'aborted';
  readonly body: string;
}

function get(base: string, path: string): Promise<Outcome> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ how: 'end', body }));
      res.on('aborted', () => resolve({ how: 'aborted', body }));
      res.on('error', () => resolve({ how: 'aborted', body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

let api: Server;
let proxy: ApiProxy;
let proxyServer: ApiProxyServer;
let intermediary: Server;
let front: string;

/** The proxy as `rxkube proxy` runs it, with a token to remove, and as `/k8s/` (redacting). */
const variants: Array<[string, { token?: string; redact?: boolean }]> = [
  ['relaying as is', {}],
  ['removing the token', { token }],
  ['redacting and removing the token', { token, redact: true }],
];

describe.each(variants)('%s', (_variant, { token: sent, redact }) => {
  beforeEach(async () => {
    api = breakingApiServer();
    proxy = new ApiProxy({
      kubeConfig: proxyKubeConfig(await listen(api), sent),
      resources: new ResourceAllowlist(),
      redact,
    });
    proxyServer = await startApiProxyServer({ proxy, port: 0 });
    intermediary = pipingIntermediary(proxyServer.url);
    front = await listen(intermediary);
  });

  afterEach(async () => {
    await closeServer(intermediary);
    await proxyServer.close();
    await closeServer(api);
  });

  test('a watch whose API server connection breaks ends for a client behind a piping intermediary', async () => {
    const outcome = await get(front, '/api/v1/namespaces/a/pods?watch=true');
    // The events that came are there, the cut one as it came: a decoder sees a line that does
    // not parse, and the client watches again from the last version it saw.
    // (Redacting, the cut one is held by the redaction and dropped.)
    expect(outcome).toEqual({
      how: 'end',
      body: event('one') + (redact === true ? '' : event('two').slice(0, 20)),
    });
    await eventually(() => proxy.openRequests === 0, 'the request to the API server to end');
  });

  test('a watch the API server breaks ends for a client of the proxy itself, with every event', async () => {
    const outcome = await get(proxyServer.url, '/api/v1/namespaces/a/pods?watch=1');
    expect(outcome.how).toBe('end');
    expect(outcome.body.startsWith(event('one'))).toBe(true);
    // The legacy watch path is a watch too.
    expect((await get(proxyServer.url, '/api/v1/watch/namespaces/a/pods')).how).toBe('end');
  });

  test('a list the API server breaks is cut, not ended: a truncated list never looks complete', async () => {
    const outcome = await get(proxyServer.url, '/api/v1/namespaces/a/pods');
    expect(outcome.how).toBe('aborted');
    // `watch=false` is a list too, as kube-apiserver reads the parameter.
    expect((await get(proxyServer.url, '/api/v1/namespaces/a/pods?watch=false')).how).toBe(
      'aborted',
    );
  });

  // Only the redaction fails on what an API server sends; the token's removal cannot.
  (redact === true ? test : test.skip)(
    'a watch whose relay fails (an event it cannot redact) is cut, not ended',
    async () => {
      // Ended cleanly, the client would watch again from the same version and meet the same
      // event, forever, with no error shown.
      const outcome = await get(proxyServer.url, '/api/v1/namespaces/junk/pods?watch=1');
      expect(outcome).toEqual({ how: 'aborted', body: event('one') });
    },
  );
});
