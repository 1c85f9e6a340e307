import { jest } from '@jest/globals';
import { eventually } from '@rxkube/devkit';
import type { Socket } from 'node:net';
import type { SseBacklog, SseStreamOptions } from './sseStream.js';
import { createPod } from '../testSupport/pods.testing.js';
import {
  startDashboardUnderTest,
  type DashboardUnderTest,
} from '../testSupport/dashboard.testing.js';
import {
  nonReadingClient as openNonReadingClient,
  SseReader,
  type SseEvent,
} from '../testSupport/http.testing.js';

// Browsers that never read must cost the server bounded memory, and must not hold back a
// browser that reads: the slow ones' changes are coalesced per key while their sockets are
// full, and the fast one gets every change, in order, as it happens.

jest.setTimeout(120_000);

const pods = 200;
const rounds = 60; // 12,000 changes of ~450 bytes: far more than the kernel's socket buffers
const maxBufferedBytes = 64 * 1024;
const slowClients = 3;

let running: DashboardUnderTest | undefined;
const sockets: Socket[] = [];
const readers: SseReader[] = [];

async function start(stream: SseStreamOptions): Promise<DashboardUnderTest> {
  running = await startDashboardUnderTest({
    server: { stream },
    populate: (api) => {
      for (let i = 0; i < pods; i += 1) createPod(api, 'load', `web-${i}`);
    },
  });
  return running;
}

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const reader of readers.splice(0)) reader.close();
  await running?.stop();
  running = undefined;
});

/** Changes every pod once (a new restart count), as many changes as pods. */
function changeEveryPod(api: DashboardUnderTest['api'], round: number): void {
  for (let i = 0; i < pods; i += 1) {
    api.patch({ apiVersion: 'v1', kind: 'Pod', namespace: 'load', name: `web-${i}` }, (pod) => {
      const status = pod['status'] as { containerStatuses: Array<{ restartCount: number }> };
      status.containerStatuses[0]!.restartCount = round;
    });
  }
}

/** A client that asks for the feed and never reads, closed after the test. */
function nonReadingClient(url: string): Socket {
  const socket = openNonReadingClient(url, '/api/feeds/pods');
  sockets.push(socket);
  return socket;
}

const changesIn = (events: readonly SseEvent[]) => events.filter((e) => e.event === 'change');

test('clients that never read cost bounded memory and do not hold back one that reads', async () => {
  const { api, dashboard } = await start({ maxBufferedBytes });
  for (let i = 0; i < slowClients; i += 1) nonReadingClient(dashboard.url);
  const fast = await SseReader.open(dashboard.url, '/api/feeds/pods');
  readers.push(fast);
  await eventually(() => dashboard.openStreams === slowClients + 1);
  await fast.waitFor((events) => events.some((e) => e.event === 'snapshot'), 'the snapshot');

  const worst = { bufferedBytes: 0, pendingMessages: 0 };
  const sample = (loads: SseBacklog[]) => {
    for (const load of loads) {
      worst.bufferedBytes = Math.max(worst.bufferedBytes, load.bufferedBytes);
      worst.pendingMessages = Math.max(worst.pendingMessages, load.pendingMessages);
    }
  };
  for (let round = 1; round <= rounds; round += 1) {
    changeEveryPod(api, round);
    // The reading client has this round before the next one is made: it is never behind.
    await fast.waitFor((events) => changesIn(events).length === round * pods, `round ${round}`);
    sample(dashboard.backlogs());
  }

  // The fast client got every change, ids consecutive from the snapshot's: none coalesced.
  const first = Number(fast.events[0]!.id!.split('-')[1]);
  const ids = changesIn(fast.events).map((e) => Number(e.id!.split('-')[1]));
  expect(ids).toEqual(Array.from({ length: rounds * pods }, (_, i) => first + i + 1));
  // Each slow client: at most the bound buffered (plus one message), one entry per pod held.
  expect(worst.bufferedBytes).toBeLessThanOrEqual(maxBufferedBytes + 4096);
  expect(worst.pendingMessages).toBeLessThanOrEqual(pods + 1);
  // The bound was reached, so the above is the backlog's doing, not an idle socket's.
  expect(worst.pendingMessages).toBeGreaterThan(0);
  expect(dashboard.stats.overflowed).toBe(0);

  // When the slow clients leave, their streams (and what they held) go.
  for (const socket of sockets.splice(0)) socket.destroy();
  await eventually(() => dashboard.openStreams === 1);
  expect(dashboard.backlogs().map((load) => load.pendingMessages)).toEqual([0]);
});

test('a client whose backlog passes its bound is disconnected, and resumes from its last event id', async () => {
  const { api, dashboard } = await start({ maxBufferedBytes, maxBacklog: pods / 2 });
  nonReadingClient(dashboard.url);
  const fast = await SseReader.open(dashboard.url, '/api/feeds/pods');
  readers.push(fast);
  await eventually(() => dashboard.openStreams === 2);
  // Until the slow client's socket is full and its backlog passes half the pods.
  for (let round = 1; dashboard.stats.overflowed === 0 && round <= 200; round += 1) {
    changeEveryPod(api, round);
    await fast.waitFor((events) => changesIn(events).length === round * pods, `round ${round}`);
  }
  expect(dashboard.stats).toEqual({ snapshots: 2, resumed: 0, overflowed: 1, refused: 0 });
  // The server hung up on it: what it held is released.
  await eventually(() => dashboard.openStreams === 1);

  // A browser that reconnects with the last id it applied gets what it missed.
  const lastId = fast.events.at(-1)!.id!;
  const resumed = await SseReader.open(dashboard.url, '/api/feeds/pods', {
    'Last-Event-ID': lastId,
  });
  readers.push(resumed);
  changeEveryPod(api, 1000);
  await resumed.waitFor((events) => changesIn(events).length === pods, 'the new changes');
  expect(dashboard.stats.resumed).toBe(1);
});
