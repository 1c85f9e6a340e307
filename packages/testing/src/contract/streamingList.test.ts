import { FakeApiServer } from '../fakeApiServer.js';
import { initialEventsEndAnnotation } from '../watch/bookmark.js';
import { pod, RawClient } from './rawClient.testing.js';

let server: FakeApiServer;
let client: RawClient;
beforeEach(async () => {
  server = await FakeApiServer.start({ tooLargeResourceVersionWaitMs: 20 });
  client = new RawClient(server);
  server.create(pod('test', 'b'));
  server.create(pod('test', 'a'));
});
afterEach(() => server.stop());

const streaming =
  '/api/v1/namespaces/test/pods?watch=1&sendInitialEvents=true&allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan';

test('§3.6 sendInitialEvents streams ADDED for the state, then a bookmark annotated initial-events-end, then changes', async () => {
  const w = await client.watch(`${streaming}&resourceVersion=`);
  const snapshot = server.resourceVersion;
  const lines = await w.take(3);
  expect(
    lines.slice(0, 2).map((l) => ('type' in l ? `${l.type}:${l.object.metadata.name}` : '')),
  ).toEqual(['ADDED:a', 'ADDED:b']);
  expect(lines[2]).toEqual({
    type: 'BOOKMARK',
    object: {
      kind: 'Pod',
      apiVersion: 'v1',
      metadata: {
        resourceVersion: snapshot,
        annotations: { [initialEventsEndAnnotation]: 'true' },
      },
      spec: { containers: null },
      status: {},
    },
  });
  server.create(pod('test', 'c'));
  const next = (await w.take(4))[3];
  expect(next).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'c' } } });
  expect(
    Number(
      (next as { object: { metadata: { resourceVersion: string } } }).object.metadata
        .resourceVersion,
    ),
  ).toBeGreaterThan(Number(snapshot));
  w.close();
});

test('§3.6 without allowWatchBookmarks the annotated bookmark is not sent', async () => {
  const w = await client.watch(
    '/api/v1/namespaces/test/pods?watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan',
  );
  server.create(pod('test', 'c'));
  const lines = await w.take(3);
  expect(lines.map((l) => ('type' in l ? l.type : ''))).toEqual(['ADDED', 'ADDED', 'ADDED']);
  w.close();
});

test('§3.6 sendInitialEvents=false with NotOlderThan sends no initial state', async () => {
  const w = await client.watch(
    `/api/v1/namespaces/test/pods?watch=1&sendInitialEvents=false&resourceVersionMatch=NotOlderThan`,
  );
  server.create(pod('test', 'c'));
  expect(await w.take(1)).toMatchObject([{ type: 'ADDED', object: { metadata: { name: 'c' } } }]);
  w.close();
});

test('§3.6 a resourceVersion the server cannot reach ends in an ERROR 504 ResourceVersionTooLarge event', async () => {
  const w = await client.watch(
    `${streaming}&resourceVersion=${Number(server.resourceVersion) + 50}`,
  );
  expect(w.status).toBe(200);
  expect(await w.ended).toBe('eof');
  expect(w.lines).toMatchObject([
    {
      type: 'ERROR',
      object: {
        code: 504,
        reason: 'Timeout',
        details: { causes: [{ reason: 'ResourceVersionTooLarge' }] },
      },
    },
  ]);
});

test('§3.2 with the WatchList gate on, a plain watch from "" gets the annotated bookmark too', async () => {
  const w = await client.watch('/api/v1/namespaces/test/pods?watch=1&allowWatchBookmarks=true');
  const lines = await w.take(3);
  expect(lines[2]).toMatchObject({
    type: 'BOOKMARK',
    object: { metadata: { annotations: { [initialEventsEndAnnotation]: 'true' } } },
  });
  w.close();
});

test('§1 sendInitialEvents without resourceVersionMatch=NotOlderThan is 422', async () => {
  const res = await client.get('/api/v1/pods?watch=1&sendInitialEvents=true');
  expect(res.status).toBe(422);
  expect(res.body.message).toContain('NotOlderThan');
});

test('§3.6 with the WatchList gate off, sendInitialEvents is 422 and plain watches get no annotated bookmark', async () => {
  const old = await FakeApiServer.start({ watchList: false });
  try {
    const oldClient = new RawClient(old);
    const res = await oldClient.get(
      `/api/v1/pods?watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan`,
    );
    expect(res.status).toBe(422);
    old.create(pod('test', 'a'));
    const w = await oldClient.watch('/api/v1/pods?watch=1&allowWatchBookmarks=true');
    await w.take(1);
    old.create(pod('test', 'b'));
    const lines = await w.take(2);
    expect(lines.map((l) => ('type' in l ? l.type : ''))).toEqual(['ADDED', 'ADDED']);
    w.close();
  } finally {
    await old.stop();
  }
});
