import { jest } from '@jest/globals';
import { eventually } from '@rxkube/devkit';
import {
  inShard,
  isDeletedFinalStateUnknown,
  splitHashSpace,
  type KubeObject,
  type Shard,
} from '@rxkube/store';
import { FakeApiServer, loadPods } from '@rxkube/testing';
import { BehaviorSubject } from 'rxjs';
import type { InformerError } from './errors.js';
import { ShardError } from './errors.js';
import { fetchListerWatcher } from './fetch/fetchListerWatcher.js';
import { silentLogger } from './logger.js';
import { SharedIndexInformer } from './sharedIndexInformer.js';
import { stopWhenSocketsClosed } from './testSupport/stopWhenSocketsClosed.testing.js';

// An informer whose shard is an Observable (a shard coordinator's): over real HTTP against the
// fake API server, a new shard relists with its selector, and the objects that left the shard
// leave the cache with delete events, as a relist's would.
jest.setTimeout(30_000);

const [low, high] = splitHashSpace(2) as [Shard['ranges'][number], Shard['ranges'][number]];
const lowShard: Shard = { field: 'uid', ranges: [low] };
const highShard: Shard = { field: 'uid', ranges: [high] };

let server: FakeApiServer;
let informer: SharedIndexInformer<KubeObject>;
let shards: BehaviorSubject<Shard>;
const events: Array<{ type: string; name: string }> = [];
const errors: InformerError[] = [];

beforeEach(async () => {
  server = await FakeApiServer.start();
  loadPods(server, { count: 40, namespaces: ['shop', 'web'] });
  shards = new BehaviorSubject(lowShard);
  informer = new SharedIndexInformer(
    fetchListerWatcher<KubeObject>(
      server.url,
      { version: 'v1', plural: 'pods' },
      {
        headers: { Authorization: `Bearer ${server.token}` },
      },
    ),
    { shard: shards, logger: silentLogger },
  );
  events.length = 0;
  errors.length = 0;
  informer.addEventHandler({
    onAdd: (pod) => events.push({ type: 'add', name: pod.metadata!.name! }),
    onUpdate: (_old, pod) => events.push({ type: 'update', name: pod.metadata!.name! }),
    // A relist that no longer lists an object deletes it with a tombstone, as in client-go.
    onDelete: (pod) =>
      events.push({
        type: 'delete',
        name: (isDeletedFinalStateUnknown<KubeObject>(pod) ? pod.obj : pod)?.metadata?.name ?? '?',
      }),
  });
  informer.errors$.subscribe((error) => errors.push(error));
  informer.start();
  await informer.waitForCacheSync();
});

afterEach(async () => {
  informer.stop();
  await stopWhenSocketsClosed(server);
});

function allPods(): KubeObject[] {
  return [...server.list('v1', 'Pod', 'shop'), ...server.list('v1', 'Pod', 'web')] as KubeObject[];
}

function names(shard: Shard): string[] {
  return allPods()
    .filter((pod) => inShard(shard, pod))
    .map((pod) => pod.metadata!.name!)
    .sort();
}

function cached(): string[] {
  return informer
    .getIndexer()
    .list()
    .map((pod) => pod.metadata!.name!)
    .sort();
}

test('a new shard relists with its selector: objects that left are deleted with events, objects that joined are added', async () => {
  expect(cached()).toEqual(names(lowShard));
  events.length = 0;

  shards.next(highShard);
  await eventually(
    () => cached().join() === names(highShard).join(),
    'the cache holds the new shard',
  );
  const deleted = events
    .filter((e) => e.type === 'delete')
    .map((e) => e.name)
    .sort();
  const added = events
    .filter((e) => e.type === 'add')
    .map((e) => e.name)
    .sort();
  expect(deleted).toEqual(names(lowShard));
  expect(added).toEqual(names(highShard));
  // The list that followed the change asked the server for the new shard only.
  const selectors = server
    .requests()
    .map((r) => r.query['shardSelector'])
    .filter(Boolean);
  expect(selectors.at(-1)).toContain("'0x8000000000000000', '0x10000000000000000'");
  expect(errors).toEqual([]);
});

test('a shard with no ranges empties the cache and closes its watch; ranges back fill it again', async () => {
  events.length = 0;
  shards.next({ field: 'uid', ranges: [] });
  await eventually(() => cached().length === 0, 'the cache is empty');
  expect(
    events
      .filter((e) => e.type === 'delete')
      .map((e) => e.name)
      .sort(),
  ).toEqual(names(lowShard));
  await eventually(() => server.openWatches === 0, 'no watch is left open');

  shards.next({ field: 'uid', ranges: [low, high] });
  await eventually(() => cached().length === 40, 'the cache holds everything');
});

test('an invalid shard is reported as a ShardError and the current shard kept', async () => {
  shards.next({ field: 'uid', ranges: [{ start: 5n, end: 1n }] });
  await eventually(() => errors.length === 1, 'the error is reported');
  expect(errors[0]).toBeInstanceOf(ShardError);
  expect(errors[0]!.kind).toBe('shard');
  expect(cached()).toEqual(names(lowShard));
  // Still following: the next valid shard is taken.
  shards.next(highShard);
  await eventually(() => cached().join() === names(highShard).join(), 'the next shard is followed');
});
