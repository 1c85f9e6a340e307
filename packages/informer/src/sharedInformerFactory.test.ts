import { FakeApiServer, loadPods } from '@rxkube/testing';
import { hashSpaceEnd, type PartialObjectMetadata, type Shard } from '@rxkube/store';
import { BehaviorSubject } from 'rxjs';
import { listerWatcherSource } from './clientNode/listerWatcherSource.js';
import { SharedInformerFactory } from './sharedInformerFactory.js';
import { eventually } from '@rxkube/devkit';
import { stopWhenSocketsClosed } from './testSupport/stopWhenSocketsClosed.testing.js';

let server: FakeApiServer;
let factory: SharedInformerFactory;

beforeEach(async () => {
  server = await FakeApiServer.start();
  factory = new SharedInformerFactory(listerWatcherSource(server.kubeConfig()));
});
afterEach(async () => {
  factory.shutdown();
  await stopWhenSocketsClosed(server);
});

const pods = { version: 'v1', plural: 'pods' };

test('hands out one informer per resource and request options', () => {
  const a = factory.informerFor(pods, { namespace: 'shop' });
  expect(factory.informerFor('/api/v1/namespaces/shop/pods')).toBe(a);
  expect(factory.informerFor(pods, { namespace: 'shop' })).toBe(a);
  expect(factory.informerFor(pods, { namespace: 'shop', labelSelector: 'app=web' })).not.toBe(a);
  expect(factory.informerFor(pods)).not.toBe(a);
  expect(factory.informerFor({ group: 'apps', version: 'v1', plural: 'deployments' })).not.toBe(a);
});

test('a shared informer gains the indices later callers need', () => {
  const first = factory.informerFor(pods);
  factory.informerFor(pods, { indexers: { byNode: () => ['n'] } });
  expect(Object.keys(first.getIndexer().getIndexers())).toEqual(['byNode']);
});

test('starts, syncs and shuts down its informers, including ones requested after start', async () => {
  loadPods(server, { count: 4, namespaces: ['a', 'b'] });
  const all = factory.informerFor(pods);
  factory.start();
  const inA = factory.informerFor(pods, { namespace: 'a' });
  const synced = await factory.waitForCacheSync();
  expect([...synced.values()]).toEqual([true, true]);
  expect(all.getIndexer().size).toBe(4);
  expect(inA.getIndexer().size).toBe(2);
  await eventually(() => server.openWatches === 2, 'two watches');
  factory.shutdown();
  expect(all.isStopped() && inA.isStopped()).toBe(true);
  expect(() => factory.informerFor(pods)).toThrow(/shut down/);
});

test('shutdown completes the streams handed out by its informers', async () => {
  loadPods(server, { count: 2, namespaces: ['a'] });
  const all = factory.informerFor(pods);
  factory.start();
  await factory.waitForCacheSync();
  const completed: string[] = [];
  const ends = (name: string) => ({ complete: () => completed.push(name) });
  all.handle().subscribe(ends('handle'));
  all.metrics$(60_000).subscribe(ends('metrics$'));
  all.list$().subscribe(ends('list$'));
  factory.shutdown();
  expect(completed.sort()).toEqual(['handle', 'list$', 'metrics$']);
});

test('metadataOnly gives an informer of its own that caches metadata only (OnlyMetadata)', async () => {
  loadPods(server, { count: 3, namespaces: ['a'] });
  const full = factory.informerFor(pods);
  const metadata = factory.informerFor<PartialObjectMetadata>(pods, { metadataOnly: true });
  expect(metadata).not.toBe(full);
  expect(factory.informerFor(pods, { metadataOnly: true })).toBe(metadata);
  expect(factory.informerFor(pods, { metadataOnly: false })).toBe(full);
  factory.start();
  await factory.waitForCacheSync();
  expect(
    metadata
      .getIndexer()
      .list()
      .map((p) => [p.kind, Object.keys(p).sort()]),
  ).toEqual(
    Array.from({ length: 3 }, () => ['PartialObjectMetadata', ['apiVersion', 'kind', 'metadata']]),
  );
  expect(
    full
      .getIndexer()
      .list()
      .every((p) => 'spec' in p),
  ).toBe(true);
});

test('a factory with metadataOnly hands out metadata-only informers by default', async () => {
  const metadataFactory = new SharedInformerFactory(listerWatcherSource(server.kubeConfig()), {
    metadataOnly: true,
  });
  loadPods(server, { count: 2, namespaces: ['a'] });
  const informer = metadataFactory.informerFor<PartialObjectMetadata>(pods);
  metadataFactory.start();
  await metadataFactory.waitForCacheSync();
  expect(
    informer
      .getIndexer()
      .list()
      .every((p) => p.kind === 'PartialObjectMetadata'),
  ).toBe(true);
  metadataFactory.shutdown();
});

test('an informer on a changing shard follows the ranges its Observable assigns', async () => {
  loadPods(server, { count: 6, namespaces: ['a'] });
  const shard$ = new BehaviorSubject<Shard>({
    field: 'uid',
    ranges: [{ start: 0n, end: 0n + 1n }],
  });
  const sharded = factory.informerFor(pods, { shard: shard$ });
  expect(factory.informerFor(pods, { shard: shard$ })).toBe(sharded);
  expect(factory.informerFor(pods, { shard: new BehaviorSubject(shard$.value) })).not.toBe(sharded);
  factory.start();
  await factory.waitForCacheSync();
  expect(sharded.getIndexer().size).toBe(0);
  shard$.next({ field: 'uid', ranges: [{ start: 0n, end: hashSpaceEnd }] });
  await eventually(() => sharded.getIndexer().size === 6, 'the whole hash space');
});
