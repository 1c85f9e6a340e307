import {
  Indexer,
  snapshotView,
  type KeyFunc,
  type IndexerSnapshot,
  type KubeObject,
  type ReadonlyBehaviorSubject,
} from '@rxkube/store';
import { BehaviorSubject, type Subscription } from 'rxjs';

/**
 * The informer's `indexer$` and the one thing that may hold it: the Indexer's snapshots,
 * except that emission can be held while a relist is being applied, so subscribers never see a
 * cache that holds part of the new list and part of the old one.
 *
 * - Not held: {@link SnapshotHolder.snapshots$} follows the Indexer (one snapshot per batch:
 *   per drain of the queue, or per applied pop without consistent snapshots), and `value` is
 *   always the current snapshot.
 * - Held ({@link SnapshotHolder.hold}): `value` stays at the last consistent snapshot and
 *   nothing is emitted; it also stops observing the Indexer, so writes cost no snapshot.
 * - {@link SnapshotHolder.release} emits the current snapshot once.
 *
 * It observes the Indexer only while `snapshots$` has subscribers. Readers get `snapshots$`, a
 * read-only view; only the holder emits.
 *
 * @typeParam T - the object type
 * @internal
 */
export class SnapshotHolder<T extends object = KubeObject> {
  /**
   * The last consistent snapshot on subscription, then one per change; completes on `close()`.
   */
  readonly snapshots$: ReadonlyBehaviorSubject<IndexerSnapshot<T>>;
  private readonly subject: BehaviorSubject<IndexerSnapshot<T>>;
  private held: IndexerSnapshot<T> | undefined;
  private upstream: Subscription | undefined;
  private last: IndexerSnapshot<T>;

  /** @param indexer - the cache whose snapshots to publish */
  constructor(private readonly indexer: Indexer<T>) {
    this.last = indexer.snapshot();
    this.subject = new BehaviorSubject(this.last);
    this.snapshots$ = snapshotView(this.subject, {
      current: () => this.current(),
      subscribe: (subscriber) => {
        // Catches existing subscribers up first, so a new one starts from the current snapshot.
        if (!this.subject.closed && !this.subject.isStopped) this.emit(this.current());
        const subscription = this.subject.subscribe(subscriber);
        this.connect();
        subscription.add(() => {
          if (!this.subject.observed) this.disconnect();
        });
        return subscription;
      },
    });
  }

  /** @returns whether emission is being held */
  get holding(): boolean {
    return this.held !== undefined;
  }

  /** Holds emission at the current snapshot (call before the first write of a relist). */
  hold(): void {
    if (this.held !== undefined) return;
    this.held = this.indexer.snapshot();
    this.disconnect();
  }

  /**
   * Brings indexes added to the Indexer into the held snapshot: selectors read indexes from the
   * snapshot, so one taken before `addIndexers` would fail a consumer of a new index until the
   * relist is applied. The held snapshot keeps its objects and version; only indexes are added.
   * Costs one pass over the held objects, like `addIndexers` itself.
   *
   * @param keyFunc - the Indexer's key function
   */
  indexersAdded(keyFunc: KeyFunc<T>): void {
    if (this.held === undefined) return;
    const reindexed = new Indexer<T>({
      indexers: this.indexer.getIndexers(),
      keyFunc,
      resourceVersionFromWrites: false,
    });
    reindexed.replace(this.held.list(), this.held.resourceVersion);
    this.held = reindexed.snapshot();
    reindexed.close();
    this.emit(this.held);
  }

  /** Ends a hold and emits the current snapshot if it changed. */
  release(): void {
    if (this.held === undefined) return;
    this.held = undefined;
    this.connect();
  }

  /** Emits the final snapshot (if not held) and completes. */
  close(): void {
    this.disconnect();
    if (this.subject.closed || this.subject.isStopped) return;
    this.held = undefined;
    this.emit(this.indexer.snapshot());
    this.subject.complete();
  }

  /** @returns the last consistent snapshot: the current one unless a relist is being applied */
  private current(): IndexerSnapshot<T> {
    return this.held ?? this.indexer.snapshot();
  }

  private connect(): void {
    if (
      this.upstream !== undefined ||
      this.held !== undefined ||
      !this.subject.observed ||
      this.subject.isStopped
    ) {
      return;
    }
    // The Indexer's indexer$ emits its current snapshot on subscription, then every new one.
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
    this.subject.next(snapshot);
  }
}
