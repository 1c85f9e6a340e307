import type { Indexer, IndexerSnapshot, KubeObject } from '@rxkube/store';
import { BehaviorSubject, type Observer, type Subscription } from 'rxjs';

/**
 * The informer's `indexer$`: the Indexer's snapshots, except that emission can be held while a
 * relist is being applied, so subscribers never see a cache that holds part of the new list and
 * part of the old one.
 *
 * - Not held: it follows the Indexer, and `value` is always the current snapshot.
 * - Held (`hold()`): `value` stays at the last consistent snapshot and
 *   nothing is emitted; it also stops observing the Indexer, so writes cost no snapshot.
 * - `release()` emits the current snapshot once.
 *
 * It observes the Indexer only while it has subscribers of its own. Only the informer emits:
 * `next` throws.
 *
 * @typeParam T - the object type
 */
export class ConsistentSnapshots<T extends object = KubeObject> extends BehaviorSubject<
  IndexerSnapshot<T>
> {
  private held: IndexerSnapshot<T> | undefined;
  private upstream: Subscription | undefined;
  private last: IndexerSnapshot<T>;

  /**
   * @param indexer - the cache whose snapshots to publish
   * @internal
   */
  constructor(private readonly indexer: Indexer<T>) {
    const first = indexer.snapshot();
    super(first);
    this.last = first;
  }

  /** @returns whether emission is being held */
  get holding(): boolean {
    return this.held !== undefined;
  }

  /**
   * @returns the last consistent snapshot: the current one unless a relist is being applied
   */
  override getValue(): IndexerSnapshot<T> {
    super.getValue();
    return this.held ?? this.indexer.snapshot();
  }

  /**
   * Not supported: snapshots come only from the informer's Indexer.
   *
   * @throws TypeError always
   */
  override next(_value: IndexerSnapshot<T>): never {
    throw new TypeError('indexer$ is read-only: the informer writes its cache');
  }

  /**
   * Subscribes, starting from the last consistent snapshot.
   *
   * @param observerOrNext - an observer or a next handler
   * @returns the subscription
   */
  override subscribe(
    observerOrNext?:
      Partial<Observer<IndexerSnapshot<T>>> | ((value: IndexerSnapshot<T>) => void) | null,
  ): Subscription;
  /** Catches existing subscribers up first, so a new one starts from the current snapshot. */
  override subscribe(...args: unknown[]): Subscription {
    if (!this.closed && !this.isStopped) this.emit(this.held ?? this.indexer.snapshot());
    const subscription = (super.subscribe as (...params: unknown[]) => Subscription).apply(
      this,
      args,
    );
    this.connect();
    subscription.add(() => {
      if (!this.observed) this.disconnect();
    });
    return subscription;
  }

  /**
   * Holds emission at the current snapshot (call before the first write of a relist).
   *
   * @internal
   */
  hold(): void {
    if (this.held !== undefined) return;
    this.held = this.indexer.snapshot();
    this.disconnect();
  }

  /**
   * Ends a hold and emits the current snapshot if it changed.
   *
   * @internal
   */
  release(): void {
    if (this.held === undefined) return;
    this.held = undefined;
    this.connect();
  }

  /**
   * Emits the final snapshot (if not held) and completes.
   *
   * @internal
   */
  close(): void {
    this.disconnect();
    if (this.closed || this.isStopped) return;
    this.held = undefined;
    this.emit(this.indexer.snapshot());
    this.complete();
  }

  private connect(): void {
    if (
      this.upstream !== undefined ||
      this.held !== undefined ||
      !this.observed ||
      this.isStopped
    ) {
      return;
    }
    // The Indexer's subject emits its current snapshot on subscription, then every new one.
    this.upstream = this.indexer.indexer$.subscribe((snapshot) => {
      if (this.held === undefined) this.emit(snapshot);
    });
  }

  private disconnect(): void {
    this.upstream?.unsubscribe();
    this.upstream = undefined;
  }

  private emit(snapshot: IndexerSnapshot<T>): void {
    if (snapshot === this.last) return;
    this.last = snapshot;
    super.next(snapshot);
  }
}
