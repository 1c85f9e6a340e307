import { FakeApiServer } from '../fakeApiServer.js';
import { eventually } from '@rxkube/devkit';
import { pod, RawClient } from './rawClient.testing.js';

let server: FakeApiServer;
let client: RawClient;
beforeEach(async () => {
  server = await FakeApiServer.start({ seed: 5 });
  client = new RawClient(server);
});
afterEach(() => server.stop());

test('restart breaks every connection, then serves the same data on the same port', async () => {
  server.create(pod('t', 'a'));
  const url = server.url;
  const rv = server.resourceVersion;
  const w = await client.watch(`/api/v1/pods?watch=1&resourceVersion=${rv}`);
  await eventually(() => server.openWatches === 1);

  const restarted = server.restart(50);
  expect(await w.ended).toBe('error');
  server.create(pod('t', 'b')); // written while the port is closed
  await restarted;

  expect(server.url).toBe(url);
  expect(server.faults.count('restart')).toBe(1);
  expect(server.openWatches).toBe(0);
  const list = await client.get('/api/v1/pods');
  expect(list.status).toBe(200);
  expect(list.body.items.map((p: { metadata: { name: string } }) => p.metadata.name)).toEqual([
    'a',
    'b',
  ]);
  // History survives too: a watch from before the restart replays what it missed.
  const resumed = await client.watch(`/api/v1/pods?watch=1&resourceVersion=${rv}`);
  const [event] = await resumed.take(1);
  expect(event).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'b' } } });
  resumed.close();
});

test('connections are refused during the downtime', async () => {
  const restarted = server.restart(200);
  await new Promise((resolve) => setTimeout(resolve, 20));
  await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  await restarted;
  expect((await client.get('/healthz')).status).toBe(200);
});

test('a stop during the downtime leaves the server closed', async () => {
  const restarted = server.restart(50);
  await server.stop();
  await restarted;
  await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  expect(server.openConnections).toBe(0);
});
