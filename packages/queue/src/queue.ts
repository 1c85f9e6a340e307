import type { DeletedFinalStateUnknown, KeyListerGetter } from '@rxkube/store';
import type { Delta } from './deltas.js';

/**
 * Handles one popped item. It may be synchronous or return a promise; the pop settles once it
 * has settled. Throwing (or rejecting with) a `RequeueError` puts the item back.
 *
 * @typeParam TItem - what the queue hands out: the object for `FIFO`, `Deltas` for `DeltaFIFO`
 * @param item - the popped item, no longer in the queue
 * @param isInInitialList - whether the item belongs to the queue's first `replace` (the
 *   initial list), i.e. the queue had not synced when it was popped
 * @param key - the key the item was queued under (so the consumer need not compute it again)
 * @returns anything; a returned promise is awaited and its value ignored
 */
export type PopProcessFunc<TItem> = (item: TItem, isInInitialList: boolean, key: string) => unknown;

/**
 * Handles a batch of changes popped together by `RealFIFO.popBatch` (client-go's
 * `ProcessBatchFunc`): changes of different keys, in queue order. It may be synchronous or
 * return a promise; throwing (or rejecting with) a `RequeueError` puts the whole batch back.
 *
 * @typeParam T - the object type
 * @param deltas - the changes, oldest first, at least two
 * @param isInInitialList - whether they belong to the initial list (all or none do)
 * @returns anything; a returned promise is awaited and its value ignored
 */
export type ProcessBatchFunc<T> = (
  deltas: readonly Delta<T>[],
  isInInitialList: boolean,
) => unknown;

/**
 * A keyed work queue: a Store that also hands its items out one key at a time. Implemented by
 * `FIFO` (one object per key, the latest wins) and `DeltaFIFO` (every change per key), so a
 * consumer written against `Queue` drives either.
 *
 * @typeParam T - the object type written into the queue
 * @typeParam TItem - what `pop` hands out per key
 */
export interface Queue<T, TItem = T> extends KeyListerGetter<TItem> {
  /** Records that `obj` was added. @throws `KeyError` if `obj` has no key */
  add(obj: T): void;
  /** Records that `obj` was updated. @throws `KeyError` if `obj` has no key */
  update(obj: T): void;
  /**
   * Records that `obj` was deleted.
   *
   * @param obj - the deleted object, or a `DeletedFinalStateUnknown` tombstone when its final
   *   state is unknown (filed under the key it carries)
   * @throws `KeyError` if `obj` has no key
   */
  delete(obj: T | DeletedFinalStateUnknown<T>): void;
  /** @returns the item queued under `obj`'s key, or `undefined` */
  get(obj: T): TItem | undefined;
  /** @returns the latest known object of every queued key, front first */
  list(): (T | DeletedFinalStateUnknown<T>)[];
  /**
   * Replaces the queue's view of the world with `list`, as after a relist.
   *
   * @param list - every object that exists now
   * @param resourceVersion - the list's resource version
   */
  replace(list: readonly T[], resourceVersion: string): void;
  /** Re-delivers items that are known but not queued (what that means depends on the queue). */
  resync(): void;
  /**
   * Waits for an item, removes it and hands it to `process`.
   *
   * @param process - handles the item; may throw a `RequeueError` to put it back
   * @returns the popped item
   * @throws `FIFOClosedError` once the queue is closed and empty
   */
  pop(process: PopProcessFunc<TItem>): Promise<TItem>;
  /** Queues `item` unless its key is already queued (then the queued one is newer and wins). */
  addIfNotPresent(item: TItem): void;
  /** @returns whether the items of the first `replace` (or an earlier write) have all been popped */
  hasSynced(): boolean;
  /** Closes the queue: pops still drain what is queued, then reject with `FIFOClosedError`. */
  close(): void;
  /** @returns whether {@link Queue.close} was called */
  isClosed(): boolean;
}
