import { type OperatorFunction, distinctUntilChanged, map } from 'rxjs';
import { sealedValues } from './hamt.js';
import type { IndexerSnapshot } from './indexerSnapshot.js';
import { sameElements } from './sameElements.js';

/**
 * Selects the objects indexed under one value, as `byIndex(indexName, indexedValue)` answers it
 * in each snapshot.
 *
 * Emits the first answer, then only when the answer changes; an unchanged answer keeps its
 * array reference, so `OnPush` views and memoised computations skip work. A snapshot produced
 * by an unrelated write costs one bucket lookup (O(log n)) and an identity check: a bucket is
 * rebuilt only when a write touched it. The array is in no particular order.
 *
 * Errors with {@link IndexNotFoundError} if the index does not exist.
 *
 * @param indexName - a registered index
 * @param indexedValue - the index value
 * @returns an operator from snapshots to the objects under that value
 * @example
 * ```ts
 * indexer.indexer$
 *   .pipe(selectByIndex(NamespaceIndex, 'default'))
 *   .subscribe((pods) => render(pods));
 * ```
 */
export function selectByIndex<T>(
  indexName: string,
  indexedValue: string,
): OperatorFunction<IndexerSnapshot<T>, readonly T[]> {
  return (snapshots) =>
    snapshots.pipe(
      map((snapshot) => snapshot.bucket(indexName, indexedValue)),
      distinctUntilChanged(),
      map((bucket): readonly T[] => (bucket === undefined ? [] : sealedValues(bucket))),
      // A bucket rebuilt with the same content (an object removed and added back within one
      // batch) still yields the previous array.
      distinctUntilChanged(sameElements),
    );
}
