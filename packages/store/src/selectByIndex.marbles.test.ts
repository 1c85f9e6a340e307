import { map } from 'rxjs';
import { NamespaceIndex } from './indexFunc.js';
import { IndexNotFoundError } from './indexErrors.js';
import { byReference, marbleScheduler } from './marbles.testing.js';
import type { TestPod } from './pods.testing.js';
import { selectByIndex } from './selectByIndex.js';
import { snapshotStory, storyNames } from './snapshotStory.testing.js';

// Letters of the source are the snapshots of `snapshotStory`; see there for what each holds.

describe('selectByIndex (marbles)', () => {
  it('emits the first answer, then only when the bucket changes', () => {
    marbleScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const snapshots = cold('a-b-c-d-e-f-g-|', snapshotStory());
      const answers = snapshots.pipe(selectByIndex<TestPod>(NamespaceIndex, 'a'), map(storyNames));
      expectObservable(answers).toBe('x-------y-z---|', { x: 'a1 a2', y: 'a1 a2v2', z: 'a2v2' });
      expectSubscriptions(snapshots.subscriptions).toBe('^-------------!');
    });
  });

  it('answers an empty array for a value nothing is indexed under, once', () => {
    marbleScheduler().run(({ cold, expectObservable }) => {
      const snapshots = cold('a-b-c-e-f-g|', snapshotStory());
      expectObservable(snapshots.pipe(selectByIndex<TestPod>(NamespaceIndex, 'd'))).toBe(
        'x----------|',
        { x: [] },
      );
    });
  });

  it('gives an unchanged bucket the same array, also after other answers in between', () => {
    const story = snapshotStory();
    marbleScheduler().run(({ cold, expectObservable }) => {
      const first = cold('a-e-a-e|', story).pipe(selectByIndex<TestPod>(NamespaceIndex, 'a'));
      const second = cold('--a-e-|', story).pipe(selectByIndex<TestPod>(NamespaceIndex, 'a'));
      // One naming across both streams: a second subscriber gets the very arrays of the first.
      const names = byReference<readonly TestPod[]>();
      expectObservable(first.pipe(names)).toBe('A-B-A-B|');
      expectObservable(second.pipe(names)).toBe('--A-B-|');
    });
  });

  it('errors with IndexNotFoundError for an unknown index', () => {
    marbleScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const snapshots = cold('-a-b-|', snapshotStory());
      expectObservable(snapshots.pipe(selectByIndex<TestPod>('nope', 'a'))).toBe(
        '-#',
        undefined,
        new IndexNotFoundError('nope'),
      );
      expectSubscriptions(snapshots.subscriptions).toBe('^!');
    });
  });

  it('passes the source error on, and unsubscribes the source with its subscriber', () => {
    marbleScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const failing = cold('a-#', snapshotStory(), new Error('gone'));
      expectObservable(
        failing.pipe(selectByIndex<TestPod>(NamespaceIndex, 'a'), map(storyNames)),
      ).toBe('x-#', { x: 'a1 a2' }, new Error('gone'));
      const endless = hot('-a-e-f-', snapshotStory());
      expectObservable(
        endless.pipe(selectByIndex<TestPod>(NamespaceIndex, 'a'), map(storyNames)),
        '^---!',
      ).toBe('-x-y', { x: 'a1 a2', y: 'a1 a2v2' });
      expectSubscriptions(endless.subscriptions).toBe('^---!');
    });
  });
});
