import { map } from 'rxjs';
import { marbleScheduler } from './marbles.testing.js';
import type { TestPod } from './pods.testing.js';
import { selectKey } from './selectKey.js';
import { snapshotStory, storyName } from './snapshotStory.testing.js';

// Letters of the source are the snapshots of `snapshotStory`; answers are written as the names
// of the stored objects (`-` for none), so each assertion also pins the object's identity.

describe('selectKey (marbles)', () => {
  it('emits the stored object, then only when another object is stored under the key', () => {
    marbleScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const snapshots = cold('a-b-c-d-e-f-g-|', snapshotStory());
      expectObservable(snapshots.pipe(selectKey<TestPod>('a/2'), map(storyName))).toBe(
        'x-------y-----|',
        { x: 'a2', y: 'a2v2' },
      );
      expectSubscriptions(snapshots.subscriptions).toBe('^-------------!');
    });
  });

  it('emits undefined when the object is deleted, and for a key never stored, once', () => {
    marbleScheduler().run(({ cold, expectObservable }) => {
      const story = snapshotStory();
      expectObservable(
        cold('a-e-f-g|', story).pipe(selectKey<TestPod>('a/1'), map(storyName)),
      ).toBe('x---y--|', { x: 'a1', y: '-' });
      expectObservable(cold('a-b-f|', story).pipe(selectKey<TestPod>('z/9'))).toBe('u----|', {
        u: undefined,
      });
    });
  });

  it('follows a key that appears later', () => {
    marbleScheduler().run(({ cold, expectObservable }) => {
      expectObservable(
        cold('a-b-c-d|', snapshotStory()).pipe(selectKey<TestPod>('c/1'), map(storyName)),
      ).toBe('x---y--|', { x: '-', y: 'c1' });
    });
  });

  it('passes the source error on, and unsubscribes the source with its subscriber', () => {
    marbleScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      expectObservable(
        cold('a-#', snapshotStory(), new Error('gone')).pipe(
          selectKey<TestPod>('a/2'),
          map(storyName),
        ),
      ).toBe('x-#', { x: 'a2' }, new Error('gone'));
      const endless = hot('-a-e-', snapshotStory());
      expectObservable(endless.pipe(selectKey<TestPod>('a/2'), map(storyName)), '^--!').toBe(
        '-x--',
        { x: 'a2' },
      );
      expectSubscriptions(endless.subscriptions).toBe('^--!');
    });
  });
});
