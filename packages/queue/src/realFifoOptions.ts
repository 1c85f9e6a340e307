import type { KeyFunc, KeyListerGetter } from '@rxkube/store';
import type { TransformFunc } from './deltaFifoQueueOptions.js';

/**
 * The most changes `RealFIFO.popBatch` hands out at once unless `batchSize` says otherwise
 * (client-go's `defaultBatchSize`).
 */
export const defaultRealFIFOBatchSize = 1000;

/** How to build a `RealFIFO`. Every field is optional. */
export interface RealFIFOOptions<T> {
  /**
   * Computes an object's key. Defaults to `metaNamespaceKeyFunc`; tombstones and `Deltas` are
   * keyed by the queue itself, so the function never sees them.
   */
  keyFunction?: KeyFunc<T>;
  /**
   * The store the popped changes end up in, normally the informer's Indexer: `replace` detects
   * deletions among its keys and `resync` re-delivers its objects. client-go requires it
   * without `atomicEvents`; here it may be left out, which behaves as an empty store
   * (deletions are detected among queued keys only, and `resync` does nothing). Not allowed
   * with `atomicEvents`.
   */
  knownObjects?: KeyListerGetter<T>;
  /**
   * Applied to every object entering the queue through `add`, `update`, `delete` and
   * `replace`, but never to tombstones nor to the objects `resync` takes from `knownObjects`
   * (both went through it already).
   */
  transformer?: TransformFunc<T>;
  /**
   * client-go's `AtomicEvents`: a `replace` queues ONE `ReplacedAll` change, carrying the whole
   * list and its resource version, and a `resync` ONE `SyncAll` change, instead of a change
   * per object; the consumer works out the deletions and re-deliveries against its cache when
   * it pops them (`expandAtomicDelta`). The queue then never reads the cache, so
   * `knownObjects` must be left out. Default `false`.
   */
  atomicEvents?: boolean;
  /**
   * client-go's `EmitDeltaTypeBookmark`: `bookmark` queues a `Bookmark` change, so the
   * bookmark's resource version reaches the consumer in stream order. Only with
   * `atomicEvents`; without it `bookmark` queues nothing. Default `false`.
   */
  emitDeltaTypeBookmark?: boolean;
  /**
   * The most changes `popBatch` hands out at once: a positive integer, default
   * {@link defaultRealFIFOBatchSize}.
   */
  batchSize?: number;
}
