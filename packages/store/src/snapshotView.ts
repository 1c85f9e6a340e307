import { Observable, type BehaviorSubject, type Subscriber, type TeardownLogic } from 'rxjs';

/**
 * A `BehaviorSubject` as its readers see it: an Observable that starts with the current value,
 * plus `value`/`getValue()`, and no `next`. What a cache exposes of its snapshots: only the
 * cache may emit, since a value from elsewhere would contradict its contents.
 *
 * @typeParam S - the values (snapshots)
 * @example
 * ```ts
 * const pods$: ReadonlyBehaviorSubject<IndexerSnapshot<Pod>> = indexer.indexer$;
 * console.log(pods$.value.size);
 * pods$.pipe(selectList()).subscribe(render);
 * ```
 */
export interface ReadonlyBehaviorSubject<S> extends Observable<S> {
  /** The current value (see {@link ReadonlyBehaviorSubject.getValue}). */
  readonly value: S;
  /**
   * @returns the current value, which may be newer than the last one emitted (emissions can be
   *   held back, by coalescing for instance, while the value stays current)
   * @throws whatever the subject behind it errored with; ObjectUnsubscribedError once it was
   *   unsubscribed
   */
  getValue(): S;
  /** Whether anyone is subscribed. */
  readonly observed: boolean;
}

/**
 * How {@link snapshotView} reads its subject.
 *
 * @typeParam S - the values
 */
export interface SnapshotViewOptions<S> {
  /**
   * Computes the current value, for an owner that emits lazily; defaults to the subject's
   * value. Called on every read of `value`, so it must be cheap.
   */
  readonly current?: () => S;
  /**
   * Runs before each subscription reaches the subject, so the owner can catch the existing
   * subscribers up (emit a held-back value) and the new one starts from the current value
   * without anybody seeing a value twice.
   */
  readonly beforeSubscribe?: () => void;
  /**
   * Takes over each subscription, for an owner that must act after it too (start observing its
   * source with the first reader, stop with the last): it subscribes `subscriber` to the
   * subject itself and returns the teardown. `beforeSubscribe` is not called when given.
   */
  readonly subscribe?: (subscriber: Subscriber<S>) => TeardownLogic;
}

/**
 * Wraps a `BehaviorSubject` its owner keeps private into a {@link ReadonlyBehaviorSubject}.
 * The owner emits with the subject's `next`; readers get the view, which has no `next`.
 *
 * @typeParam S - the values
 * @param subject - the owner's subject; the view subscribes readers to it
 * @param options - a lazily computed current value, and hooks around each subscription
 * @returns the read-only view
 * @example
 * ```ts
 * const subject = new BehaviorSubject(indexer.snapshot());
 * const snapshots$ = snapshotView(subject, { current: () => indexer.snapshot() });
 * subject.next(indexer.snapshot()); // the owner emits; readers only subscribe and read
 * ```
 */
export function snapshotView<S>(
  subject: BehaviorSubject<S>,
  options: SnapshotViewOptions<S> = {},
): ReadonlyBehaviorSubject<S> {
  return new SnapshotView(subject, options);
}

class SnapshotView<S> extends Observable<S> implements ReadonlyBehaviorSubject<S> {
  private readonly current: (() => S) | undefined;

  constructor(
    private readonly subject: BehaviorSubject<S>,
    options: SnapshotViewOptions<S>,
  ) {
    const { beforeSubscribe, subscribe } = options;
    super(
      subscribe ??
        ((subscriber) => {
          beforeSubscribe?.();
          return subject.subscribe(subscriber);
        }),
    );
    this.current = options.current;
  }

  get value(): S {
    return this.getValue();
  }

  getValue(): S {
    // Throws as the subject does once errored or unsubscribed.
    const value = this.subject.getValue();
    return this.current === undefined ? value : this.current();
  }

  get observed(): boolean {
    return this.subject.observed;
  }
}
