import { CoreV1Api, makeInformer } from '@kubernetes/client-node';
import type { V1Pod } from '@kubernetes/client-node';
import { ChurnGenerator, FakeApiServer, loadPods } from '@rxkube/testing';
import { DeletedFinalStateUnknown, type KubeObject } from '@rxkube/store';
import { firstValueFrom, type Observable } from 'rxjs';
import { listerWatcher, type ListerWatcherOptions } from './clientNode/clientNodeListerWatcher.js';
import type { InformerEvent } from './eventHandler.js';
import type { InformerError } from './errors.js';
import type { SharedIndexInformerOptions } from './informerOptions.js';
import type { ListRequestOptions, ListPage, ListerWatcher } from './listerWatcher.js';
import { listAll } from './pager.js';
import { silentLogger } from './logger.js';
import { SharedIndexInformer } from './sharedIndexInformer.js';
import { eventually } from '@rxkube/devkit';
import { cacheState, serverPodState } from './testSupport/cacheState.testing.js';
import { changeBehindStalledWatch } from './testSupport/changeBehindStalledWatch.testing.js';
import { pod, type TestPod } from './testSupport/pods.testing.js';
import { stopWhenSocketsClosed } from './testSupport/stopWhenSocketsClosed.testing.js';

let server: FakeApiServer;
let informers: SharedIndexInformer<KubeObject>[];
let errors: InformerError[];

// Fast retries: the scenarios below are about convergence, not about waiting.
const fast: SharedIndexInformerOptions<KubeObject>['reflector'] = {
  backoff: { initialMs: 5, maxMs: 50 },
};

beforeEach(async () => {
  server = await FakeApiServer.start({ seed: 11 });
  informers = [];
  errors = [];
});
afterEach(async () => {
  for (const informer of informers) informer.stop();
  await stopWhenSocketsClosed(server);
});

function start(
  lwOptions: ListerWatcherOptions<KubeObject> = {},
  options: SharedIndexInformerOptions<KubeObject> = {},
  wrap: (lw: ListerWatcher<KubeObject>) => ListerWatcher<KubeObject> = (lw) => lw,
): SharedIndexInformer<KubeObject> {
  const lw = wrap(listerWatcher(server.kubeConfig(), { version: 'v1', plural: 'pods' }, lwOptions));
  // These tests provoke failures and read them from errors$.
  const informer = new SharedIndexInformer(lw, {
    reflector: fast,
    logger: silentLogger,
    ...options,
  });
  informer.errors$.subscribe((err) => errors.push(err));
  informers.push(informer);
  informer.start();
  return informer;
}

const state = cacheState;
const serverState = (filter?: (p: TestPod) => boolean): string[] => serverPodState(server, filter);

function inSync(
  informer: SharedIndexInformer<KubeObject>,
  filter?: (p: TestPod) => boolean,
): boolean {
  return (
    JSON.stringify(state(informer.getIndexer().list())) === JSON.stringify(serverState(filter))
  );
}

test('syncs the initial list and follows adds, updates and deletes in order', async () => {
  loadPods(server, { count: 30, namespaces: ['a', 'b'] });
  const informer = start({ pageSize: 7 });
  const events: InformerEvent<KubeObject>[] = [];
  informer.handle().subscribe((e) => events.push(e));
  expect(await informer.waitForCacheSync()).toBe(true);
  expect(inSync(informer)).toBe(true);
  await eventually(() => server.openWatches === 1, 'the watch');
  server.create(pod('x', '', { metadata: { name: 'x', namespace: 'a' } }));
  server.patch<TestPod>({ apiVersion: 'v1', kind: 'Pod', namespace: 'a', name: 'x' }, (p) => {
    p.status = { phase: 'Running' };
  });
  server.delete({ apiVersion: 'v1', kind: 'Pod', namespace: 'a', name: 'x' });
  await eventually(() => events.length === 33, '33 events');
  expect(events.slice(30).map((e) => e.type)).toEqual(['add', 'update', 'delete']);
  expect(inSync(informer)).toBe(true);
  expect(informer.metrics().lists).toBe(1);
});

test('relists after a compaction (410) and reports objects deleted meanwhile as tombstones', async () => {
  loadPods(server, { count: 10, namespaces: ['a'] });
  // The first watch goes silent; behind its back objects change, one is deleted, and the
  // history is compacted. Idle detection reconnects; the stale version gets a 410; a relist
  // must find the deletion.
  server.faults.stallWatchAfter(0);
  const informer = start({}, { reflector: { ...fast, idleTimeoutMs: 300 } });
  const deletes: InformerEvent<KubeObject>[] = [];
  informer.handle().subscribe((e) => e.type === 'delete' && deletes.push(e));
  await informer.waitForCacheSync();
  const gone = await changeBehindStalledWatch(server);
  await eventually(() => inSync(informer), 'the cache to converge');
  expect(errors.some((e) => e.kind === 'api' && (e as { code?: number }).code === 410)).toBe(true);
  expect(informer.metrics().relists).toBe(1);
  const tombstone = deletes.find((e) => e.object instanceof DeletedFinalStateUnknown);
  expect((tombstone?.object as DeletedFinalStateUnknown<TestPod>).obj?.metadata.name).toBe(
    gone.metadata.name,
  );
});

test('a clean server-side timeout re-watches without a relist', async () => {
  loadPods(server, { count: 3 });
  const informer = start();
  await informer.waitForCacheSync();
  for (let round = 1; round <= 3; round++) {
    await eventually(
      () => server.openWatches === 1 && informer.metrics().watches === round,
      'the watch',
    );
    server.create(pod(`p${round}`, ''));
    await eventually(() => inSync(informer), 'the new pod');
    server.closeWatches();
  }
  await eventually(() => informer.metrics().watches === 4, 'the fourth watch');
  expect(informer.metrics().lists).toBe(1);
  expect(errors).toEqual([]);
});

test('a paged list whose continue token expires restarts and stays consistent', async () => {
  loadPods(server, { count: 9, namespaces: ['a'] });
  const lw = listerWatcher<KubeObject>(server.kubeConfig(), { version: 'v1', plural: 'pods' });
  let compacted = false;
  const compacting: ListerWatcher<KubeObject> = {
    description: lw.description,
    watch: (options) => lw.watch(options),
    list: (options: ListRequestOptions): Observable<ListPage<KubeObject>> => {
      if (options.continue !== undefined && !compacted) {
        // Between page 1 and page 2 the world moves on and the snapshot is compacted away.
        compacted = true;
        server.create(pod('newcomer', '', { metadata: { name: 'newcomer', namespace: 'a' } }));
        server.compact();
      }
      return lw.list(options);
    },
  };
  const result = await firstValueFrom(listAll(compacting, '', 4));
  expect(compacted).toBe(true);
  expect(state(result.items)).toEqual(serverState());
  expect(result.resourceVersion).toBe(server.resourceVersion);
});

test('bookmarks advance the resource version without touching the cache', async () => {
  loadPods(server, { count: 2 });
  const informer = start();
  await informer.waitForCacheSync();
  await eventually(() => server.openWatches === 1, 'the watch');
  const before = informer.indexer$.value;
  // A streaming list ends at a bookmark of its own; count from there.
  const bookmarks = informer.metrics().bookmarks;
  server.create({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'bump', namespace: 'default' },
  });
  server.sendBookmarks();
  await eventually(() => informer.metrics().bookmarks === bookmarks + 1, 'a bookmark');
  expect(informer.lastSyncResourceVersion()).toBe(server.resourceVersion);
  expect(informer.indexer$.value.list()).toEqual(before.list());
  expect(informer.indexer$.value.resourceVersion).toBe(server.resourceVersion);
});

test('label- and field-selected informers hold exactly the matching objects', async () => {
  const labelled = start({ labelSelector: 'churn=hot' });
  const inA = start({ fieldSelector: 'metadata.namespace=a' });
  await Promise.all([labelled.waitForCacheSync(), inA.waitForCacheSync()]);
  new ChurnGenerator(server, { namespaces: ['a', 'b'], seed: 4, maxObjects: 40 }).step(300);
  await eventually(
    () =>
      inSync(labelled, (p) => p.metadata.labels?.['churn'] === 'hot') &&
      inSync(inA, (p) => p.metadata.namespace === 'a'),
    'both caches',
  );
  expect(labelled.getIndexer().size).toBeGreaterThan(0);
});

test('a stalled watch is detected as dead and re-established; changes made meanwhile arrive', async () => {
  loadPods(server, { count: 3 });
  // The first watch is accepted, then stays silent forever without closing.
  server.faults.stallWatchAfter(0);
  const informer = start({}, { reflector: { ...fast, idleTimeoutMs: 300 } });
  await informer.waitForCacheSync();
  await eventually(() => server.faults.count('stallWatch') === 1, 'the stall');
  server.create(pod('during-stall', ''));
  await eventually(() => inSync(informer), 'the change made during the stall');
  expect(errors.map((e) => e.kind)).toEqual(['idle']);
  expect(informer.metrics()).toMatchObject({ lists: 1, watches: 2 });
});

test('survives malformed lines, reset connections and 429/500 answers, and converges', async () => {
  loadPods(server, { count: 5, namespaces: ['a'] });
  // List-then-watch: the faults are armed for the watch that follows the list, and the 500 is
  // for the relist's list.
  const informer = start({}, { reflector: { ...fast, streamingList: false } });
  await informer.waitForCacheSync();
  const churn = new ChurnGenerator(server, { namespaces: ['a'], seed: 9, maxObjects: 30 });
  server.faults.malformedLineAfter(2);
  churn.step(10);
  await eventually(() => inSync(informer), 'convergence after a malformed line');
  server.faults.resetWatchAfter(1);
  server.faults.failRequests({ code: 429, retryAfterSeconds: 0, verb: 'watch', times: 2 });
  server.faults.failRequests({ code: 500, verb: 'list', times: 1 });
  churn.step(10);
  await eventually(() => inSync(informer), 'convergence after resets and refusals');
  churn.step(10);
  await eventually(() => inSync(informer), 'convergence afterwards');
  expect(new Set(errors.map((e) => e.kind))).toContain('decode');
});

test('follows the same churn as client-node’s makeInformer, and both match the server', async () => {
  loadPods(server, { count: 40, namespaces: ['a', 'b'] });
  const kc = server.kubeConfig();
  const core = kc.makeApiClient(CoreV1Api);
  const theirs = makeInformer<V1Pod>(kc, '/api/v1/pods', () => core.listPodForAllNamespaces());
  const ours = start();
  await Promise.all([theirs.start(), ours.waitForCacheSync()]);
  try {
    await eventually(() => server.openWatches === 2, 'both watches');
    const churn = new ChurnGenerator(server, {
      namespaces: ['a', 'b', 'c'],
      seed: 21,
      maxObjects: 120,
    });
    churn.step(1_000);
    await eventually(
      () =>
        inSync(ours) &&
        JSON.stringify(state(theirs.list() as KubeObject[])) === JSON.stringify(serverState()),
      'both caches to match the server',
    );
    expect(state(ours.getIndexer().list())).toEqual(state(theirs.list() as KubeObject[]));
  } finally {
    await theirs.stop();
  }
});

test('stopping closes every socket and watch', async () => {
  loadPods(server, { count: 3 });
  const informer = start();
  informer.handle({ resyncPeriod: 1000 }).subscribe();
  await informer.waitForCacheSync();
  await eventually(() => server.openWatches === 1, 'the watch');
  informer.stop();
  await eventually(
    () => server.openWatches === 0 && server.openConnections === 0,
    'sockets to close',
  );
});
