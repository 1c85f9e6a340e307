import type { IndexerSnapshot, ReadonlyBehaviorSubject } from '@rxkube/store';
import { Subject, type OperatorFunction } from 'rxjs';

/**
 * One answer about an informer's cache, shaped for React's `useSyncExternalStore`: `subscribe`
 * and a synchronous `getSnapshot` that returns the same reference until the answer changes (a
 * new reference on every call would make React render forever).
 *
 * The answer is computed by one of `@rxkube/store`'s selectors (`selectList`, `selectByIndex`,
 * `selectKey`), which emit only when their answer changes and keep references otherwise. The
 * selector does not watch `indexer$` itself: every snapshot is fed to it by hand, both the
 * current one `getSnapshot` reads from `indexer$.value` and each one `indexer$` emits, each at
 * most once. So a read during render sees the current cache even before any subscription, and
 * a selector that diffs snapshots (`selectList`) keeps diffing from the last one it saw.
 *
 * A selector that fails (an unknown index) keeps its error, which `getSnapshot` throws: the
 * component's error boundary gets it; the informer and other components go on.
 *
 * @typeParam T - the object type
 * @typeParam A - the answer
 * @internal
 */
export class SnapshotSelection<T, A> {
  private readonly snapshots = new Subject<IndexerSnapshot<T>>();
  /** The last snapshot given to the selector; never given twice in a row. */
  private fed: IndexerSnapshot<T> | undefined;
  /** The selector's latest answer, boxed so that `undefined` (no object) is an answer too. */
  private answer: { readonly value: A } | undefined;
  private failure: { readonly error: unknown } | undefined;

  /**
   * @param source - the informer's `indexer$`
   * @param select - a selector from `@rxkube/store`
   */
  constructor(
    private readonly source: ReadonlyBehaviorSubject<IndexerSnapshot<T>>,
    select: OperatorFunction<IndexerSnapshot<T>, A>,
  ) {
    // Lives as long as this object: `snapshots` is private and never completes.
    this.snapshots.pipe(select).subscribe({
      next: (value) => (this.answer = { value }),
      error: (error: unknown) => (this.failure = { error }),
    });
  }

  /**
   * @returns the answer for the current snapshot, the same reference while it is unchanged
   * @throws the selector's error, e.g. `IndexNotFoundError`
   */
  readonly getSnapshot = (): A => {
    this.feed(this.source.value);
    if (this.failure !== undefined) throw this.failure.error;
    // A selector answers its first snapshot synchronously, so `answer` is set once fed.
    return (this.answer as { readonly value: A }).value;
  };

  /**
   * @param onChange - called when the answer changes (or the selector fails)
   * @returns a function that unsubscribes from `indexer$`
   */
  readonly subscribe = (onChange: () => void): (() => void) => {
    const subscription = this.source.subscribe((snapshot) => {
      const before = this.answer;
      const failed = this.failure;
      this.feed(snapshot);
      if (this.answer !== before || this.failure !== failed) onChange();
    });
    return () => subscription.unsubscribe();
  };

  private feed(snapshot: IndexerSnapshot<T>): void {
    if (snapshot === this.fed || this.failure !== undefined) return;
    this.fed = snapshot;
    this.snapshots.next(snapshot);
  }
}
