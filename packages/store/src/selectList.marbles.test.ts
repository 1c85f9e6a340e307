import { map, tap } from 'rxjs';
import { byReference, marbleScheduler } from './marbles.testing.js';
import type { TestPod } from './pods.testing.js';
import { selectList } from './selectList.js';
import { snapshotStory, storyNames } from './snapshotStory.testing.js';

// Letters of the source are the snapshots of `snapshotStory`; answers are written as the names
// of the objects they hold.

const inA = (pod: TestPod): boolean => pod.metadata.namespace === 'a';

describe('selectList (marbles)', () => {
  it('without a predicate, emits every object, then only when the content changes', () => {
    marbleScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const snapshots = cold('a-b-c-d-e-f-g-|', snapshotStory());
      expectObservable(snapshots.pipe(selectList<TestPod>(), map(storyNames))).toBe(
        'v-w-x---y-z---|',
        {
          v: 'a1 a2 b1',
          w: 'a1 a2 b1v2',
          x: 'a1 a2 b1v2 c1',
          y: 'a1 a2v2 b1v2 c1',
          z: 'a2v2 b1v2 c1',
        },
      );
      expectSubscriptions(snapshots.subscriptions).toBe('^-------------!');
    });
  });

  it('with a predicate, emits only when a matching object changes', () => {
    marbleScheduler().run(({ cold, expectObservable }) => {
      const snapshots = cold('a-b-c-d-e-f-g-|', snapshotStory());
      expectObservable(snapshots.pipe(selectList<TestPod>(inA), map(storyNames))).toBe(
        'x-------y-z---|',
        { x: 'a1 a2', y: 'a1 a2v2', z: 'a2v2' },
      );
    });
  });

  it('tests only the objects that changed against the predicate', () => {
    const story = snapshotStory();
    const letterOf = new Map(Object.entries(story).map(([letter, snapshot]) => [snapshot, letter]));
    let current = '';
    // The objects tested for each snapshot, by the snapshot's letter.
    const tested: Record<string, string[]> = {};
    const countingInA = (pod: TestPod): boolean => {
      (tested[current] ??= []).push(storyNames([pod]));
      return inA(pod);
    };
    marbleScheduler().run(({ cold, expectObservable }) => {
      const snapshots = cold('a-b-c-d-e|', story).pipe(
        tap((snapshot) => (current = letterOf.get(snapshot) ?? '?')),
      );
      expectObservable(snapshots.pipe(selectList<TestPod>(countingInA), map(storyNames))).toBe(
        'x-------y|',
        { x: 'a1 a2', y: 'a1 a2v2' },
      );
    });
    // The first answer tests every object; a write that touches no matching object tests at
    // most the objects it changed, before and after; one that does rebuilds the answer.
    expect(tested['a']?.sort()).toEqual(['a1', 'a2', 'b1']);
    expect(['b1', 'b1v2']).toEqual(expect.arrayContaining(tested['b'] ?? []));
    expect(['c1']).toEqual(expect.arrayContaining(tested['c'] ?? []));
    expect(tested['d']).toBeUndefined();
    expect(tested['e']).toEqual(expect.arrayContaining(['a1', 'a2v2', 'b1v2', 'c1']));
  });

  it('emits an empty array once when nothing matches', () => {
    marbleScheduler().run(({ cold, expectObservable }) => {
      const none = (pod: TestPod): boolean => pod.metadata.namespace === 'z';
      expectObservable(cold('a-b-e-f|', snapshotStory()).pipe(selectList<TestPod>(none))).toBe(
        'x------|',
        { x: [] },
      );
    });
  });

  it('remembers only its last answer: an earlier answer coming back is a new array', () => {
    const story = snapshotStory();
    marbleScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('a-e-a-a|', story).pipe(selectList<TestPod>(inA), byReference())).toBe(
        'A-B-C--|',
      );
    });
  });

  it('errors when the predicate throws, and unsubscribes the source', () => {
    marbleScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const snapshots = cold('a-e-|', snapshotStory());
      const failure = new Error('bad predicate');
      const throwsOnUpdate = (pod: TestPod): boolean => {
        if (pod.spec?.node === 'other') throw failure;
        return inA(pod);
      };
      expectObservable(snapshots.pipe(selectList<TestPod>(throwsOnUpdate), map(storyNames))).toBe(
        'x-#',
        { x: 'a1 a2' },
        failure,
      );
      expectSubscriptions(snapshots.subscriptions).toBe('^-!');
    });
  });

  it('passes the source error on, and unsubscribes the source with its subscriber', () => {
    marbleScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      expectObservable(
        cold('a-#', snapshotStory(), new Error('gone')).pipe(
          selectList<TestPod>(inA),
          map(storyNames),
        ),
      ).toBe('x-#', { x: 'a1 a2' }, new Error('gone'));
      const endless = hot('-a-e-f-', snapshotStory());
      expectObservable(endless.pipe(selectList<TestPod>(inA), map(storyNames)), '^---!').toBe(
        '-x-y',
        { x: 'a1 a2', y: 'a1 a2v2' },
      );
      expectSubscriptions(endless.subscriptions).toBe('^---!');
    });
  });
});
