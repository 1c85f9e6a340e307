import { fnv1a64, shardFieldValue, type KubeObject, type ShardField } from '@rxkube/store';
import { filter, pairwise, startWith, switchMap, type Observable } from 'rxjs';
import type { EventSource } from '../reconcile/eventSource.js';
import type { ControllerObject } from '../reconcile/objectMeta.js';
import type { RangeSet } from './rangeSet.js';
import { rangesSize, subtractRanges } from './rangeSet.js';
import type { ShardWork } from './shardWork.js';

/**
 * What a sharded controller needs from its shard membership. A {@link ShardCoordinator} fits.
 */
export interface ControllerShards {
  /** The hashed field: `uid` or `namespace`. */
  readonly field: ShardField;
  /** The ranges this replica may work on now (read at every event and every reconcile). */
  readonly current: RangeSet;
  /** The same, as it changes (its current value first). */
  readonly ranges$: Observable<RangeSet>;
  /** Tells the membership about work in flight, so that a range is released only once it ended. */
  registerWork(work: ShardWork): () => void;
}

function contains(ranges: RangeSet, hash: bigint): boolean {
  return ranges.some((range) => range.start <= hash && hash < range.end);
}

/**
 * Keeps a controller to its replica's shard:
 *
 * - an event of the primary informer counts only when its object hashes into the current
 *   ranges, so the deletes its informer emits for objects that left the shard (the relist
 *   with the new selector) reconcile nothing;
 * - an event of an owned object counts only when its **controller owner** hashes into them
 *   (the owner reference's uid, or the namespace): the server shards the owned objects by their
 *   own uid, which says nothing of their owner, so parent and children are kept together here;
 * - a key handed out by the queue is reconciled only while its object still hashes into the
 *   ranges: a key whose range left while it waited is dropped;
 * - the hashes being reconciled are reported to the membership, which keeps claiming their
 *   ranges until those reconciles end.
 *
 * The ranges are read from the membership's `current` at each decision, never from a copy, so
 * that an informer following the same membership cannot get ahead of the gate.
 *
 * @internal
 */
export class ShardGate implements ShardWork {
  /**
   * The hash of every key queued by an event and not handed out yet: when it is, the cache may
   * no longer hold its object (deleted, or gone with its range).
   */
  private readonly noted = new Map<string, bigint>();
  private readonly running = new Map<string, bigint>();
  private readonly waiters: Array<() => void> = [];

  constructor(private readonly shards: ControllerShards) {}

  /**
   * @param object - an object of the primary informer
   * @param key - its key
   * @returns whether it belongs to this replica's shard (its hash is then noted for the key)
   */
  primary(object: ControllerObject | undefined, key: string): boolean {
    if (object === undefined) return true;
    const hash = this.hashOf(object);
    if (!contains(this.shards.current, hash)) return false;
    this.noted.set(key, hash);
    return true;
  }

  /**
   * @param object - an owned object
   * @param ownerKey - the key of its controller owner, as the owner mapping names it
   * @returns whether its controller owner belongs to this replica's shard
   */
  owned(object: ControllerObject | undefined, ownerKey: string): boolean {
    const hash = this.ownerHashOf(object);
    if (hash === undefined || !contains(this.shards.current, hash)) return false;
    this.noted.set(ownerKey, hash);
    return true;
  }

  /**
   * Decides whether a key handed out by the queue is reconciled here, and if so counts it as in
   * flight until {@link ShardGate.finish}.
   *
   * @param key - the key
   * @param object - its object in the primary cache, if any
   * @returns false when the key's hash has left this replica's ranges
   */
  admit(key: string, object: ControllerObject | undefined): boolean {
    const hash = object === undefined ? this.noted.get(key) : this.hashOf(object);
    this.noted.delete(key);
    // A key from a custom source whose object is not cached: nothing tells its shard.
    if (hash === undefined) return true;
    if (!contains(this.shards.current, hash)) return false;
    this.running.set(key, hash);
    return true;
  }

  /**
   * @param key - a key admitted before
   * @param again - whether it was queued again (its noted hash is still needed)
   */
  finish(key: string, again: boolean): void {
    const hash = this.running.get(key);
    this.running.delete(key);
    // Queued again by its result: its hash is needed when it comes back, unless an event
    // noted a newer one meanwhile.
    if (again && hash !== undefined && !this.noted.has(key)) this.noted.set(key, hash);
    if (this.running.size === 0) for (const wake of this.waiters.splice(0)) wake();
  }

  /**
   * An owned source that delivers every cached owned object again whenever the ranges grow.
   * The primary informer lists the objects of a range it gains, but an owned object whose
   * owner is gone (a Deployment left behind by a deleted ConfigMap) is in no such list: its
   * owner's key is queued only through the owned informer, whose handler saw it while the range
   * was someone else's. Subscribing the handler again replays the owned cache through the gate.
   *
   * @param source - the owned informer's source (mapped to owners, kept to the shard)
   * @returns the same source, replayed on every gain
   */
  replayOnGain(source: EventSource): EventSource {
    return {
      keys$: this.shards.ranges$.pipe(
        startWith([] as RangeSet),
        pairwise(),
        filter(([before, after]) => rangesSize(subtractRanges(after, before)) > 0n),
        switchMap(() => source.keys$),
      ),
      waitForSync: (signal) => source.waitForSync(signal),
    };
  }

  /** @returns the hashes being reconciled */
  hashesInFlight(): Iterable<bigint> {
    return this.running.values();
  }

  /** @returns a promise resolved once nothing is being reconciled */
  idle(): Promise<void> {
    if (this.running.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private hashOf(object: ControllerObject): bigint {
    return fnv1a64(shardFieldValue(this.shards.field, object as KubeObject));
  }

  private ownerHashOf(object: ControllerObject | undefined): bigint | undefined {
    const metadata = object?.metadata;
    if (this.shards.field === 'namespace') return fnv1a64(metadata?.namespace ?? '');
    const owner = metadata?.ownerReferences?.find((reference) => reference.controller === true);
    return owner?.uid === undefined ? undefined : fnv1a64(owner.uid);
  }
}
