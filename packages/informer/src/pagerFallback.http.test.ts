import { eventually } from '@rxkube/devkit';
import type { KubeObject } from '@rxkube/store';
import { FakeApiServer, loadPods, type RecordedRequest } from '@rxkube/testing';
import { firstValueFrom, tap, type Observable } from 'rxjs';
import { listerWatcher } from './clientNode/clientNodeListerWatcher.js';
import { isExpired } from './errorPredicates.js';
import { ApiError } from './errors.js';
import type {
  ListPage,
  ListRequestOptions,
  ListerWatcher,
  ResourceVersionMatch,
} from './listerWatcher.js';
import { silentLogger } from './logger.js';
import { listAll, type ListResult } from './pager.js';
import { SharedIndexInformer } from './sharedIndexInformer.js';
import { cacheState, serverPodState } from './testSupport/cacheState.testing.js';
import { pod } from './testSupport/pods.testing.js';

// client-go's pager, over real HTTP: when a continue token expires (the snapshot was compacted
// between two pages), ONE unpaged list follows at the version and match rule first asked for —
// not at "" — and the Reflector falls back to "" only when that list fails as expired or too
// large. The assertions read the requests the fake API server recorded.
let server: FakeApiServer;
let informer: SharedIndexInformer<KubeObject> | undefined;

beforeEach(async () => {
  server = await FakeApiServer.start({ seed: 7 });
  informer = undefined;
});
afterEach(async () => {
  informer?.stop();
  await eventually(
    () => server.openWatches === 0 && server.openConnections === 0,
    'sockets to close',
  );
  await server.stop();
});

const pods = { version: 'v1', plural: 'pods' } as const;
const lists = (): Array<RecordedRequest['query']> =>
  server
    .requests()
    .filter((r) => r.method === 'GET' && r.path.endsWith('/pods') && r.query['watch'] === undefined)
    .map((r) => r.query);

/**
 * A lister-watcher that, once `armed`, moves the world on and compacts it away while the next
 * continue page is requested, so that page fails with 410 `Expired`; `afterExpiry` then runs.
 */
function compactingBetweenPages(
  lw: ListerWatcher<KubeObject>,
  afterExpiry: () => void = () => undefined,
): ListerWatcher<KubeObject> & { armed: boolean } {
  return {
    armed: false,
    description: lw.description,
    pageSize: lw.pageSize,
    watch: (options) => lw.watch(options),
    list(options: ListRequestOptions): Observable<ListPage<KubeObject>> {
      if (!this.armed || options.continue === undefined) return lw.list(options);
      this.armed = false;
      server.create(pod('newcomer', '', { metadata: { name: 'newcomer', namespace: 'a' } }));
      server.compact();
      return lw.list(options).pipe(tap({ error: afterExpiry }));
    },
  };
}

/**
 * Lists pods of `a` two at a time at the current version with `match`; the continue token of
 * the second page expires.
 */
async function pagedListThroughExpiry(
  match: ResourceVersionMatch,
): Promise<{ requested: string; outcome: ListResult<KubeObject> | unknown }> {
  loadPods(server, { count: 5, namespaces: ['a'] });
  const requested = server.resourceVersion;
  const lw = compactingBetweenPages(listerWatcher<KubeObject>(server.kubeConfig(), pods));
  lw.armed = true;
  server.clearRequests();
  const outcome = await firstValueFrom(
    listAll(lw, { resourceVersion: requested, resourceVersionMatch: match, limit: 2 }),
  ).catch((err: unknown) => err);
  return { requested, outcome };
}

test('an expired continue token is followed by one unpaged list at the requested version', async () => {
  const { requested, outcome } = await pagedListThroughExpiry('NotOlderThan');
  expect(lists()).toEqual([
    { resourceVersion: requested, resourceVersionMatch: 'NotOlderThan', limit: '2' },
    { continue: expect.any(String), limit: '2' },
    { resourceVersion: requested, resourceVersionMatch: 'NotOlderThan' },
  ]);
  const result = outcome as ListResult<KubeObject>;
  expect(cacheState(result.items)).toEqual(serverPodState(server));
  expect(result.resourceVersion).toBe(server.resourceVersion);
});

test('an Exact list whose continue token expires retries Exact, and its 410 is the caller’s', async () => {
  const { requested, outcome } = await pagedListThroughExpiry('Exact');
  expect(lists().at(-1)).toEqual({ resourceVersion: requested, resourceVersionMatch: 'Exact' });
  expect(lists()).toHaveLength(3);
  expect(outcome).toBeInstanceOf(ApiError);
  expect(isExpired(outcome)).toBe(true);
});

/**
 * Starts an informer listing pods of `a` two at a time, synced and watching, whose next relist
 * (at its last version, paged) meets an expired continue token.
 */
async function informerRelistingThroughExpiry(
  afterExpiry?: () => void,
): Promise<{ synced: string }> {
  loadPods(server, { count: 5, namespaces: ['a'] });
  const lw = compactingBetweenPages(
    listerWatcher<KubeObject>(server.kubeConfig(), pods, { pageSize: 2 }),
    afterExpiry,
  );
  informer = new SharedIndexInformer(lw, {
    // Relists by paged lists (the pager is what these tests pin), not by streaming lists.
    reflector: { backoff: { initialMs: 5, maxMs: 50 }, streamingList: false },
    logger: silentLogger,
  });
  informer.start();
  await informer.waitForCacheSync();
  await eventually(() => server.openWatches === 1, 'the watch');
  const synced = informer.lastSyncResourceVersion();
  // The watch ends; the next one is refused with a 500, which client-go answers with a relist
  // at the last version: paged, since a page size is configured.
  lw.armed = true;
  server.faults.failRequests({ code: 500, verb: 'watch' });
  server.clearRequests();
  server.closeWatches();
  const running = informer;
  await eventually(() => running.getIndexer().getByKey('a/newcomer') !== undefined, 'the newcomer');
  return { synced };
}

const cacheMatchesServer = (): boolean =>
  JSON.stringify(cacheState(informer?.getIndexer().list() ?? [])) ===
  JSON.stringify(serverPodState(server));

test('an informer whose continue token expires mid-relist lists again at the requested version', async () => {
  const { synced } = await informerRelistingThroughExpiry();
  expect(lists()).toEqual([
    { resourceVersion: synced, limit: '2' },
    { continue: expect.any(String), limit: '2' },
    { resourceVersion: synced },
  ]);
  expect(cacheMatchesServer()).toBe(true);
});

test('when that list fails as too large a version, the informer relists at "" (consistent)', async () => {
  // The unpaged list at the requested version meets a watch cache that is behind (504 with
  // cause ResourceVersionTooLarge): client-go's Reflector marks the version unavailable and
  // lists at "" at once.
  const { synced } = await informerRelistingThroughExpiry(() =>
    server.faults.failRequests({ code: 504, verb: 'list' }),
  );
  expect(lists()).toEqual([
    { resourceVersion: synced, limit: '2' },
    { continue: expect.any(String), limit: '2' },
    { resourceVersion: synced },
    { limit: '2' },
    { continue: expect.any(String), limit: '2' },
    { continue: expect.any(String), limit: '2' },
  ]);
  expect(cacheMatchesServer()).toBe(true);
});
