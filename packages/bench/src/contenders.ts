import {
  Indexer,
  type Indexers,
  type IndexerSnapshot,
  deletionHandlingMetaNamespaceKeyFunc,
  labelIndexFunc,
  metaNamespaceIndexFunc,
} from '@rxkube/store';
import { ImmutableJsIndexer } from './immutableJsIndexer.js';
import { keep } from './measure.js';
import { MutableBaseline } from './mutableBaseline.js';
import type { BenchPod } from './podFixtures.js';

/** The indexes every contender maintains: by namespace, and by the `app` label. */
export const benchIndexers: Indexers<BenchPod> = {
  namespace: metaNamespaceIndexFunc,
  app: labelIndexFunc('app'),
};

/** Something that absorbs a stream of updates the way one store configuration would. */
export interface Contender {
  /** Row label. */
  name: string;
  /** Applies the updates, in order. */
  apply(updates: readonly BenchPod[]): void;
  /** Snapshots emitted or taken so far. */
  snapshots(): number;
}

/** Writes per coalesced batch. */
export const BATCH = 1000;

/** @returns the plain mutable baseline, holding `pods` */
export function baselineContender(
  pods: readonly BenchPod[],
): Contender & { store: MutableBaseline<BenchPod> } {
  const store = new MutableBaseline<BenchPod>(deletionHandlingMetaNamespaceKeyFunc, benchIndexers);
  for (const pod of pods) store.update(pod);
  return {
    name: 'baseline',
    store,
    apply(updates) {
      for (const pod of updates) store.update(pod);
    },
    snapshots: () => 0,
  };
}

/** How an Indexer contender hands out snapshots. */
export type SnapshotPolicy = 'none' | 'batch' | 'every-write';

/**
 * @param pods - initial content
 * @param policy - `none`: nobody subscribes; `batch`: one emission per {@link BATCH} writes;
 *   `every-write`: a subscriber receives a snapshot after every write
 * @returns an `@rxkube/store` Indexer contender
 */
export function indexerContender(
  pods: readonly BenchPod[],
  policy: SnapshotPolicy,
): Contender & { store: Indexer<BenchPod> } {
  const store = new Indexer<BenchPod>({ indexers: benchIndexers });
  store.replace(pods, '0');
  let emitted = 0;
  if (policy !== 'none') {
    store.indexer$.subscribe((snapshot: IndexerSnapshot<BenchPod>) => {
      emitted++;
      keep(snapshot);
    });
  }
  const applyAll = (updates: readonly BenchPod[], from: number, to: number): void => {
    for (let u = from; u < to; u++) store.update(updates[u] as BenchPod);
  };
  return {
    name: `rxkube (${policy})`,
    store,
    apply(updates) {
      if (policy !== 'batch') return applyAll(updates, 0, updates.length);
      for (let from = 0; from < updates.length; from += BATCH) {
        store.batch(() => applyAll(updates, from, Math.min(from + BATCH, updates.length)));
      }
    },
    snapshots: () => emitted,
  };
}

/**
 * @param pods - initial content
 * @param policy - as for {@link indexerContender}; `none` is not meaningful here
 * @returns the immutable.js-based alternative
 */
export function immutableJsContender(
  pods: readonly BenchPod[],
  policy: Exclude<SnapshotPolicy, 'none'>,
): Contender & { store: ImmutableJsIndexer<BenchPod> } {
  const store = new ImmutableJsIndexer<BenchPod>(
    deletionHandlingMetaNamespaceKeyFunc,
    benchIndexers,
  );
  store.batch(() => {
    for (const pod of pods) store.update(pod);
  });
  let taken = 0;
  return {
    name: `immutable.js (${policy})`,
    store,
    apply(updates) {
      if (policy === 'every-write') {
        for (const pod of updates) {
          store.update(pod);
          keep(store.snapshot());
          taken++;
        }
        return;
      }
      for (let from = 0; from < updates.length; from += BATCH) {
        store.batch(() => {
          const to = Math.min(from + BATCH, updates.length);
          for (let u = from; u < to; u++) store.update(updates[u] as BenchPod);
        });
        keep(store.snapshot());
        taken++;
      }
    },
    snapshots: () => taken,
  };
}
