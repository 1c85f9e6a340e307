import { createServer, get, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ListReplayCache, ReplayProxy } from './replayProxy.js';

// An upstream that opens a streamed response per request and lets the test write to it.
let upstream: Server;
let streams: ServerResponse[];
let cache: ListReplayCache;
let proxy: ReplayProxy;
let proxyUrl: string;
beforeEach(async () => {
  streams = [];
  upstream = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.flushHeaders();
    streams.push(res);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  cache = new ListReplayCache(
    new URL(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`),
    'token',
  );
  proxy = new ReplayProxy(cache);
  proxyUrl = await proxy.start();
});
afterEach(async () => {
  await proxy.stop();
  cache.close();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

/** A watch through the proxy: every chunk received, and whether the response ended. */
async function watch(): Promise<{ chunks: Buffer[]; ended: () => boolean }> {
  const chunks: Buffer[] = [];
  let ended = false;
  await new Promise<void>((resolve, reject) => {
    get(`${proxyUrl}/api/v1/pods?watch=true`, (res) => {
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => (ended = true));
      resolve();
    }).on('error', reject);
  });
  while (streams.length === 0) await turn();
  return { chunks, ended: () => ended };
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await turn();
}
const text = (chunks: readonly Buffer[]): string => Buffer.concat(chunks).toString();

/** Lines of different lengths, `count` of them from `first` on, ~4 KB each like pod events. */
function lines(first: number, count: number): string[] {
  return Array.from(
    { length: count },
    (_, i) => `{"n":${first + i},"pad":"${'x'.repeat(3_000 + ((first + i) % 1_500))}"}\n`,
  );
}

test('held data reaches the client only on release, whole and in order, and what the server sends meanwhile follows it', async () => {
  const client = await watch();
  const upstreamRes = streams[0] as ServerResponse;
  const before = lines(0, 10);
  for (const line of before) upstreamRes.write(line);
  await until(() => text(client.chunks).length === before.join('').length);

  proxy.hold();
  // More than one batch of held data is read back (8 MB at a time).
  const held = lines(10, 4_000);
  for (const line of held) upstreamRes.write(line);
  await until(() => proxy.heldComplete('"n":4009,'));
  const heldLength = Buffer.byteLength(held.join(''));
  expect(proxy.heldBytes).toBe(heldLength);
  // Nothing reached the client while held.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(text(client.chunks)).toBe(before.join(''));

  proxy.release();
  // Sent while the held data is still on its way: it must come after it.
  const after = lines(4_010, 5);
  for (const line of after) upstreamRes.write(line);
  upstreamRes.end();
  await until(client.ended);
  expect(text(client.chunks)).toBe([...before, ...held, ...after].join(''));
  expect(proxy.heldBytes).toBe(0);
});

test('a response the server ends while held counts as complete, and ends for the client on release', async () => {
  const client = await watch();
  proxy.hold();
  const upstreamRes = streams[0] as ServerResponse;
  upstreamRes.end('{"type":"BOOKMARK"}\n');
  await until(() => proxy.heldComplete('a marker that never comes'));
  expect(client.ended()).toBe(false);
  proxy.release();
  await until(client.ended);
  expect(text(client.chunks)).toBe('{"type":"BOOKMARK"}\n');
});
