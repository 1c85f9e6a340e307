import { jest } from '@jest/globals';
import { eventually } from '@rxkube/devkit';
import { loadPods } from '@rxkube/testing';
import { request } from 'node:http';
import type { Socket } from 'node:net';
import { startProxyUnderTest, type ProxyUnderTest } from '../testSupport/apiProxy.testing.js';
import { nonReadingClient } from '../testSupport/http.testing.js';

// A client that stops reading a watch (a suspended laptop, a stalled tab) must cost the proxy
// a bounded buffer: reading from the API server pauses instead, while a client that reads
// keeps getting every event.

jest.setTimeout(120_000);

const pods = 200; // ~3.5 KB events: a round of changes is ~700 KB
const maxRounds = 60; // far more than the kernel's socket buffers take
const maxBufferedBytes = 64 * 1024;
/** The answer's socket buffer and the stages' buffers, 64 KiB each at most. */
const maxHeldBytes = 5 * 64 * 1024;

let running: ProxyUnderTest | undefined;
const sockets: Array<{ destroy(): void }> = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await running?.stop();
  running = undefined;
});

/** A watch read as fast as it comes, counting its events (one JSON object per line). */
function readingWatch(base: string, path: string): { readonly events: () => number } {
  const { hostname, port } = new URL(base);
  let lines = 0;
  const client = request({ hostname, port, path, agent: false }, (res) => {
    res.on('data', (chunk: Buffer) => {
      for (const byte of chunk) if (byte === 0x0a) lines += 1;
    });
  });
  client.on('error', () => {});
  client.end();
  sockets.push(client);
  return { events: () => lines };
}

test('a client that never reads pauses the upstream watch at the bound; a reader gets every event', () =>
  pausesAtTheBound(false));

test("the same when the proxy redacts every event (the dashboard's /k8s/)", () =>
  pausesAtTheBound(true));

async function pausesAtTheBound(redact: boolean): Promise<void> {
  running = await startProxyUnderTest({ proxy: { maxBufferedBytes, redact } });
  const { api, proxy, server } = running;
  loadPods(api, { count: pods, namespaces: ['load'] });
  const names = api.list('v1', 'Pod').map((pod) => pod.metadata.name!);
  const watchPath = `/api/v1/namespaces/load/pods?watch=true&resourceVersion=${api.resourceVersion}`;
  const slow: Socket = nonReadingClient(server.url, watchPath, 'application/json');
  sockets.push(slow);
  const fast = readingWatch(server.url, watchPath);
  await eventually(() => api.openWatches === 2 && proxy.loads().length === 2, 'both watches');

  let rounds = 0;
  const changeEveryPod = async () => {
    rounds += 1;
    for (const name of names) {
      api.patch({ apiVersion: 'v1', kind: 'Pod', namespace: 'load', name }, (pod) => {
        (pod['metadata'] as { labels: Record<string, string> }).labels['round'] = String(rounds);
      });
    }
    // The reader has this round before the next one is made: it is never held back.
    await eventually(() => fast.events() === rounds * pods, `round ${rounds} to the reader`);
  };
  // Until the kernel's buffers are full and the slow client's relay pauses…
  while (!proxy.loads().some((load) => load.paused) && rounds < maxRounds) await changeEveryPod();
  // …and well past it: ~3.5 MB more that the slow client's relay must not take in.
  for (let more = 0; more < 5; more += 1) await changeEveryPod();

  const loads = proxy.loads();
  // The client that never reads: its relay paused reading from the API server.
  expect(loads.filter((load) => load.paused)).toHaveLength(1);
  expect(Math.max(...loads.map((load) => load.pauses))).toBeGreaterThan(0);
  for (const load of loads) {
    // Never more than the bound plus the chunk that crossed it, for any client.
    expect(load.peakBufferedBytes).toBeLessThanOrEqual(maxBufferedBytes + load.largestChunkBytes);
    // What was read from the API server and not relayed: the answer's buffer and each stage's
    // (credential removal; redaction, with the event it holds until it completes), a chunk or
    // so each, never the rounds the client did not take.
    expect(load.upstreamBufferedBytes).toBeLessThanOrEqual(maxHeldBytes);
  }
  // The bound was reached: what held the rest is the API server's side, not the proxy.
  expect(rounds * pods * 3000).toBeGreaterThan(10 * maxBufferedBytes);

  // When the client leaves, its watch on the API server ends, and what was held goes.
  slow.destroy();
  await eventually(() => api.openWatches === 1, "the slow client's upstream watch to end");
  expect(proxy.loads()).toHaveLength(1);
}
