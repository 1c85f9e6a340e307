import { FakeApiServer } from '../fakeApiServer.js';
import { pod, RawClient } from './rawClient.testing.js';

let server: FakeApiServer;
let client: RawClient;
beforeEach(async () => {
  server = await FakeApiServer.start({ tooLargeResourceVersionWaitMs: 20 });
  client = new RawClient(server);
  for (const name of ['c', 'a', 'e', 'b', 'd']) server.create(pod('test', name));
  server.create(pod('other', 'z'));
});
afterEach(() => server.stop());

const names = (body: { items: Array<{ metadata: { name: string } }> }): string[] =>
  body.items.map((i) => i.metadata.name);

test('§2.1 a list is a <Kind>List at the current resourceVersion, items in key order without kind', async () => {
  const res = await client.get('/api/v1/namespaces/test/pods');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json');
  expect(res.body.kind).toBe('PodList');
  expect(res.body.apiVersion).toBe('v1');
  expect(res.body.metadata.resourceVersion).toBe(server.resourceVersion);
  expect(names(res.body)).toEqual(['a', 'b', 'c', 'd', 'e']);
  expect(res.body.items[0].kind).toBeUndefined();
  expect(res.body.items[0].apiVersion).toBeUndefined();
});

test('§1 a list in a namespace that does not exist is 200 with an empty items array', async () => {
  const res = await client.get('/api/v1/namespaces/ghost/pods');
  expect(res.status).toBe(200);
  expect(res.body.items).toEqual([]);
});

test('§1 the all-namespaces path lists every namespace', async () => {
  const res = await client.get('/api/v1/pods');
  expect(
    res.body.items.map((p: { metadata: { namespace: string } }) => p.metadata.namespace),
  ).toEqual(['other', 'test', 'test', 'test', 'test', 'test']);
});

test('§2.3 limit/continue pages keep the first page resourceVersion and count remaining items', async () => {
  const first = await client.get('/api/v1/namespaces/test/pods?limit=2');
  expect(names(first.body)).toEqual(['a', 'b']);
  expect(first.body.metadata.remainingItemCount).toBe(3);
  const snapshot = first.body.metadata.resourceVersion;
  server.delete({ apiVersion: 'v1', kind: 'Pod', namespace: 'test', name: 'c' });
  server.create(pod('test', 'bb'));
  const second = await client.get(
    `/api/v1/namespaces/test/pods?limit=2&continue=${first.body.metadata.continue}`,
  );
  // The snapshot is consistent: the later delete and create are not visible.
  expect(names(second.body)).toEqual(['c', 'd']);
  expect(second.body.metadata.resourceVersion).toBe(snapshot);
  const third = await client.get(
    `/api/v1/namespaces/test/pods?limit=2&continue=${second.body.metadata.continue}`,
  );
  expect(names(third.body)).toEqual(['e']);
  expect(third.body.metadata.continue).toBeUndefined();
  expect(third.body.metadata.remainingItemCount).toBeUndefined();
});

test('§2.3 an expired continue token is 410 Expired with a fresh token for an inconsistent continuation', async () => {
  const first = await client.get('/api/v1/namespaces/test/pods?limit=2');
  server.create(pod('test', 'f'));
  server.compact();
  const expired = await client.get(
    `/api/v1/namespaces/test/pods?limit=2&continue=${first.body.metadata.continue}`,
  );
  expect(expired.status).toBe(410);
  expect(expired.body.reason).toBe('Expired');
  expect(expired.body.metadata.continue).toBeTruthy();
  const rest = await client.get(
    `/api/v1/namespaces/test/pods?continue=${expired.body.metadata.continue}`,
  );
  expect(names(rest.body)).toEqual(['c', 'd', 'e', 'f']);
  expect(rest.body.metadata.resourceVersion).toBe(server.resourceVersion);
});

test('§1 an unparsable continue token is 400 BadRequest', async () => {
  const res = await client.get('/api/v1/namespaces/test/pods?continue=garbage');
  expect(res.status).toBe(400);
  expect(res.body.message).toMatch(/^invalid continue token/);
});

test('§2.2 resourceVersion=0 is served from cache: limit is ignored and no continue is given', async () => {
  const res = await client.get('/api/v1/namespaces/test/pods?limit=2&resourceVersion=0');
  expect(res.body.items).toHaveLength(5);
  expect(res.body.metadata.continue).toBeUndefined();
});

test('§2.2 resourceVersion=N with limit is an exact read of the state at N', async () => {
  const before = server.resourceVersion;
  server.delete({ apiVersion: 'v1', kind: 'Pod', namespace: 'test', name: 'a' });
  server.patch({ apiVersion: 'v1', kind: 'Pod', namespace: 'test', name: 'b' }, (p) => {
    p.metadata.labels = { changed: 'yes' };
  });
  const res = await client.get(`/api/v1/namespaces/test/pods?limit=10&resourceVersion=${before}`);
  expect(res.body.metadata.resourceVersion).toBe(before);
  expect(names(res.body)).toEqual(['a', 'b', 'c', 'd', 'e']);
  expect(res.body.items[1].metadata.labels).toBeUndefined();
  const exact = await client.get(
    `/api/v1/namespaces/test/pods?resourceVersion=${before}&resourceVersionMatch=Exact`,
  );
  expect(names(exact.body)).toEqual(['a', 'b', 'c', 'd', 'e']);
});

test('§2.2 an exact read of a compacted resourceVersion is 410 Expired', async () => {
  const before = server.resourceVersion;
  server.create(pod('test', 'f'));
  server.compact();
  const res = await client.get(
    `/api/v1/namespaces/test/pods?resourceVersion=${before}&resourceVersionMatch=Exact`,
  );
  expect(res.status).toBe(410);
  expect(res.body.reason).toBe('Expired');
  expect(res.body.message).toBe('The resourceVersion for the provided list is too old.');
});

test('§2.2 resourceVersion=N without limit is not-older-than: the newest state', async () => {
  const before = server.resourceVersion;
  server.create(pod('test', 'f'));
  const res = await client.get(`/api/v1/namespaces/test/pods?resourceVersion=${before}`);
  expect(res.body.metadata.resourceVersion).toBe(server.resourceVersion);
  expect(res.body.items).toHaveLength(6);
});

test('§2.2 a resourceVersion the server has not reached is 504 Timeout with ResourceVersionTooLarge and Retry-After', async () => {
  const future = Number(server.resourceVersion) + 100;
  const res = await client.get(`/api/v1/namespaces/test/pods?resourceVersion=${future}`);
  expect(res.status).toBe(504);
  expect(res.headers.get('retry-after')).toBe('1');
  expect(res.body.reason).toBe('Timeout');
  expect(res.body.details.causes[0].reason).toBe('ResourceVersionTooLarge');
});

test('§2.2 a not-older-than list waits for the server to reach a close resourceVersion', async () => {
  const slow = await FakeApiServer.start({ tooLargeResourceVersionWaitMs: 5_000 });
  try {
    const next = Number(slow.resourceVersion) + 1;
    const pending = new RawClient(slow).get(
      `/api/v1/pods?resourceVersion=${next}&resourceVersionMatch=NotOlderThan`,
    );
    setTimeout(() => slow.create(pod('x', 'late')), 20);
    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.body.metadata.resourceVersion).toBe(String(next));
  } finally {
    await slow.stop();
  }
});

test.each([
  [
    'resourceVersionMatch=NotOlderThan',
    'resourceVersionMatch is forbidden unless resourceVersion is provided',
  ],
  [
    'resourceVersionMatch=Exact&resourceVersion=0',
    'resourceVersionMatch "exact" is forbidden for resourceVersion "0"',
  ],
  [
    'resourceVersionMatch=NotOlderThan&resourceVersion=1&continue=x',
    'forbidden when continue is provided',
  ],
  ['sendInitialEvents=true', 'sendInitialEvents is forbidden for list'],
  ['resourceVersionMatch=Newest&resourceVersion=1', 'Unsupported value'],
])('§1 a list with %s is 422 Invalid ListOptions', async (query, message) => {
  const res = await client.get(`/api/v1/pods?${query}`);
  expect(res.status).toBe(422);
  expect(res.body.reason).toBe('Invalid');
  expect(res.body.details.kind).toBe('ListOptions');
  expect(res.body.details.group).toBe('meta.k8s.io');
  expect(res.body.message).toContain(message);
});

test('§1 a list with continue and a resourceVersion other than ""/"0" is 400', async () => {
  const first = await client.get('/api/v1/namespaces/test/pods?limit=2');
  const res = await client.get(
    `/api/v1/namespaces/test/pods?continue=${first.body.metadata.continue}&resourceVersion=5`,
  );
  expect(res.status).toBe(400);
});

test('§3.4 a non-numeric resourceVersion is 500, as on kube-apiserver', async () => {
  const res = await client.get('/api/v1/pods?resourceVersion=abc');
  expect(res.status).toBe(500);
  expect(res.body.reason).toBe('InternalError');
});
