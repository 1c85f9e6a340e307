import { eventually } from '@rxkube/devkit';
import type { KubeObject } from '@rxkube/store';
import {
  ChurnGenerator,
  FakeApiServer,
  loadPods,
  type FakeApiServerOptions,
  type RecordedRequest,
} from '@rxkube/testing';
import { Subject, concatMap, firstValueFrom, map, of, take, type Observable } from 'rxjs';
import { listerWatcher } from './clientNode/clientNodeListerWatcher.js';
import type { InformerError } from './errors.js';
import type { SharedIndexInformerOptions } from './informerOptions.js';
import type { ListerWatcher, WatchEvent } from './listerWatcher.js';
import { silentLogger } from './logger.js';
import { listAll } from './pager.js';
import { initialEventsEndAnnotation } from './reflectorOptions.js';
import { SharedIndexInformer } from './sharedIndexInformer.js';
import { cacheState, serverPodState } from './testSupport/cacheState.testing.js';
import { stopWhenSocketsClosed } from './testSupport/stopWhenSocketsClosed.testing.js';

// The informer's default sync is a streaming list (client-go's WatchList), over real HTTP
// against the fake API server: what it asks for, when the sync ends, how it falls back to a
// paged list when the server refuses, and that the streamed set is the server's at that version.
// The assertions read the requests the server recorded, never timing.
let server: FakeApiServer;
let informer: SharedIndexInformer<KubeObject> | undefined;
let errors: InformerError[];
/** What the informer logged at `info`: a fallback to a list is logged there, not a failure. */
let infos: Array<Record<string, unknown> | undefined>;

async function startServer(options: FakeApiServerOptions = {}): Promise<void> {
  server = await FakeApiServer.start({ seed: 5, ...options });
  loadPods(server, { count: 12, namespaces: ['a', 'b'] });
}

afterEach(async () => {
  informer?.stop();
  informer = undefined;
  await stopWhenSocketsClosed(server);
});

const pods = { version: 'v1', plural: 'pods' } as const;

/** Starts an informer with every default but a short backoff (fallbacks relist sooner). */
function start(
  lw: ListerWatcher<KubeObject> = listerWatcher<KubeObject>(server.kubeConfig(), pods),
  reflector: SharedIndexInformerOptions<KubeObject>['reflector'] = {},
): SharedIndexInformer<KubeObject> {
  errors = [];
  infos = [];
  const started = new SharedIndexInformer(lw, {
    reflector: { backoff: { initialMs: 5, maxMs: 50 }, ...reflector },
    logger: { ...silentLogger, info: (_message, fields) => infos.push(fields) },
  });
  started.errors$.subscribe((e) => errors.push(e));
  started.start();
  informer = started;
  return started;
}

/** The pod requests the server received, each as a watch or a list with its parameters. */
const podRequests = (): Array<RecordedRequest['query']> =>
  server
    .requests()
    .filter((r) => r.method === 'GET' && r.path === '/api/v1/pods')
    .map((r) => {
      // Parameters every watch sends and no assertion is about.
      const { timeoutSeconds: _timeout, ...query } = r.query;
      return query;
    });

/** @param resourceVersion - `""` (sent empty) for a consistent snapshot of the newest state */
const streamingListRequest = (resourceVersion = ''): Record<string, unknown> => ({
  watch: 'true',
  sendInitialEvents: 'true',
  resourceVersionMatch: 'NotOlderThan',
  allowWatchBookmarks: 'true',
  resourceVersion,
});
const watchRequest = (resourceVersion: string): Record<string, unknown> => ({
  watch: 'true',
  allowWatchBookmarks: 'true',
  resourceVersion,
});
const inSync = (running: SharedIndexInformer<KubeObject>): boolean =>
  JSON.stringify(cacheState(running.getIndexer().list())) ===
  JSON.stringify(serverPodState(server));

/**
 * Makes a change and waits until the informer's watch has delivered it, so that the watch is
 * neither very short nor empty when it ends; then clears the recorded requests.
 *
 * @returns the informer's resource version after the change
 */
async function followAChange(running: SharedIndexInformer<KubeObject>): Promise<string> {
  server.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'changed', namespace: 'a' } });
  await eventually(() => inSync(running), 'the change');
  server.clearRequests();
  return running.lastSyncResourceVersion();
}

test('a default informer syncs by one streaming list and keeps it as its watch: no list request', async () => {
  await startServer();
  const running = start();
  await running.waitForCacheSync();
  expect(inSync(running)).toBe(true);
  server.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'later', namespace: 'a' } });
  await eventually(() => inSync(running), 'a later pod');
  expect(podRequests()).toEqual([streamingListRequest()]);
  expect(running.metrics()).toMatchObject({ watches: 1 });
  expect(errors).toEqual([]);
});

test('the bookmark annotated k8s.io/initial-events-end ends the sync, at its version', async () => {
  await startServer();
  const release = new Subject<void>();
  const added: string[] = [];
  const lw = listerWatcher<KubeObject>(server.kubeConfig(), pods);
  // Holds back the bookmark that ends the initial events until the test releases it.
  const holdingEndBookmark: ListerWatcher<KubeObject> = {
    description: lw.description,
    list: (options) => lw.list(options),
    watch: (options): Observable<WatchEvent<KubeObject>> =>
      lw.watch(options).pipe(
        concatMap((event) => {
          if (event.type === 'ADDED') added.push(event.object.metadata?.name ?? '');
          const ends =
            event.type === 'BOOKMARK' &&
            event.object.metadata?.annotations?.[initialEventsEndAnnotation] === 'true';
          return ends
            ? release.pipe(
                take(1),
                map(() => event),
              )
            : of(event);
        }),
      ),
  };
  const running = start(holdingEndBookmark);
  await eventually(() => added.length === 12, 'every initial event');
  // Every object has arrived, and still nothing is cached: the sync waits for the bookmark.
  expect(running.hasSynced()).toBe(false);
  expect(running.getIndexer().size).toBe(0);
  const bookmarkVersion = server.resourceVersion;
  release.next();
  await running.waitForCacheSync();
  expect(running.lastSyncResourceVersion()).toBe(bookmarkVersion);
  expect(inSync(running)).toBe(true);
});

/**
 * Starts a default informer on a server that refuses its streaming list, and checks that it
 * synced by one refused streaming list, one paged list and a watch from that list's version.
 *
 * @returns the synced informer, watching
 */
async function syncedByFallback(): Promise<SharedIndexInformer<KubeObject>> {
  const running = start();
  await running.waitForCacheSync();
  await eventually(() => server.openWatches === 1, 'the watch');
  expect(inSync(running)).toBe(true);
  expect(podRequests()).toEqual([
    streamingListRequest(),
    { resourceVersion: '0', limit: '500' },
    watchRequest(running.lastSyncResourceVersion()),
  ]);
  return running;
}

test('a server whose WatchList gate is off refuses with 422: one paged list, and each relist tries streaming again', async () => {
  await startServer({ watchList: false });
  const running = await syncedByFallback();
  // A refusal is expected of such servers: logged as a fallback, not reported as a failure.
  expect(errors).toEqual([]);
  expect(infos).toEqual([
    expect.objectContaining({ kind: 'api', cause: expect.stringContaining('422') }),
  ]);

  // A relist (the watch ends after an event, its re-watch is refused with a 500) streams first
  // again, as client-go's does, and falls back again.
  const watched = await followAChange(running);
  server.faults.failRequests({ code: 500, verb: 'watch' });
  server.closeWatches();
  await eventually(() => podRequests().length === 4, 'the relist');
  expect(podRequests()).toEqual([
    watchRequest(watched),
    streamingListRequest(watched),
    { resourceVersion: watched },
    watchRequest(watched),
  ]);
  expect(inSync(running)).toBe(true);
});

test.each([400, 403] as const)(
  'a streaming list refused with %i falls back to a paged list; the next relist streams',
  async (code) => {
    await startServer();
    server.faults.failRequests({ code, verb: 'watch' });
    const running = await syncedByFallback();
    if (code === 400) {
      // Options refused: the server does not serve streaming lists; logged, not a failure.
      expect(errors).toEqual([]);
      expect(infos).toEqual([
        expect.objectContaining({ kind: 'api', cause: expect.stringContaining('400') }),
      ]);
    } else {
      // Access refused is a failure worth reporting, even though a list is tried next.
      expect(errors).toEqual([expect.objectContaining({ kind: 'api', code: 403 })]);
      expect(infos).toEqual([]);
    }

    // The refusal is not remembered: after a 410 the informer streams again, and it works.
    const watched = await followAChange(running);
    server.faults.failRequests({ code: 410, verb: 'watch' });
    server.closeWatches();
    await eventually(() => podRequests().length === 2, 'the streamed relist');
    expect(podRequests()).toEqual([watchRequest(watched), streamingListRequest(watched)]);
    server.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'last', namespace: 'b' } });
    await eventually(() => inSync(running), 'a change after the streamed relist');
  },
);

test('the streamed set equals a list at exactly the same version (and the built-in check agrees)', async () => {
  await startServer();
  // A history of creates, updates and deletes, so versions and keys are not the initial ones.
  new ChurnGenerator(server, { namespaces: ['a', 'b'], seed: 8, maxObjects: 30 }).step(60);
  const lw = listerWatcher<KubeObject>(server.kubeConfig(), pods);
  const running = start(lw, { checkWatchListConsistency: true });
  await running.waitForCacheSync();
  const version = running.lastSyncResourceVersion();
  // The built-in check (client-go's KUBE_WATCHLIST_INCONSISTENCY_DETECTOR) lists at `Exact`.
  await eventually(
    () => podRequests().some((q) => q['resourceVersionMatch'] === 'Exact'),
    'the consistency list',
  );
  const exact = await firstValueFrom(
    listAll(lw, { resourceVersion: version, resourceVersionMatch: 'Exact' }),
  );
  const identity = (objects: readonly KubeObject[]): string[] =>
    objects.map((o) => `${cacheState([o])[0]}#${o.metadata?.uid}`).sort();
  expect(identity(running.getIndexer().list())).toEqual(identity(exact.items));
  expect(exact.resourceVersion).toBe(version);
  expect(podRequests()[0]).toEqual(streamingListRequest());
  expect(errors).toEqual([]);
});

test('a streaming list the server accepts and never answers gets the list idle bound: ListIdleError, then a paged list syncs', async () => {
  await startServer();
  // Longer than the test may last: only the list idle bound can end the wait.
  server.faults.delayRequests({ ms: 600_000, verb: 'watch' });
  const lw = listerWatcher<KubeObject>(server.kubeConfig(), pods, { listIdleTimeoutMs: 200 });
  start(lw);
  await eventually(() => informer!.hasSynced(), 'the sync');
  expect(errors.map((error) => error.name)).toEqual(['ListIdleError']);
  expect(errors[0]).toMatchObject({ kind: 'idle', idleMs: 200 });
  expect(podRequests()[1]).toMatchObject({ resourceVersion: '0', limit: '500' });
  await eventually(() => inSync(informer!), 'the cache to converge');
});
