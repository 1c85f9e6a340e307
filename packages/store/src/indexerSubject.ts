import type { IndexerSnapshot } from './indexerSnapshot.js';
import type { ReadonlyBehaviorSubject } from './snapshotView.js';

/**
 * The `indexer$` of an {@link Indexer}: a read-only view of its snapshots whose `value` is
 * always the current state, even while an emission is being held back by coalescing or a
 * batch. Reading `value` materialises the snapshot lazily (O(1)), so a burst of writes costs one
 * snapshot however many writes it holds.
 *
 * Only the owning Indexer emits; the view has no `next`. A new subscriber first brings every
 * existing subscriber up to date, then receives the current snapshot, so nobody sees a snapshot
 * twice.
 *
 * @typeParam T - the cached object type
 * @example
 * ```ts
 * const pods$: IndexerSubject<Pod> = indexer.indexer$;
 * pods$.pipe(selectKey('default/web')).subscribe(render);
 * ```
 */
export type IndexerSubject<T> = ReadonlyBehaviorSubject<IndexerSnapshot<T>>;
