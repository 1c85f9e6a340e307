import { BehaviorSubject, type Observer, type Subscription } from 'rxjs';
import type { IndexerSnapshot } from './indexerSnapshot.js';

/**
 * What an {@link IndexerSubject} needs from the Indexer that owns it.
 *
 * @internal
 */
export interface SnapshotSource<T> {
  /** @returns the snapshot of the current state, sealing one if needed */
  snapshot(): IndexerSnapshot<T>;
  /** Publishes the current snapshot if it has not been published yet. */
  publishPending(): void;
}

/**
 * The `indexer$` of an {@link Indexer}: a `BehaviorSubject` of snapshots whose `value` is always
 * the current state, even while an emission is being held back by coalescing or a batch.
 * Reading `value` materialises the snapshot lazily (O(1)), so a burst of writes costs one
 * snapshot however many writes it holds.
 *
 * Only the owning Indexer emits: calling `next` throws, because a snapshot from elsewhere would
 * contradict the Indexer's contents. A new subscriber first brings every existing subscriber up
 * to date, then receives the current snapshot, so nobody sees a snapshot twice.
 *
 * @typeParam T - the cached object type
 */
export class IndexerSubject<T> extends BehaviorSubject<IndexerSnapshot<T>> {
  /**
   * @param snapshots - the owning Indexer
   * @internal
   */
  constructor(private readonly snapshots: SnapshotSource<T>) {
    super(snapshots.snapshot());
  }

  /**
   * @returns the snapshot of the Indexer's current state
   * @throws ObjectUnsubscribedError if the subject was unsubscribed
   */
  override getValue(): IndexerSnapshot<T> {
    super.getValue();
    return this.snapshots.snapshot();
  }

  /**
   * Not supported: snapshots come only from the owning Indexer.
   *
   * @throws TypeError always
   */
  override next(_value: IndexerSnapshot<T>): never {
    throw new TypeError('indexer$ is read-only: write through its Indexer');
  }

  /**
   * Subscribes after publishing any pending snapshot, so the new subscriber starts from the
   * current state.
   *
   * @param observerOrNext - an observer or a next handler
   * @returns the subscription
   */
  override subscribe(
    observerOrNext?:
      Partial<Observer<IndexerSnapshot<T>>> | ((value: IndexerSnapshot<T>) => void) | null,
  ): Subscription;
  /** Publishes any held-back snapshot first, so a new subscriber starts from the current one. */
  override subscribe(...args: unknown[]): Subscription {
    this.snapshots.publishPending();
    return (super.subscribe as (...params: unknown[]) => Subscription).apply(this, args);
  }

  /**
   * Emits `snapshot` to the subscribers.
   *
   * @internal
   */
  publish(snapshot: IndexerSnapshot<T>): void {
    super.next(snapshot);
  }
}
