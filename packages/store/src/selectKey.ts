import { type OperatorFunction, distinctUntilChanged, map } from 'rxjs';
import type { IndexerSnapshot } from './indexerSnapshot.js';

/**
 * Selects the object stored under one key (`undefined` while there is none).
 *
 * Emits the first answer, then only when the stored object changes, compared by reference: the
 * store keeps the object it was given, so an unrelated write emits nothing. Costs one lookup
 * (O(log n)) per snapshot.
 *
 * @param key - a cache key, e.g. `namespace/name`
 * @returns an operator from snapshots to the object under `key`
 * @example
 * ```ts
 * indexer.indexer$.pipe(selectKey('default/web')).subscribe((pod) => show(pod));
 * ```
 */
export function selectKey<T>(key: string): OperatorFunction<IndexerSnapshot<T>, T | undefined> {
  return (snapshots) =>
    snapshots.pipe(
      map((snapshot) => snapshot.getByKey(key)),
      distinctUntilChanged(),
    );
}
