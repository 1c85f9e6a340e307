import { FakeApiServer } from '../fakeApiServer.js';
import { eventually } from '@rxkube/devkit';
import { pod, RawClient } from './rawClient.testing.js';

let server: FakeApiServer;
let client: RawClient;
beforeEach(async () => {
  server = await FakeApiServer.start({ bookmarkIntervalMs: 60_000, historyLimit: 50 });
  client = new RawClient(server);
});
afterEach(() => server.stop());

const ref = (name: string) => ({ apiVersion: 'v1', kind: 'Pod', namespace: 'test', name });

test('§3.1 a watch answers 200 with chunked JSON at once, before any event', async () => {
  const w = await client.watch(
    `/api/v1/namespaces/test/pods?watch=1&resourceVersion=${server.resourceVersion}`,
  );
  expect(w.status).toBe(200);
  expect(w.response.headers.get('content-type')).toBe('application/json');
  expect(w.response.headers.get('transfer-encoding')).toBe('chunked');
  expect(w.lines).toEqual([]);
  w.close();
});

test('§3.1 events carry kind/apiVersion; DELETED carries the last state with the deletion resourceVersion', async () => {
  const w = await client.watch(
    `/api/v1/namespaces/test/pods?watch=true&resourceVersion=${server.resourceVersion}`,
  );
  server.create(pod('test', 'a'));
  const modified = server.patch(ref('a'), (p) => {
    p.metadata.labels = { v: '2' };
  });
  server.delete(ref('a'));
  const lines = await w.take(3);
  expect(lines.map((l) => ('type' in l ? l.type : 'bad'))).toEqual([
    'ADDED',
    'MODIFIED',
    'DELETED',
  ]);
  const deleted = w.events('DELETED')[0]!.object;
  expect(deleted.kind).toBe('Pod');
  expect(deleted.apiVersion).toBe('v1');
  expect(deleted.metadata.labels).toEqual({ v: '2' });
  expect(Number(deleted.metadata.resourceVersion)).toBe(
    Number(modified.metadata.resourceVersion) + 1,
  );
  w.close();
});

test('§3.1 selector transitions: entering is ADDED, staying MODIFIED, leaving DELETED with the new resourceVersion', async () => {
  server.create(pod('test', 'a', { labels: { app: 'x' } }));
  const w = await client.watch(
    `/api/v1/namespaces/test/pods?watch=1&labelSelector=app%3Dweb&resourceVersion=${server.resourceVersion}`,
  );
  const relabel = (app: string) =>
    server.patch(ref('a'), (p) => {
      p.metadata.labels = { app, n: String(Math.random()) };
    });
  relabel('web');
  relabel('web');
  const left = relabel('other');
  relabel('other');
  const lines = await w.take(3);
  expect(lines.map((l) => ('type' in l ? l.type : ''))).toEqual(['ADDED', 'MODIFIED', 'DELETED']);
  const deleted = w.events('DELETED')[0]!.object;
  expect(deleted.metadata.labels.app).toBe('web');
  expect(deleted.metadata.resourceVersion).toBe(left.metadata.resourceVersion);
  w.close();
});

test('§3.2 a watch without resourceVersion starts with synthetic ADDED for every object, in key order', async () => {
  server.create(pod('test', 'b'));
  server.create(pod('test', 'a'));
  const w = await client.watch('/api/v1/namespaces/test/pods?watch=1');
  const lines = await w.take(2);
  expect(lines.map((l) => ('type' in l ? `${l.type}:${l.object.metadata.name}` : ''))).toEqual([
    'ADDED:a',
    'ADDED:b',
  ]);
  server.create(pod('test', 'c'));
  expect((await w.take(3))[2]).toMatchObject({
    type: 'ADDED',
    object: { metadata: { name: 'c' } },
  });
  w.close();
});

test('§3.2 resourceVersion=0 also starts with the current state', async () => {
  server.create(pod('test', 'a'));
  const w = await client.watch('/api/v1/namespaces/test/pods?watch=1&resourceVersion=0');
  expect(await w.take(1)).toMatchObject([{ type: 'ADDED', object: { metadata: { name: 'a' } } }]);
  w.close();
});

test('§3.2 resourceVersion=N replays only changes after N from the history window', async () => {
  server.create(pod('test', 'a'));
  const n = server.resourceVersion;
  server.create(pod('test', 'b'));
  server.delete(ref('a'));
  const w = await client.watch(`/api/v1/namespaces/test/pods?watch=1&resourceVersion=${n}`);
  const lines = await w.take(2);
  expect(lines.map((l) => ('type' in l ? `${l.type}:${l.object.metadata.name}` : ''))).toEqual([
    'ADDED:b',
    'DELETED:a',
  ]);
  w.close();
});

test('§3.4 a resourceVersion older than the history is 200, one ERROR 410 Expired event, then a clean close', async () => {
  const old = server.resourceVersion;
  for (let i = 0; i < 60; i += 1) server.create(pod('test', `p${i}`));
  const w = await client.watch(`/api/v1/namespaces/test/pods?watch=1&resourceVersion=${old}`);
  expect(w.status).toBe(200);
  expect(await w.ended).toBe('eof');
  expect(w.lines).toEqual([
    {
      type: 'ERROR',
      object: {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: `too old resource version: ${old} (${server.compactedResourceVersion})`,
        reason: 'Expired',
        code: 410,
      },
    },
  ]);
});

test('§3.4 the server can be told to answer a too-old watch with HTTP 410 instead', async () => {
  const strict = await FakeApiServer.start({ expiredWatchAsHttp410: true });
  try {
    const old = strict.resourceVersion;
    strict.create(pod('test', 'a'));
    strict.compact();
    const res = await new RawClient(strict).get(`/api/v1/pods?watch=1&resourceVersion=${old}`);
    expect(res.status).toBe(410);
    expect(res.body.reason).toBe('Expired');
  } finally {
    await strict.stop();
  }
});

test('§3.2 a watch from a resourceVersion newer than the server waits for later events', async () => {
  const ahead = Number(server.resourceVersion) + 2;
  const w = await client.watch(`/api/v1/namespaces/test/pods?watch=1&resourceVersion=${ahead}`);
  server.create(pod('test', 'a'));
  server.create(pod('test', 'b'));
  server.create(pod('test', 'c'));
  const lines = await w.take(1);
  expect(lines).toMatchObject([{ type: 'ADDED', object: { metadata: { name: 'c' } } }]);
  w.close();
});

test('§3.3 bookmarks are sent only with allowWatchBookmarks and carry only kind/apiVersion/resourceVersion', async () => {
  const plain = await client.watch(
    `/api/v1/namespaces/test/pods?watch=1&resourceVersion=${server.resourceVersion}`,
  );
  const w = await client.watch(
    `/api/v1/namespaces/test/pods?watch=1&allowWatchBookmarks=true&resourceVersion=${server.resourceVersion}`,
  );
  await eventually(() => server.openWatches === 2);
  server.create(pod('elsewhere', 'x'));
  server.sendBookmarks();
  server.create(pod('test', 'a'));
  const lines = await w.take(2);
  expect(lines[0]).toEqual({
    type: 'BOOKMARK',
    object: {
      kind: 'Pod',
      apiVersion: 'v1',
      metadata: { resourceVersion: String(Number(server.resourceVersion) - 1) },
      spec: { containers: null },
      status: {},
    },
  });
  expect((await plain.take(1)).map((l) => ('type' in l ? l.type : ''))).toEqual(['ADDED']);
  plain.close();
  w.close();
});

test('§3.3 bookmarks come periodically and shortly before the deadline', async () => {
  const timed = await FakeApiServer.start({ bookmarkIntervalMs: 30, bookmarkLeadMs: 500 });
  try {
    const w = await new RawClient(timed).watch(
      `/api/v1/pods?watch=1&allowWatchBookmarks=1&timeoutSeconds=1&resourceVersion=${timed.resourceVersion}`,
    );
    expect(await w.ended).toBe('eof');
    expect(w.events('BOOKMARK').length).toBeGreaterThanOrEqual(2);
  } finally {
    await timed.stop();
  }
});

test('§3.5 timeoutSeconds ends the stream cleanly with no ERROR and no closing event', async () => {
  const w = await client.watch(
    `/api/v1/pods?watch=1&timeoutSeconds=1&resourceVersion=${server.resourceVersion}`,
  );
  expect(await w.ended).toBe('eof');
  expect(w.lines).toEqual([]);
  expect(server.openWatches).toBe(0);
});

test('§1 the legacy /watch/ path acts as watch=true', async () => {
  server.create(pod('test', 'a'));
  const w = await client.watch('/api/v1/watch/namespaces/test/pods');
  expect(await w.take(1)).toMatchObject([{ type: 'ADDED' }]);
  w.close();
});

test('§1 a watch with resourceVersionMatch but no sendInitialEvents is 422', async () => {
  const res = await client.get(
    '/api/v1/pods?watch=1&resourceVersionMatch=NotOlderThan&resourceVersion=1',
  );
  expect(res.status).toBe(422);
  expect(res.body.details.kind).toBe('ListOptions');
});

test('§3.5 stopping the server ends open watches cleanly and leaves no connection', async () => {
  const w = await client.watch('/api/v1/pods?watch=1');
  await eventually(() => server.openWatches === 1);
  await server.stop();
  expect(await w.ended).toBe('eof');
  expect(server.openWatches).toBe(0);
  expect(server.openConnections).toBe(0);
});

test('§3.1 watchers written to in the same turn each get exactly their own events, in order', async () => {
  const at = `resourceVersion=${server.resourceVersion}`;
  const all = await client.watch(`/api/v1/namespaces/test/pods?watch=1&${at}`);
  const alsoAll = await client.watch(`/api/v1/pods?watch=1&${at}`);
  const web = await client.watch(
    `/api/v1/namespaces/test/pods?watch=1&labelSelector=app%3Dweb&${at}`,
  );
  // One synchronous burst: every line below is queued in the same turn of the event loop.
  const names = Array.from({ length: 20 }, (_, i) => `p${i}`);
  for (const [i, name] of names.entries()) {
    server.create(pod('test', name, { labels: { app: i % 2 === 0 ? 'web' : 'db' } }));
  }
  const created = (w: typeof all, count: number) =>
    w.take(count).then((lines) => lines.map((l) => ('type' in l ? l.object.metadata.name : '')));
  expect(await created(all, 20)).toEqual(names);
  expect(await created(alsoAll, 20)).toEqual(names);
  expect(await created(web, 10)).toEqual(names.filter((_, i) => i % 2 === 0));
  for (const w of [all, alsoAll, web]) w.close();
});
