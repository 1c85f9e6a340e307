import { FifoInput, deltaFifo } from '@rxkube/queue';
import { Indexer } from '@rxkube/store';
import { map } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { applyToIndexer } from './applyToIndexer.js';
import { holdDuringRelists } from './holdDuringRelists.js';
import type { ReflectorInput } from './listsToReplace.js';
import { SnapshotHolder } from './snapshotHolder.js';
import { pod, type TestPod } from './testSupport/pods.testing.js';

// Inputs go through a real queue and Indexer; what is asserted is what a reader of the held
// snapshots sees, each snapshot written as the names it holds and its version.

const marbles = (): TestScheduler =>
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const names = (snapshot: { list(): readonly TestPod[]; resourceVersion: string }): string =>
  snapshot
    .list()
    .map((o) => o.metadata.name)
    .sort()
    .join(' ') + `@${snapshot.resourceVersion}`;

function setup(): { indexer: Indexer<TestPod>; holder: SnapshotHolder<TestPod> } {
  const indexer = new Indexer<TestPod>({ resourceVersionFromWrites: false });
  indexer.replace([pod('a', '1'), pod('b', '1')], '1');
  return { indexer, holder: new SnapshotHolder(indexer) };
}

function pipeline(indexer: Indexer<TestPod>, holder: SnapshotHolder<TestPod>) {
  return [
    deltaFifo<TestPod, ReflectorInput<TestPod>>({
      knownObjects: indexer,
      emitDeltaTypeReplaced: true,
    }),
    applyToIndexer<TestPod, ReflectorInput<TestPod>>(indexer, () => ({ resource: 'pods' })),
    holdDuringRelists<TestPod, ReflectorInput<TestPod>>(holder),
  ] as const;
}

describe('holdDuringRelists (marbles)', () => {
  it('releases a relist as ONE snapshot once its last key is applied, then follows each pop again', () => {
    const { indexer, holder } = setup();
    marbles().run(({ cold, expectObservable }) => {
      // A relist that drops a, keeps b and adds c (three keys, three pops), then an update.
      const inputs = cold<ReflectorInput<TestPod>>('-r-u-', {
        r: FifoInput.replace([pod('b', '1'), pod('c', '2')], '2'),
        u: FifoInput.update(pod('c', '3')),
      });
      const [fifo, applied, held] = pipeline(indexer, holder);
      inputs.pipe(fifo, applied, held).subscribe();
      expectObservable(holder.snapshots$.pipe(map(names))).toBe('vw-x-', {
        v: 'a b@1',
        w: 'b c@2',
        x: 'b c@3',
      });
    });
  });

  it('holds nothing for a relist that queued nothing', () => {
    const indexer = new Indexer<TestPod>({ resourceVersionFromWrites: false });
    const holder = new SnapshotHolder(indexer);
    marbles().run(({ cold, expectObservable }) => {
      const inputs = cold<ReflectorInput<TestPod>>('-r-a-', {
        r: FifoInput.replace([], '2'),
        a: FifoInput.add(pod('a', '3')),
      });
      const [fifo, applied, held] = pipeline(indexer, holder);
      inputs.pipe(fifo, applied, held).subscribe();
      expect(holder.holding).toBe(false);
      expectObservable(holder.snapshots$.pipe(map(names))).toBe('vw-x-', {
        v: '@',
        w: '@2',
        x: 'a@3',
      });
    });
  });

  it('without it, a reader sees every pop of a relist (what consistentSnapshots: false gives)', () => {
    const { indexer, holder } = setup();
    marbles().run(({ cold, expectObservable }) => {
      const inputs = cold<ReflectorInput<TestPod>>('-r-', {
        r: FifoInput.replace([pod('b', '1'), pod('c', '2')], '2'),
      });
      const [fifo, applied] = pipeline(indexer, holder);
      inputs.pipe(fifo, applied).subscribe();
      // The listed keys pop first (b, unchanged, shows nothing), then a's tombstone: the
      // reader sees c added while a, gone from the list, is still there.
      expectObservable(holder.snapshots$.pipe(map(names))).toBe('v(wx)', {
        v: 'a b@1',
        w: 'a b c@1',
        x: 'b c@2',
      });
    });
  });
});
