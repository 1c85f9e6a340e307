import { FakeApiServer } from '../fakeApiServer.js';
import { pod, RawClient } from './rawClient.testing.js';

// The Accept headers client-go's metadata client sends (without its protobuf range).
const listAccept =
  'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json';
const watchAccept = 'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json';

let server: FakeApiServer;
let client: RawClient;
async function start(options: { partialObjectMetadata?: boolean } = {}): Promise<void> {
  server = await FakeApiServer.start({ bookmarkLeadMs: 0, ...options });
  client = new RawClient(server);
  for (const name of ['c', 'a', 'b']) {
    server.create(pod('test', name, { labels: { app: name } }));
  }
}
afterEach(() => server.stop());

const podPath = '/api/v1/namespaces/test/pods';
const metadataOnly = (object: Record<string, unknown>): boolean =>
  Object.keys(object).sort().join() === 'apiVersion,kind,metadata' &&
  object['kind'] === 'PartialObjectMetadata' &&
  object['apiVersion'] === 'meta.k8s.io/v1';

test('a list asked as PartialObjectMetadataList answers one, with items of metadata only', async () => {
  await start();
  const res = await client.request('GET', podPath, undefined, { Accept: listAccept });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe(
    'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1',
  );
  expect(res.body.kind).toBe('PartialObjectMetadataList');
  expect(res.body.apiVersion).toBe('meta.k8s.io/v1');
  expect(res.body.metadata.resourceVersion).toBe(server.resourceVersion);
  const full = (await client.get(podPath)).body;
  expect(res.body.items).toEqual(
    full.items.map((item: { metadata: unknown }) => ({
      kind: 'PartialObjectMetadata',
      apiVersion: 'meta.k8s.io/v1',
      metadata: item.metadata,
    })),
  );
  expect(res.body.items.every(metadataOnly)).toBe(true);
});

test('whole and metadata-only lists of one unchanged state are each answered in their own form', async () => {
  await start();
  // Bodies are reused while the state is unchanged; the form asked for must still be honoured.
  const whole = (await client.get(podPath)).body;
  const partial = (await client.request('GET', podPath, undefined, { Accept: listAccept })).body;
  const wholeAgain = (await client.get(podPath)).body;
  expect(whole.kind).toBe('PodList');
  expect(whole.items.some(metadataOnly)).toBe(false);
  expect(partial.kind).toBe('PartialObjectMetadataList');
  expect(partial.items).toHaveLength(3);
  expect(partial.items.every(metadataOnly)).toBe(true);
  expect(wholeAgain).toEqual(whole);
});

test('paged lists keep the form, the continue token and remainingItemCount', async () => {
  await start();
  const first = await client.request('GET', `${podPath}?limit=2`, undefined, {
    Accept: listAccept,
  });
  expect(first.body.kind).toBe('PartialObjectMetadataList');
  expect(first.body.items.map((i: { metadata: { name: string } }) => i.metadata.name)).toEqual([
    'a',
    'b',
  ]);
  expect(first.body.metadata.remainingItemCount).toBe(1);
  const second = await client.request(
    'GET',
    `${podPath}?limit=2&continue=${first.body.metadata.continue}`,
    undefined,
    { Accept: listAccept },
  );
  expect(second.body.items.map((i: { metadata: { name: string } }) => i.metadata.name)).toEqual([
    'c',
  ]);
  expect(second.body.items.every(metadataOnly)).toBe(true);
  expect(second.body.metadata.resourceVersion).toBe(first.body.metadata.resourceVersion);
});

test('a watch asked as PartialObjectMetadata sends metadata-only objects and bookmarks', async () => {
  await start();
  const from = server.resourceVersion;
  const watch = await client.watch(
    `${podPath}?watch=1&resourceVersion=${from}&allowWatchBookmarks=true`,
    {
      Accept: watchAccept,
    },
  );
  expect(watch.response.headers.get('content-type')).toBe(
    'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1',
  );
  server.patch({ apiVersion: 'v1', kind: 'Pod', namespace: 'test', name: 'a' }, (p) => {
    p.metadata.labels = { app: 'changed' };
  });
  const deleted = server.delete({ apiVersion: 'v1', kind: 'Pod', namespace: 'test', name: 'b' });
  server.sendBookmarks();
  const lines = await watch.take(3);
  watch.close();
  expect(lines.map((l) => ('type' in l ? l.type : 'malformed'))).toEqual([
    'MODIFIED',
    'DELETED',
    'BOOKMARK',
  ]);
  const [modified, gone, bookmark] = lines as Array<{ object: Record<string, unknown> }>;
  expect(metadataOnly(modified!.object)).toBe(true);
  expect((modified!.object['metadata'] as { labels: unknown }).labels).toEqual({ app: 'changed' });
  expect(gone!.object).toEqual({
    kind: 'PartialObjectMetadata',
    apiVersion: 'meta.k8s.io/v1',
    metadata: deleted.metadata,
  });
  expect(bookmark!.object).toEqual({
    kind: 'PartialObjectMetadata',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion: server.resourceVersion },
  });
});

test('a streaming list sends metadata-only initial events and the annotated bookmark', async () => {
  await start();
  const watch = await client.watch(
    `${podPath}?watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true`,
    { Accept: watchAccept },
  );
  const lines = (await watch.take(4)) as Array<{ type: string; object: Record<string, unknown> }>;
  watch.close();
  expect(lines.map((l) => l.type)).toEqual(['ADDED', 'ADDED', 'ADDED', 'BOOKMARK']);
  expect(lines.slice(0, 3).every((l) => metadataOnly(l.object))).toBe(true);
  expect(lines[3]!.object).toEqual({
    kind: 'PartialObjectMetadata',
    apiVersion: 'meta.k8s.io/v1',
    metadata: {
      resourceVersion: server.resourceVersion,
      annotations: { 'k8s.io/initial-events-end': 'true' },
    },
  });
});

test("a get asked as PartialObjectMetadata answers the object's metadata only", async () => {
  await start();
  const res = await client.request('GET', `${podPath}/a`, undefined, { Accept: watchAccept });
  expect(metadataOnly(res.body)).toBe(true);
  expect(res.body.metadata.name).toBe('a');
});

test('the wrong form for the request is 406 NotAcceptable, as kube-apiserver answers', async () => {
  await start();
  const list = await client.request('GET', podPath, undefined, { Accept: watchAccept });
  expect(list.status).toBe(406);
  expect(list.body.reason).toBe('NotAcceptable');
  const get = await client.request('GET', `${podPath}/a`, undefined, { Accept: listAccept });
  expect(get.status).toBe(406);
  const none = await client.request('GET', podPath, undefined, {
    Accept: 'application/vnd.kubernetes.protobuf',
  });
  expect(none.status).toBe(406);
});

test('a server without the form answers the next accepted type: whole objects as plain JSON', async () => {
  await start({ partialObjectMetadata: false });
  const list = await client.request('GET', podPath, undefined, { Accept: listAccept });
  expect(list.status).toBe(200);
  expect(list.headers.get('content-type')).toBe('application/json');
  expect(list.body.kind).toBe('PodList');
  expect(list.body.items[0].spec).toBeDefined();
  const watch = await client.watch(`${podPath}?watch=1&resourceVersion=${server.resourceVersion}`, {
    Accept: watchAccept,
  });
  server.patch({ apiVersion: 'v1', kind: 'Pod', namespace: 'test', name: 'a' }, (p) => {
    p.metadata.labels = { app: 'changed' };
  });
  const [event] = (await watch.take(1)) as Array<{ object: Record<string, unknown> }>;
  watch.close();
  expect(event!.object['kind']).toBe('Pod');
  expect(event!.object['spec']).toBeDefined();
});
