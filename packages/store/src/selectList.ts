import { type OperatorFunction, Observable } from 'rxjs';
import { type TrieNode, forEachEntry } from './hamt.js';
import { diff } from './hamtDiff.js';
import type { IndexerSnapshot } from './indexerSnapshot.js';
import { sameElements } from './sameElements.js';

/**
 * Selects every stored object, or those matching `predicate`.
 *
 * Emits the first answer, then only when it changes, keeping the array reference otherwise.
 * Cost per snapshot, for `n` objects of which `k` changed since the previous snapshot:
 * - content unchanged (e.g. only the resource version moved): O(1);
 * - none of the `k` changed objects matches `predicate`, before or after: O(k log n), with at
 *   most `2k` predicate calls (the snapshots are compared structurally, skipping shared parts);
 * - otherwise the answer is rebuilt: O(n) with `n` predicate calls.
 *
 * Prefer {@link selectByIndex} when an index can answer the question. `predicate` must be pure:
 * an object is re-tested only when it changes. The array is in no particular order.
 *
 * @param predicate - keeps the objects it returns `true` for; all objects when omitted
 * @returns an operator from snapshots to the matching objects
 * @example
 * ```ts
 * indexer.indexer$
 *   .pipe(selectList((pod) => pod.status?.phase === 'Pending'))
 *   .subscribe((pending) => render(pending));
 * ```
 */
export function selectList<T>(
  predicate?: (obj: T) => boolean,
): OperatorFunction<IndexerSnapshot<T>, readonly T[]> {
  const matches = predicate ?? (() => true);
  const touches = (_key: string, before: T | undefined, after: T | undefined): boolean =>
    (before !== undefined && matches(before)) || (after !== undefined && matches(after));

  return (snapshots) =>
    new Observable<readonly T[]>((subscriber) => {
      let items: TrieNode<T> | undefined;
      let answer: readonly T[] | undefined;
      return snapshots.subscribe({
        next(snapshot) {
          const current = snapshot.state.items;
          if (current === items) return;
          let next: T[];
          try {
            const relevant = items === undefined || diff(items, current, touches);
            items = current;
            if (!relevant) return;
            next = [];
            forEachEntry(current, (_key, obj) => {
              if (matches(obj)) next.push(obj);
            });
          } catch (error) {
            subscriber.error(error);
            return;
          }
          if (answer !== undefined && sameElements(answer, next)) return;
          answer = next;
          subscriber.next(next);
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
    });
}
