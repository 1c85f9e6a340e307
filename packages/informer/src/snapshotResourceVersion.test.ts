import type { FifoKind } from '@rxkube/queue';
import type { IndexerSnapshot } from '@rxkube/store';
import { SharedIndexInformer } from './sharedIndexInformer.js';
import { FakeListerWatcher } from './testSupport/fakeListerWatcher.testing.js';
import { pod, type TestPod } from './testSupport/pods.testing.js';
import { VirtualClock, flushMicrotasks } from '@rxkube/devkit';

const contents = (s: IndexerSnapshot<TestPod>): string =>
  s
    .list()
    .map((p) => `${p.metadata.name}@${p.metadata.resourceVersion}`)
    .sort()
    .join(' ');

/**
 * An informer synced on an empty list at version 4, and every snapshot it emits from then on.
 * By default it publishes one snapshot per drain of its queue; `consistentSnapshots: false`
 * publishes one per key popped, which shows the version of every intermediate state.
 */
async function syncedAt4(
  fifo: FifoKind,
  consistentSnapshots = false,
  listed: TestPod[] = [],
): Promise<{
  lw: FakeListerWatcher<TestPod>;
  informer: SharedIndexInformer<TestPod>;
  seen: string[];
  clock: VirtualClock;
}> {
  const lw = new FakeListerWatcher<TestPod>();
  const clock = new VirtualClock();
  const informer = new SharedIndexInformer(lw, {
    scheduler: clock,
    reflector: { random: () => 0, streamingList: false },
    consistentSnapshots,
    fifo,
  });
  informer.start();
  lw.respondList(listed, '4');
  await informer.waitForCacheSync();
  const seen: string[] = [];
  informer.indexer$.subscribe((s) => seen.push(`${s.resourceVersion}: ${contents(s)}`));
  return { lw, informer, seen, clock };
}

// A snapshot may only claim a version once every change up to it, in the order of the watch
// stream, is in the snapshot. The DeltaFIFO coalesces per key and pops keys in the order they
// were first queued, so a@7 is applied (with a@5) before b@6; the RealFIFO pops in stream order.
const perPop = {
  real: ['4: ', '5: a@5', '6: a@5 b@6', '7: a@7 b@6'],
  delta: ['4: ', '5: a@7', '7: a@7 b@6'],
};
describe.each(['real', 'delta'] as const)('with fifo: %s', (fifo) => {
  test('writes a@5, b@6, a@7 in one turn: snapshot versions follow the stream and never claim a change still queued', async () => {
    const { lw, informer, seen } = await syncedAt4(fifo);
    lw.emit({ type: 'ADDED', object: pod('a', '5') });
    lw.emit({ type: 'ADDED', object: pod('b', '6') });
    lw.emit({ type: 'MODIFIED', object: pod('a', '7') });
    await flushMicrotasks();
    expect(seen).toEqual(perPop[fifo]);
    informer.stop();
  });

  test('by default, a@5, b@6, a@7 in one turn are published once, at the version of the last', async () => {
    const { lw, informer, seen } = await syncedAt4(fifo, true);
    lw.emit({ type: 'ADDED', object: pod('a', '5') });
    lw.emit({ type: 'ADDED', object: pod('b', '6') });
    lw.emit({ type: 'MODIFIED', object: pod('a', '7') });
    await flushMicrotasks();
    expect(seen).toEqual(['4: ', '7: a@7 b@6']);
    informer.stop();
  });

  test('a bookmark behind queued changes takes effect once they are applied', async () => {
    const { lw, informer, seen } = await syncedAt4(fifo);
    lw.emit({ type: 'ADDED', object: pod('a', '5') });
    lw.emit({ type: 'ADDED', object: pod('b', '6') });
    lw.emit({ type: 'BOOKMARK', object: { metadata: { resourceVersion: '9' } } });
    await flushMicrotasks();
    expect(seen).toEqual(['4: ', '5: a@5', '9: a@5 b@6']);
    informer.stop();
  });

  // A resync's Syncs carry cached objects and no version, but they are queued like the rest.
  test('a resync queued before a@5, b@6 makes no snapshot claim a change still queued', async () => {
    const { lw, informer, seen, clock } = await syncedAt4(fifo, false, [pod('x', '3')]);
    informer.handle({ resyncPeriod: 1000 }).subscribe();
    await flushMicrotasks();
    seen.length = 0;
    clock.advance(1000);
    lw.emit({ type: 'ADDED', object: pod('a', '5') });
    lw.emit({ type: 'ADDED', object: pod('b', '6') });
    await flushMicrotasks();
    expect(seen).toEqual(['5: a@5 x@3', '6: a@5 b@6 x@3']);
    informer.stop();
  });
});
