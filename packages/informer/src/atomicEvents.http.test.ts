import { FakeApiServer, loadPods } from '@rxkube/testing';
import { DeletedFinalStateUnknown, type KubeObject } from '@rxkube/store';
import { eventually } from '@rxkube/devkit';
import { Subject } from 'rxjs';
import { listerWatcher } from './clientNode/clientNodeListerWatcher.js';
import type { InformerEvent } from './eventHandler.js';
import { silentLogger } from './logger.js';
import { SharedIndexInformer } from './sharedIndexInformer.js';
import { cacheState, serverPodState } from './testSupport/cacheState.testing.js';
import { changeBehindStalledWatch } from './testSupport/changeBehindStalledWatch.testing.js';
import { stopWhenSocketsClosed } from './testSupport/stopWhenSocketsClosed.testing.js';

/** An event as a line: its type, object (`~` for a tombstone) and resource versions. */
function describe(event: InformerEvent<KubeObject>): string {
  const { object } = event;
  const tombstone = object instanceof DeletedFinalStateUnknown;
  const obj = (tombstone ? object.obj : object) as KubeObject | undefined;
  const old = event.type === 'update' ? `${event.oldObject.metadata?.resourceVersion}->` : '';
  const name = `${obj?.metadata?.namespace}/${obj?.metadata?.name}`;
  return `${event.type}${tombstone ? '~' : ''} ${name}@${old}${obj?.metadata?.resourceVersion} initial=${event.isInInitialList}`;
}

interface Run {
  readonly cache: string[];
  readonly all: string[];
  readonly resynced: string[];
}

/**
 * Runs one informer through an initial list, a relist (after a 410) that finds a deletion and
 * changes its watch missed, and a resync, on a fresh fake server with a fixed seed.
 */
async function run(atomicEvents: boolean): Promise<Run> {
  const server = await FakeApiServer.start({ seed: 11 });
  const informer = new SharedIndexInformer(
    listerWatcher(server.kubeConfig(), { version: 'v1', plural: 'pods' }),
    {
      fifo: 'real',
      atomicEvents,
      logger: silentLogger,
      reflector: { backoff: { initialMs: 5, maxMs: 50 }, idleTimeoutMs: 300 },
    },
  );
  try {
    loadPods(server, { count: 10, namespaces: ['a'] });
    server.faults.stallWatchAfter(0);
    const all: string[] = [];
    const resynced: string[] = [];
    const resync = new Subject<void>();
    informer.handle().subscribe((e) => all.push(describe(e)));
    informer.handle({ resync$: resync }).subscribe((e) => resynced.push(describe(e)));
    informer.start();
    await informer.waitForCacheSync();
    await changeBehindStalledWatch(server);
    const converged = (): boolean =>
      JSON.stringify(cacheState(informer.getIndexer().list())) ===
      JSON.stringify(serverPodState(server));
    await eventually(converged, 'the cache to converge');
    const cached = informer.getIndexer().list().length;
    const before = resynced.length;
    resync.next();
    await eventually(() => resynced.length === before + cached, 'the resync');
    expect(informer.metrics().relists).toBe(1);
    return { cache: cacheState(informer.getIndexer().list()), all, resynced };
  } finally {
    informer.stop();
    await stopWhenSocketsClosed(server);
  }
}

test('with atomicEvents, the cache and every handler end as without it', async () => {
  const perObject = await run(false);
  const atomic = await run(true);
  expect(atomic).toEqual(perObject);
  // The runs did what the scenario says: an initial list, a relist with a deletion, a resync.
  expect(
    perObject.all.filter((e) => e.startsWith('add ') && e.endsWith('initial=true')),
  ).toHaveLength(10);
  const resyncs = perObject.resynced.filter((e) => /^update \S+@(\d+)->\1 /.test(e));
  expect(resyncs).toHaveLength(perObject.cache.length);
  expect(perObject.all.filter((e) => e.startsWith('delete~'))).toHaveLength(1);
  expect(
    perObject.all.filter((e) => e.startsWith('add ') && e.endsWith('initial=false')).length,
  ).toBeGreaterThan(0);
});

test('atomicEvents needs the RealFIFO', () => {
  const lw = listerWatcher({ makeApiClient: () => undefined } as never, {
    version: 'v1',
    plural: 'pods',
  });
  expect(() => new SharedIndexInformer(lw, { fifo: 'delta', atomicEvents: true })).toThrow(
    RangeError,
  );
});
