import { FakeApiServer } from '../fakeApiServer.js';
import { initialEventsEndAnnotation } from '../watch/bookmark.js';
import { pod, RawClient, type RawWatchLine } from './rawClient.testing.js';

// Namespaces whose FNV-1a 64 hashes are published test vectors, so which half of the hash
// space each falls in is known without hashing here:
//   'ab' 0x089c4407b545986a (lower half), 'a' 0xaf63dc4c8601ec8c, 'abc' 0xe71fa2190541574b,
//   'foobar' 0x85944171f73967e8 (upper half).
const namespaces = ['a', 'ab', 'abc', 'foobar'];
const lower = "shardRange(object.metadata.namespace, '0x0000000000000000', '0x8000000000000000')";
const upper = "shardRange(object.metadata.namespace, '0x8000000000000000', '0x10000000000000000')";
const uidHalves = [
  "shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000')",
  "shardRange(object.metadata.uid, '0x8000000000000000', '0x10000000000000000')",
];

let server: FakeApiServer;
let client: RawClient;
afterEach(() => server.stop());

async function start(shardedListAndWatch?: boolean): Promise<void> {
  server = await FakeApiServer.start(
    shardedListAndWatch === undefined ? {} : { shardedListAndWatch },
  );
  client = new RawClient(server);
  for (const ns of namespaces) {
    for (const name of ['p1', 'p2', 'p3']) server.create(pod(ns, name));
  }
}

function shardQuery(selector: string): string {
  return `shardSelector=${encodeURIComponent(selector)}`;
}

function names(items: { metadata: { namespace: string; name: string } }[]): string[] {
  return items.map((i) => `${i.metadata.namespace}/${i.metadata.name}`).sort();
}

function eventNames(lines: RawWatchLine[]): string[] {
  return lines.map((l) =>
    'type' in l
      ? `${l.type}:${l.object.metadata.namespace ?? ''}/${l.object.metadata.name ?? ''}`
      : 'malformed',
  );
}

describe('with the ShardedListAndWatch gate (the default)', () => {
  beforeEach(() => start());

  test('a list has only the objects whose hash is in the range, and echoes the selector', async () => {
    const low = await client.get(`/api/v1/pods?${shardQuery(lower)}`);
    expect(low.status).toBe(200);
    expect(names(low.body.items)).toEqual(['ab/p1', 'ab/p2', 'ab/p3']);
    expect(low.body.metadata.shardInfo).toEqual({ selector: lower });
    const high = await client.get(`/api/v1/pods?${shardQuery(upper)}`);
    expect(names(high.body.items).map((n) => n.split('/')[0])).toEqual([
      'a',
      'a',
      'a',
      'abc',
      'abc',
      'abc',
      'foobar',
      'foobar',
      'foobar',
    ]);
  });

  test('uid halves partition every list; their || is the whole list', async () => {
    const all = names((await client.get('/api/v1/pods')).body.items);
    const halves = await Promise.all(
      uidHalves.map(async (s) =>
        names((await client.get(`/api/v1/pods?${shardQuery(s)}`)).body.items),
      ),
    );
    expect([...halves[0]!, ...halves[1]!].sort()).toEqual(all);
    expect(halves[0]!.filter((n) => halves[1]!.includes(n))).toEqual([]);
    const both = await client.get(`/api/v1/pods?${shardQuery(uidHalves.join(' || '))}`);
    expect(names(both.body.items)).toEqual(all);
    expect(both.body.metadata.shardInfo).toEqual({ selector: uidHalves.join(' || ') });
  });

  test('the echo is the canonical form: spacing and quotes as kube-apiserver prints them', async () => {
    const loose = `shardRange( object.metadata.namespace,"0x0000000000000000" ,'0x8000000000000000')`;
    const res = await client.get(`/api/v1/pods?${shardQuery(loose)}`);
    expect(res.body.metadata.shardInfo).toEqual({ selector: lower });
  });

  test('a paged sharded list pages through the shard, echoes on every page, hides remainingItemCount', async () => {
    const first = await client.get(`/api/v1/pods?limit=2&${shardQuery(lower)}`);
    expect(first.body.metadata.remainingItemCount).toBeUndefined();
    expect(first.body.metadata.shardInfo).toEqual({ selector: lower });
    const token = encodeURIComponent(first.body.metadata.continue);
    const second = await client.get(`/api/v1/pods?limit=2&continue=${token}&${shardQuery(lower)}`);
    expect(second.body.metadata.shardInfo).toEqual({ selector: lower });
    expect(second.body.metadata.continue ?? '').toBe('');
    expect(names([...first.body.items, ...second.body.items])).toEqual(['ab/p1', 'ab/p2', 'ab/p3']);
  });

  test('a watch sends only the changes of objects in the range', async () => {
    const w = await client.watch(
      `/api/v1/pods?watch=1&resourceVersion=${server.resourceVersion}&${shardQuery(lower)}`,
    );
    server.create(pod('a', 'new'));
    server.create(pod('ab', 'new'));
    server.delete({ apiVersion: 'v1', kind: 'Pod', namespace: 'abc', name: 'p1' });
    server.delete({ apiVersion: 'v1', kind: 'Pod', namespace: 'ab', name: 'p1' });
    expect(eventNames(await w.take(2))).toEqual(['ADDED:ab/new', 'DELETED:ab/p1']);
    w.close();
  });

  test('a streaming list sends the initial events of the range, then the bookmark', async () => {
    const w = await client.watch(
      `/api/v1/pods?watch=1&sendInitialEvents=true&allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan&${shardQuery(upper)}`,
    );
    const lines = await w.take(10);
    expect(eventNames(lines.slice(0, 9)).map((e) => e.split('/')[0])).toEqual([
      ...Array(3).fill('ADDED:a'),
      ...Array(3).fill('ADDED:abc'),
      ...Array(3).fill('ADDED:foobar'),
    ]);
    expect(lines[9]).toMatchObject({
      type: 'BOOKMARK',
      object: { metadata: { annotations: { [initialEventsEndAnnotation]: 'true' } } },
    });
    w.close();
  });

  test.each([
    [
      "shardRange(object.metadata.name, '0x0000000000000000', '0x8000000000000000')",
      'unsupported field path',
    ],
    ["shardRange(object.metadata.uid, '0x0', '0x8000000000000000')", '16-digit hex'],
    [
      "shardRange(object.metadata.uid, '0x8000000000000000', '0x0000000000000000')",
      'must be less than end',
    ],
    [
      "shardRange(object.metadata.uid, '0x0000000000000000', '0x20000000000000000')",
      '16-digit hex',
    ],
    ["shardRange(object.metadata.uid, '0000000000000000', '0x8000000000000000')", "'0x' prefix"],
    ["shardRange(object.metadata.uid, '0x000000000000000G', '0x8000000000000000')", 'invalid hex'],
    ["shardRange(object.metadata.uid, '0x0000000000000000')", "expected ','"],
    ['labels(x)', 'unsupported function'],
    [`${uidHalves[0]} && ${uidHalves[1]}`, 'unexpected'],
    [`${uidHalves[0]} || ${lower}`, 'same field'],
  ])(
    'an invalid shardSelector %j is 400 BadRequest (%s), for lists and watches',
    async (selector, why) => {
      for (const path of ['/api/v1/pods?', '/api/v1/pods?watch=1&']) {
        const res = await client.get(`${path}${shardQuery(selector)}`);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ kind: 'Status', reason: 'BadRequest', code: 400 });
        expect(res.body.message).toContain(why);
      }
    },
  );
});

describe('without the ShardedListAndWatch gate', () => {
  beforeEach(() => start(false));

  test('the parameter is ignored: the whole list, nothing echoed', async () => {
    const res = await client.get(`/api/v1/pods?${shardQuery(lower)}`);
    expect(res.body.items).toHaveLength(12);
    expect(res.body.metadata.shardInfo).toBeUndefined();
  });

  test('even an invalid selector is ignored, as an unknown parameter is', async () => {
    const res = await client.get(`/api/v1/pods?${shardQuery('nonsense(')}`);
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(12);
  });

  test('a watch sends every change', async () => {
    const w = await client.watch(
      `/api/v1/pods?watch=1&resourceVersion=${server.resourceVersion}&${shardQuery(lower)}`,
    );
    server.create(pod('a', 'new'));
    server.create(pod('ab', 'new'));
    expect(eventNames(await w.take(2))).toEqual(['ADDED:a/new', 'ADDED:ab/new']);
    w.close();
  });
});
