import type { KeyFunc, KeyListerGetter } from '@rxkube/store';
import type { TransformFunc } from './deltaFifoQueueOptions.js';

/** How to build a `RealFIFO`. Every field is optional. */
export interface RealFIFOOptions<T> {
  /**
   * Computes an object's key. Defaults to `metaNamespaceKeyFunc`; tombstones and `Deltas` are
   * keyed by the queue itself, so the function never sees them.
   */
  keyFunction?: KeyFunc<T>;
  /**
   * The store the popped changes end up in, normally the informer's Indexer: `replace` detects
   * deletions among its keys and `resync` re-delivers its objects. client-go requires it; here
   * it may be left out, which behaves as an empty store (deletions are detected among queued
   * keys only, and `resync` does nothing).
   */
  knownObjects?: KeyListerGetter<T>;
  /**
   * Applied to every object entering the queue through `add`, `update`, `delete` and
   * `replace`, but never to tombstones nor to the objects `resync` takes from `knownObjects`
   * (both went through it already).
   */
  transformer?: TransformFunc<T>;
}
