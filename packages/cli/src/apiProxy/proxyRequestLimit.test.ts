import { jest } from '@jest/globals';
import { eventually } from '@rxkube/devkit';
import { loadPods } from '@rxkube/testing';
import type { Socket } from 'node:net';
import { startProxyUnderTest, type ProxyUnderTest } from '../testSupport/apiProxy.testing.js';
import { httpGet, nonReadingClient } from '../testSupport/http.testing.js';

// However many clients open watches and never read them, the proxy keeps at most
// `maxOpenRequests` requests open to the API server: the next one is told to come back later
// (503, Retry-After, as the dashboard's feeds), and a watch that ends frees its slot.

jest.setTimeout(60_000);

const maxOpenRequests = 3;
const watchPath = '/api/v1/namespaces/load/pods?watch=true';

let running: ProxyUnderTest | undefined;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await running?.stop();
  running = undefined;
});

test('the watch past maxOpenRequests gets 503 with Retry-After, and closing one frees a slot', async () => {
  running = await startProxyUnderTest({ proxy: { maxOpenRequests } });
  const { api, proxy, server } = running;
  loadPods(api, { count: 3, namespaces: ['load'] });
  for (let i = 0; i < maxOpenRequests; i += 1) {
    sockets.push(nonReadingClient(server.url, watchPath, 'application/json'));
  }
  await eventually(() => api.openWatches === maxOpenRequests, 'the watches to open');

  const refused = await httpGet(server.url, watchPath);
  expect([refused.status, refused.headers['retry-after'], refused.headers['connection']]).toEqual([
    503,
    '5',
    'close',
  ]);
  expect(JSON.parse(refused.body)).toMatchObject({
    kind: 'Status',
    code: 503,
    reason: 'ServiceUnavailable',
    details: { retryAfterSeconds: 5 },
  });
  // A list is an open request too while the slots are taken; nothing reached the API server.
  expect((await httpGet(server.url, '/api/v1/namespaces/load/pods')).status).toBe(503);
  expect([api.openWatches, proxy.openRequests, proxy.refusedRequests]).toEqual([3, 3, 2]);

  // A client leaves: its watch on the API server ends and its slot is free again.
  sockets.shift()!.destroy();
  await eventually(() => proxy.openRequests === maxOpenRequests - 1, 'the slot to be freed');
  const list = await httpGet(server.url, '/api/v1/namespaces/load/pods');
  expect(list.status).toBe(200);
  expect(JSON.parse(list.body).items).toHaveLength(3);
  sockets.push(nonReadingClient(server.url, watchPath, 'application/json'));
  await eventually(() => api.openWatches === maxOpenRequests, 'the new watch to open');
  expect(proxy.openRequests).toBe(maxOpenRequests);
});
