import { map } from 'rxjs';
import { NamespaceIndex, metaNamespaceIndexFunc } from './indexFunc.js';
import { Indexer } from './indexer.js';
import { byReference, marbleScheduler } from './marbles.testing.js';
import type { TestPod } from './pods.testing.js';
import { storyNames, storyPods } from './snapshotStory.testing.js';

// The Indexer's `indexer$`: writes are scheduled as the values of a cold Observable (each
// letter a write), and snapshots are written as the names of the objects they hold.

const { a1, a2, a2v2, b1 } = storyPods;

function newIndexer(): Indexer<TestPod> {
  const indexer = new Indexer<TestPod>({ indexers: { [NamespaceIndex]: metaNamespaceIndexFunc } });
  indexer.replace([a1, b1], '1');
  return indexer;
}

describe('IndexerSubject (marbles)', () => {
  it('emits the current snapshot on subscription, then one per write that changes the content', () => {
    const indexer = newIndexer();
    marbleScheduler().run(({ cold, expectObservable }) => {
      const writes = {
        a: () => indexer.add(a2),
        u: () => indexer.update(a2), // the same object again: nothing changes
        e: () => indexer.update(a2v2),
        d: () => indexer.delete(a1),
        m: () => indexer.delete(a1), // already gone
      };
      cold('-a-u-e-d-m-', writes).subscribe((write) => write());
      expectObservable(indexer.indexer$.pipe(map((s) => storyNames(s.list())))).toBe(
        'vw---x-y---',
        { v: 'a1 b1', w: 'a1 a2 b1', x: 'a1 a2v2 b1', y: 'a2v2 b1' },
      );
    });
  });

  it('emits a batch of writes as one snapshot', () => {
    const indexer = newIndexer();
    marbleScheduler().run(({ cold, expectObservable }) => {
      const writes = {
        b: () =>
          indexer.batch(() => {
            indexer.add(a2);
            indexer.delete(a1);
            indexer.update(a2v2);
          }),
      };
      cold('--b-', writes).subscribe((write) => write());
      expectObservable(indexer.indexer$.pipe(map((s) => storyNames(s.list())))).toBe('v-w-', {
        v: 'a1 b1',
        w: 'a2v2 b1',
      });
    });
  });

  it('starts a late subscriber from the current snapshot, the one earlier subscribers hold', () => {
    const indexer = newIndexer();
    marbleScheduler().run(({ cold, expectObservable }) => {
      cold('-a---d-', { a: () => indexer.add(a2), d: () => indexer.delete(a1) }).subscribe(
        (write) => write(),
      );
      const names = byReference();
      expectObservable(indexer.indexer$.pipe(names)).toBe('AB---C-');
      expectObservable(indexer.indexer$.pipe(names), '---^----').toBe('---B-C-');
    });
  });

  it('emits the last snapshot and completes on close', () => {
    const indexer = newIndexer();
    marbleScheduler().run(({ cold, expectObservable }) => {
      cold('-a-c-', { a: () => indexer.add(a2), c: () => indexer.close() }).subscribe((write) =>
        write(),
      );
      expectObservable(indexer.indexer$.pipe(map((s) => storyNames(s.list())))).toBe('vw-|', {
        v: 'a1 b1',
        w: 'a1 a2 b1',
      });
    });
  });
});
