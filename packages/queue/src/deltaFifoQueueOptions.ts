import type { KeyFunc, KeyListerGetter } from '@rxkube/store';

/**
 * Rewrites an object once, as it enters the queue (typically to strip fields the cache does
 * not need, such as `managedFields`). It must not throw for valid objects; if it throws, the
 * write that carried the object fails and changes nothing.
 *
 * @typeParam T - the object type
 */
export type TransformFunc<T> = (obj: T) => T;

/** How to build a `DeltaFIFO`. Every field is optional. */
export interface DeltaFIFOOptions<T> {
  /**
   * Computes an object's key. Defaults to `metaNamespaceKeyFunc`; tombstones and `Deltas` are
   * keyed by the queue itself (see `DeltaFIFO.keyOf`), so the function never sees them.
   */
  keyFunction?: KeyFunc<T>;
  /**
   * The store the popped deltas end up in, normally the informer's Indexer. Without it,
   * deletions of keys that are not queued are dropped, `replace` detects deletions only among
   * queued keys and `resync` does nothing.
   */
  knownObjects?: KeyListerGetter<T>;
  /**
   * Record `Replaced` instead of `Sync` for the objects of a `replace` (client-go's default is
   * `false`, for backwards compatibility; informers set it).
   */
  emitDeltaTypeReplaced?: boolean;
  /**
   * Applied to every object entering the queue through `add`, `update`, `delete` and
   * `replace`, but never to tombstones (their object already went through it) nor to the
   * objects `resync` takes from `knownObjects` (already transformed when they were stored).
   */
  transformer?: TransformFunc<T>;
}
