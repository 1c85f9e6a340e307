import type { KeyListerGetter } from '@rxkube/store';
import { queueView, replaceDeletions, resyncDeltas, type QueuedChanges } from './derivedDeltas.js';
import { DeltaType, type AtomicDelta, type ObjectDelta } from './deltas.js';

/** Nothing queued: an atomic change is expanded against the cache alone. */
const nothingQueued: QueuedChanges<never> = { entries: () => [], has: () => false };

/**
 * The changes of single objects that a change of the whole cache stands for, against the
 * cache as it is when the change is popped, so that applying them (`applyDeltas`) gives the
 * cache, and its handlers, what the per-object changes of a `RealFIFO` without `atomicEvents`
 * would have — as client-go's informer does in `processReplacedAllInfo`:
 *
 * - `ReplacedAll`: a `Deleted` tombstone, carrying the cached object, for every cached key the
 *   list lacks, then a `Replaced` for every listed object, in list order.
 * - `SyncAll`: a `Sync`, with the cached object, for every cached key.
 * - `Bookmark`: nothing (the caller takes its resource version).
 *
 * @typeParam T - the object type
 * @param delta - the change
 * @param cache - the cache the popped changes are applied to (the informer's Indexer)
 * @param keyOf - the cache's key function
 * @returns the changes, in the order to apply them
 * @throws `KeyError` if a listed object has no key (the `RealFIFO` checked this already)
 * @example
 * ```ts
 * const changes = isAtomicDelta(delta) ? expandAtomicDelta(delta, indexer, keyOf) : [delta];
 * for (const event of applyDeltas(indexer, new Deltas(changes), isInInitialList)) handle(event);
 * ```
 */
export function expandAtomicDelta<T>(
  delta: AtomicDelta<T>,
  cache: KeyListerGetter<T>,
  keyOf: (obj: T) => string,
): ObjectDelta<T>[] {
  const cached = queueView<T>(nothingQueued, cache, []);
  switch (delta.type) {
    case DeltaType.ReplacedAll: {
      const { objects } = delta.object;
      const listedKeys = new Set(objects.map(keyOf));
      const deletions = replaceDeletions(listedKeys, cached).map(([, deletion]) => deletion);
      return deletions.concat(
        objects.map((object): ObjectDelta<T> => ({ type: DeltaType.Replaced, object })),
      );
    }
    case DeltaType.SyncAll:
      return resyncDeltas(cached).map(([, sync]) => sync);
    case DeltaType.Bookmark:
      return [];
  }
}
