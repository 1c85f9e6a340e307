import { eventually } from '@rxkube/devkit';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { proxyKubeConfig } from '../testSupport/apiProxy.testing.js';
import { ApiProxy } from './apiProxy.js';
import { startApiProxyServer, type ApiProxyServer } from './apiProxyServer.js';
import { ResourceAllowlist } from './resourceAllowlist.js';

// What the redacting proxy holds for a request: the value its redaction waits to complete counts
// in the load it reports, and is bounded.

const mib = 1024 * 1024;

/** A watch whose first event is `size` bytes of a string that has not ended yet. */
function unfinishedEventServer(): Server {
  return createServer((req, res) => {
    const size = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('size'));
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.write(`{"type":"ADDED","object":{"kind":"Pod","metadata":{"name":"p"},"note":"`);
    res.write('a'.repeat(size));
  });
}

let api: Server;
let server: ApiProxyServer;
let proxy: ApiProxy;
const clients: Array<{ destroy(): void }> = [];

beforeEach(async () => {
  api = unfinishedEventServer();
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const { port } = api.address() as AddressInfo;
  proxy = new ApiProxy({
    kubeConfig: proxyKubeConfig(`http://127.0.0.1:${port}`, 'held+Token/0123456789'),
    resources: new ResourceAllowlist(),
    redact: true,
  });
  server = await startApiProxyServer({ proxy, port: 0 });
});

afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  await server.close();
  api.closeAllConnections();
  await new Promise((resolve) => api.close(resolve));
});

/** Opens a watch, resolving how it ended: `aborted` (cut) or `open` while it stays open. */
function watch(size: number): { readonly ended: () => 'open' | 'aborted' | 'end' } {
  const { hostname, port } = new URL(server.url);
  let ended: 'open' | 'aborted' | 'end' = 'open';
  const req = request(
    { hostname, port, path: `/api/v1/pods?watch=1&size=${size}`, agent: false },
    (res: IncomingMessage) => {
      res.resume();
      res.on('end', () => (ended = ended === 'open' ? 'end' : ended));
      res.on('aborted', () => (ended = 'aborted'));
      res.on('error', () => (ended = 'aborted'));
    },
  );
  req.on('error', () => (ended = 'aborted'));
  req.end();
  clients.push(req);
  return { ended: () => ended };
}

test('the value the redaction holds counts in the load the proxy reports', async () => {
  const opened = watch(mib);
  await eventually(
    () => proxy.loads().some((load) => load.upstreamBufferedBytes >= mib),
    'the held event to be counted',
  );
  expect(opened.ended()).toBe('open');
});

test('a value over 4 MiB cuts the connection instead of being held', async () => {
  const opened = watch(5 * mib);
  await eventually(() => opened.ended() !== 'open', 'the watch to be cut');
  expect(opened.ended()).toBe('aborted');
});
