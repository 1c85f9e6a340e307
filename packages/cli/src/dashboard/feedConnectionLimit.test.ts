import { jest } from '@jest/globals';
import type { Socket } from 'node:net';
import { minimumPieceBytes } from './sseStream.js';
import { createPod } from '../testSupport/pods.testing.js';
import {
  startDashboardUnderTest,
  type DashboardUnderTest,
} from '../testSupport/dashboard.testing.js';
import { eventually } from '@rxkube/devkit';
import { nonReadingClient, SseReader } from '../testSupport/http.testing.js';

// However many clients connect and never read, the server's memory stays bounded: at most
// `maxFeedConnections` feed connections (more get 503 and retry later), each holding at most
// its buffer bound even while its snapshot is far larger (the snapshot goes out in pieces as
// the socket drains), and a client that reads keeps getting every change.

jest.setTimeout(120_000);

// Long names make a snapshot of ~750 KB, many times a connection's buffer bound.
const pods = 1_500;
const name = (i: number) => `${'x'.repeat(200)}-${i}`;
const maxBufferedBytes = 64 * 1024;
const maxFeedConnections = 4;

let running: DashboardUnderTest | undefined;
const sockets: Socket[] = [];
const readers: SseReader[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const reader of readers.splice(0)) reader.close();
  await running?.stop();
  running = undefined;
});

test('never-reading clients hold bounded bytes, the one past the cap gets 503, a reader keeps up', async () => {
  running = await startDashboardUnderTest({
    server: { stream: { maxBufferedBytes }, maxFeedConnections },
    populate: (api) => {
      for (let i = 0; i < pods; i += 1) createPod(api, 'load', name(i));
    },
  });
  const { api, dashboard } = running;
  const fast = await SseReader.open(dashboard.url, '/api/feeds/pods');
  readers.push(fast);
  await fast.waitFor((events) => events.some((e) => e.event === 'snapshot'), 'the snapshot');
  const snapshotBytes = fast.events[0]!.data.length;
  expect(snapshotBytes).toBeGreaterThan(8 * maxBufferedBytes);
  for (let i = 1; i < maxFeedConnections; i += 1) {
    sockets.push(nonReadingClient(dashboard.url, '/api/feeds/pods'));
  }
  await eventually(() => dashboard.openStreams === maxFeedConnections);

  // One more is turned away, told when to come back, and its connection closed.
  const refused = await SseReader.open(dashboard.url, '/api/feeds/pods');
  readers.push(refused);
  expect([refused.status, refused.headers['retry-after'], refused.headers['connection']]).toEqual([
    503,
    '5',
    'close',
  ]);
  expect(dashboard.stats.refused).toBe(1);

  // What every connection holds together, sampled while the cluster changes: each at most its
  // bound plus one piece, though each owes its browser a whole snapshot (what the kernel's
  // socket buffers do not take waits unsent: see sseStream.test.ts).
  const bound = maxFeedConnections * (maxBufferedBytes + minimumPieceBytes + 1024);
  let held = 0;
  const sample = () => {
    const loads = dashboard.backlogs();
    held = Math.max(
      held,
      loads.reduce((sum, load) => sum + load.bufferedBytes, 0),
    );
    // A backlog holds one entry per changed pod at most, plus a status.
    for (const load of loads) expect(load.pendingMessages).toBeLessThanOrEqual(pods + 1);
  };
  sample();
  const rounds = 5;
  for (let round = 1; round <= rounds; round += 1) {
    for (let i = 0; i < 100; i += 1) {
      api.patch({ apiVersion: 'v1', kind: 'Pod', namespace: 'load', name: name(i) }, (pod) => {
        const status = pod['status'] as { containerStatuses: Array<{ restartCount: number }> };
        status.containerStatuses[0]!.restartCount = round;
      });
    }
    // The reading client gets each round while the others hold their snapshots unread.
    const changes = () => fast.events.filter((e) => e.event === 'change').length;
    await fast.waitFor(() => changes() === round * 100, `round ${round}`);
    sample();
  }
  expect(held).toBeLessThanOrEqual(bound);
  // When one leaves, its place is free again.
  sockets.shift()!.destroy();
  await eventually(() => dashboard.openStreams === maxFeedConnections - 1);
  const next = await SseReader.open(dashboard.url, '/api/feeds/pods');
  readers.push(next);
  expect(next.status).toBe(200);
});
