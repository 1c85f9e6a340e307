import { ShardRangeError, fnv1a64, splitHashSpace, type KubeObject } from '@rxkube/store';
import { firstValueFrom, of, toArray } from 'rxjs';
import type {
  ListPage,
  ListRequestOptions,
  ListerWatcher,
  WatchEvent,
  WatchRequestOptions,
} from './listerWatcher.js';
import { maxSelectorRanges, shardedListerWatcher } from './shardedListerWatcher.js';
import { SharedIndexInformer } from './sharedIndexInformer.js';

// UIDs with known FNV-1a 64 hashes (published vectors): 'ab' is in the lower half of the hash
// space, 'a' and 'abc' in the upper half.
const low = { metadata: { name: 'low', namespace: 'x', uid: 'ab' } };
const high = { metadata: { name: 'high', namespace: 'x', uid: 'a' } };
const high2 = { metadata: { name: 'high2', namespace: 'x', uid: 'abc' } };
const lowerHalf = { field: 'uid' as const, ranges: [splitHashSpace(2)[0]!] };
const lowerSelector = "shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000')";

function fakeLw(
  page: Omit<ListPage<KubeObject>, 'resourceVersion'>,
  events: WatchEvent<KubeObject>[] = [],
): ListerWatcher<KubeObject> & { lists: ListRequestOptions[]; watches: WatchRequestOptions[] } {
  const lists: ListRequestOptions[] = [];
  const watches: WatchRequestOptions[] = [];
  return {
    description: 'pods',
    lists,
    watches,
    list: (options) => {
      lists.push(options);
      return of({ resourceVersion: '5', ...page });
    },
    watch: (options) => {
      watches.push(options);
      return of(...events);
    },
  };
}

test('the vectors this file relies on are where it says', () => {
  expect(fnv1a64('ab') < 0x8000000000000000n).toBe(true);
  expect(fnv1a64('a') >= 0x8000000000000000n).toBe(true);
  expect(fnv1a64('abc') >= 0x8000000000000000n).toBe(true);
});

test('lists and watches carry the shard as shardSelector, other options unchanged', async () => {
  const inner = fakeLw({ items: [] });
  const lw = shardedListerWatcher(inner, lowerHalf);
  await firstValueFrom(lw.list({ limit: 3, resourceVersion: '0' }));
  await firstValueFrom(
    lw.watch({ resourceVersion: '5', allowWatchBookmarks: true }).pipe(toArray()),
  );
  expect(inner.lists).toEqual([{ limit: 3, resourceVersion: '0', shardSelector: lowerSelector }]);
  expect(inner.watches).toEqual([
    { resourceVersion: '5', allowWatchBookmarks: true, shardSelector: lowerSelector },
  ]);
});

test('a list that does not echo the selector is filtered here', async () => {
  const lw = shardedListerWatcher(fakeLw({ items: [low, high, high2] }), lowerHalf);
  const page = await firstValueFrom(lw.list({}));
  expect(page.items).toEqual([low]);
  expect(page.resourceVersion).toBe('5');
});

test('a list that echoes another selector is filtered here', async () => {
  const other = "shardRange(object.metadata.uid, '0x0000000000000000', '0x10000000000000000')";
  const lw = shardedListerWatcher(fakeLw({ items: [low, high], shardSelector: other }), lowerHalf);
  expect((await firstValueFrom(lw.list({}))).items).toEqual([low]);
});

test('a list that echoes the selector (in any spacing) is the server-filtered shard, taken as it is', async () => {
  // The server's answer is authoritative: nothing is hashed again.
  const echo = lowerSelector.replace(/, /g, ',');
  const page = { items: [low, high], shardSelector: echo };
  const lw = shardedListerWatcher(fakeLw(page), lowerHalf);
  expect((await firstValueFrom(lw.list({}))).items).toEqual([low, high]);
});

test('watch events outside the shard are dropped; bookmarks and errors always pass', async () => {
  const events: WatchEvent<KubeObject>[] = [
    { type: 'ADDED', object: high },
    { type: 'ADDED', object: low },
    { type: 'BOOKMARK', object: { metadata: { resourceVersion: '7' } } },
    { type: 'MODIFIED', object: high2 },
    { type: 'DELETED', object: low },
    { type: 'ERROR', object: { kind: 'Status', code: 410 } as never },
  ];
  const lw = shardedListerWatcher(fakeLw({ items: [] }, events), lowerHalf);
  const seen = await firstValueFrom(lw.watch({ resourceVersion: '5' }).pipe(toArray()));
  expect(seen.map((e) => e.type)).toEqual(['ADDED', 'BOOKMARK', 'DELETED', 'ERROR']);
  expect(
    seen.filter((e) => e.type === 'ADDED' || e.type === 'DELETED').map((e) => e.object),
  ).toEqual([low, low]);
});

test('an invalid shard is refused with a ShardRangeError before anything is sent', () => {
  const inner = fakeLw({ items: [] });
  const bad = { field: 'uid' as const, ranges: [{ start: 9n, end: 3n }] };
  expect(() => shardedListerWatcher(inner, bad)).toThrow(ShardRangeError);
  expect(() => new SharedIndexInformer(inner, { shard: { field: 'uid', ranges: [] } })).toThrow(
    ShardRangeError,
  );
  expect(inner.lists).toEqual([]);
});

test('a shard of many ranges is sent as a coarser selector, and its lists are filtered here even when echoed', async () => {
  // 200 small ranges, as a member of a consistent-hash ring holds; `low` and `high` fall in none.
  const step = (1n << 64n) / 400n;
  const ranges = Array.from({ length: 200 }, (_, i) => ({
    start: BigInt(2 * i + 1) * step,
    end: BigInt(2 * i + 1) * step + 1n,
  }));
  const many = { field: 'uid' as const, ranges };
  const inner = fakeLw({ items: [] });
  const probe = shardedListerWatcher(inner, many);
  await firstValueFrom(probe.list({}));
  const sent = inner.lists[0]?.shardSelector ?? '';
  expect(sent.split(' || ').length).toBeLessThanOrEqual(maxSelectorRanges);
  // The server honours the coarse selector it was sent: what it answers is still filtered.
  const lw = shardedListerWatcher(fakeLw({ items: [low, high], shardSelector: sent }), many);
  expect((await firstValueFrom(lw.list({}))).items).toEqual([]);
});
