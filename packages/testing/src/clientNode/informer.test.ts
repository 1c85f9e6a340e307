import { CoreV1Api, makeInformer } from '@kubernetes/client-node';
import type { Informer, ObjectCache, V1Pod } from '@kubernetes/client-node';
import { FakeApiServer } from '../fakeApiServer.js';
import { eventually } from '@rxkube/devkit';
import { ChurnGenerator } from '../load/churnGenerator.js';
import { loadPods } from '../load/bulkLoader.js';

let server: FakeApiServer;
let informer: Informer<V1Pod> & ObjectCache<V1Pod>;
let errors: unknown[];
let lists: number;

beforeEach(async () => {
  const current = await FakeApiServer.start({ seed: 7 });
  const kc = current.kubeConfig();
  const core = kc.makeApiClient(CoreV1Api);
  lists = 0;
  const own = makeInformer(kc, '/api/v1/pods', () => {
    lists += 1;
    return core.listPodForAllNamespaces();
  });
  errors = [];
  // client-node's informer stops on errors; restarting is the caller's job.
  own.on('error', (err) => {
    errors.push(err);
    if (!current.stopped) void own.start();
  });
  server = current;
  informer = own;
});
afterEach(async () => {
  await server.stop();
  await informer.stop();
  expect(server.openConnections).toBe(0);
  expect(server.openWatches).toBe(0);
});

function cacheState(): string[] {
  return informer
    .list()
    .map((p) => `${p.metadata?.namespace}/${p.metadata?.name}@${p.metadata?.resourceVersion}`)
    .sort();
}

function serverState(): string[] {
  return server
    .list('v1', 'Pod')
    .map((p) => `${p.metadata.namespace}/${p.metadata.name}@${p.metadata.resourceVersion}`)
    .sort();
}

const inSync = (): boolean => JSON.stringify(cacheState()) === JSON.stringify(serverState());

test('the official informer reaches its cached list and follows 1,000 random changes', async () => {
  loadPods(server, { count: 50, namespaces: ['a', 'b'] });
  await informer.start();
  expect(cacheState()).toEqual(serverState());
  await eventually(() => server.openWatches === 1);

  const churn = new ChurnGenerator(server, {
    namespaces: ['a', 'b', 'c'],
    seed: 3,
    maxObjects: 200,
  });
  churn.step(1_000);
  expect(churn.stats.created + churn.stats.updated + churn.stats.deleted).toBe(1_000);
  await eventually(inSync);
  expect(cacheState()).toEqual(serverState());
  expect(errors).toEqual([]);
});

test('the official informer recovers from a compaction 410 by relisting', async () => {
  loadPods(server, { count: 20 });
  await informer.start();
  await eventually(() => server.openWatches === 1);
  // Hold the watch so the informer falls behind, compact past it, then make it rewatch.
  server.faults.stallWatchAfter(0);
  server.closeWatches();
  await eventually(() => server.openWatches === 1 && server.faults.count('stallWatch') === 1);
  new ChurnGenerator(server, { seed: 5, prefix: 'late' }).step(100);
  server.compact();
  server.closeWatches();
  await eventually(inSync);
  expect(cacheState()).toEqual(serverState());
  expect(server.faults.count('compaction')).toBe(1);
  // The 410 made the informer drop its resourceVersion and list again.
  expect(lists).toBe(2);
});

test('the official informer recovers from a dropped connection', async () => {
  loadPods(server, { count: 20 });
  await informer.start();
  await eventually(() => server.openWatches === 1);
  server.dropConnections();
  new ChurnGenerator(server, { seed: 9, prefix: 'after-drop' }).step(200);
  await eventually(() => errors.length > 0);
  await eventually(inSync);
  expect(cacheState()).toEqual(serverState());
  // It resumed watching from its resourceVersion: no relist was needed.
  expect(lists).toBe(1);
});
