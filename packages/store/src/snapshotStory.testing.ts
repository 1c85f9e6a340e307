import { NamespaceIndex, metaNamespaceIndexFunc } from './indexFunc.js';
import { Indexer } from './indexer.js';
import type { IndexerSnapshot } from './indexerSnapshot.js';
import { type TestPod, pod } from './pods.testing.js';

/** The objects of {@link snapshotStory}, by the names its marble values use. */
export const storyPods = {
  a1: pod('a', '1'),
  a2: pod('a', '2'),
  /** `a/2` updated. */
  a2v2: pod('a', '2', { node: 'other' }),
  b1: pod('b', '1'),
  /** `b/1` updated. */
  b1v2: pod('b', '1', { node: 'other' }),
  c1: pod('c', '1'),
} as const;

/**
 * The name of each story object, for marble values: a selector's answer is written as the
 * names of the objects it holds, so an assertion also checks that they are the stored objects
 * themselves.
 *
 * @param obj - an object of the story, or `undefined`
 * @returns its name in {@link storyPods}, `-` for `undefined`
 */
export function storyName(obj: TestPod | undefined): string {
  if (obj === undefined) return '-';
  const entry = Object.entries(storyPods).find(([, candidate]) => candidate === obj);
  if (entry === undefined) throw new Error(`not an object of the story: ${JSON.stringify(obj)}`);
  return entry[0];
}

/**
 * @param objs - objects of the story
 * @returns their names, sorted and joined by spaces (answers are in no particular order)
 */
export function storyNames(objs: readonly TestPod[]): string {
  return objs.map(storyName).sort().join(' ');
}

/**
 * The snapshots of one Indexer (with the namespace index) through a series of writes, keyed
 * by the marble letter that stands for each:
 *
 * - `a`: a relist of `a/1`, `a/2`, `b/1`;
 * - `b`: `b/1` updated; `c`: `c/1` added (writes outside namespace `a`);
 * - `d`: only the resource version moves;
 * - `e`: `a/2` updated; `f`: `a/1` deleted;
 * - `g`: `a/2` deleted and added back in one batch (namespace `a`'s bucket and the object trie
 *   are rebuilt with the same content).
 *
 * @returns the snapshots by letter
 */
export function snapshotStory(): Record<
  'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g',
  IndexerSnapshot<TestPod>
> {
  const { a1, a2, a2v2, b1, b1v2, c1 } = storyPods;
  const indexer = new Indexer<TestPod>({ indexers: { [NamespaceIndex]: metaNamespaceIndexFunc } });
  const after = (write: () => void): IndexerSnapshot<TestPod> => {
    write();
    return indexer.snapshot();
  };
  return {
    a: after(() => indexer.replace([a1, a2, b1], '1')),
    b: after(() => indexer.update(b1v2)),
    c: after(() => indexer.add(c1)),
    d: after(() => indexer.setResourceVersion('5')),
    e: after(() => indexer.update(a2v2)),
    f: after(() => indexer.delete(a1)),
    g: after(() =>
      indexer.batch(() => {
        indexer.delete(a2v2);
        indexer.add(a2v2);
      }),
    ),
  };
}
