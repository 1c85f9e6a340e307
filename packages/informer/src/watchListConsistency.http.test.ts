import { eventually } from '@rxkube/devkit';
import type { KubeObject } from '@rxkube/store';
import type { FakeApiServer } from '@rxkube/testing';
import { loadPods } from '@rxkube/testing';
import { filter, finalize, type Observable } from 'rxjs';
import { listerWatcher } from './clientNode/clientNodeListerWatcher.js';
import { WatchListInconsistencyError, type InformerError } from './errors.js';
import type { ListerWatcher, WatchEvent } from './listerWatcher.js';
import { silentLogger } from './logger.js';
import { SharedIndexInformer } from './sharedIndexInformer.js';
import { fakeServerPerTest } from './testSupport/fakeServerPerTest.testing.js';

// client-go's watch-list consistency check (KUBE_WATCHLIST_INCONSISTENCY_DETECTOR), over real
// HTTP: after a streaming list the informer lists at exactly the bookmark's version
// (resourceVersionMatch=Exact) and compares.
let server: FakeApiServer;
fakeServerPerTest((s) => (server = s));
let informer: SharedIndexInformer<KubeObject> | undefined;
afterEach(() => informer?.stop());

/**
 * The client-node lister-watcher, optionally dropping one object from the initial events (a
 * server whose watch cache lost it); `checked` turns true once the Exact list has completed.
 */
function observed(dropFromStream?: string): ListerWatcher<KubeObject> & { checked: boolean } {
  const lw = listerWatcher<KubeObject>(server.kubeConfig(), { version: 'v1', plural: 'pods' });
  return {
    checked: false,
    description: lw.description,
    list(options) {
      const exact = options.resourceVersionMatch === 'Exact';
      return lw.list(options).pipe(finalize(() => (this.checked ||= exact)));
    },
    watch(options): Observable<WatchEvent<KubeObject>> {
      return lw
        .watch(options)
        .pipe(filter((e) => e.type !== 'ADDED' || e.object.metadata?.name !== dropFromStream));
    },
  };
}

function start(
  lw: ListerWatcher<KubeObject>,
  errors: InformerError[],
): SharedIndexInformer<KubeObject> {
  informer = new SharedIndexInformer(lw, {
    reflector: { streamingList: true, checkWatchListConsistency: true },
    logger: silentLogger,
  });
  informer.errors$.subscribe((e) => errors.push(e));
  informer.start();
  return informer;
}

const exactLists = () =>
  server
    .requests()
    .filter((r) => r.query['resourceVersionMatch'] === 'Exact' && r.query['watch'] === undefined)
    .map((r) => r.query);

test('a consistent streaming list is checked by one Exact list at its version, quietly', async () => {
  loadPods(server, { count: 4, namespaces: ['a'] });
  const errors: InformerError[] = [];
  const lw = observed();
  const running = start(lw, errors);
  await running.waitForCacheSync();
  await eventually(() => lw.checked, 'the consistency list');
  expect(exactLists()).toEqual([
    { resourceVersion: running.lastSyncResourceVersion(), resourceVersionMatch: 'Exact' },
  ]);
  expect(errors).toEqual([]);
});

test('objects the stream lost are reported as a typed inconsistency; the informer keeps going', async () => {
  loadPods(server, { count: 4, namespaces: ['a'] });
  const [lost] = server.list('v1', 'Pod');
  const errors: InformerError[] = [];
  const lw = observed(lost!.metadata.name);
  const running = start(lw, errors);
  await running.waitForCacheSync();
  await eventually(() => lw.checked, 'the consistency list');
  expect(errors).toHaveLength(1);
  expect(errors[0]).toBeInstanceOf(WatchListInconsistencyError);
  expect(errors[0]).toMatchObject({
    kind: 'inconsistent',
    missing: [`a/${lost!.metadata.name}`],
    unexpected: [],
    differing: [],
  });
  // It carries on with what the stream delivered and follows later changes.
  expect(running.getIndexer().size).toBe(3);
  server.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'later', namespace: 'a' } });
  await eventually(() => running.getIndexer().getByKey('a/later') !== undefined, 'a later pod');
});
