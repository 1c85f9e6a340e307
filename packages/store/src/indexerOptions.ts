import type { Indexers } from './indexFunc.js';
import type { KeyFunc } from './keys.js';

/**
 * When `indexer$` emits after a write outside `Indexer.batch`:
 * - `'none'`: synchronously, once per write (only while someone subscribes).
 * - `'microtask'`: once per microtask, however many writes happened in it.
 *
 * Either way `indexer$.value` is current at all times.
 */
export type CoalesceMode = 'none' | 'microtask';

/** Options of an `Indexer`. */
export interface IndexerOptions<T> {
  /** Index functions by name. Default: none. */
  indexers?: Indexers<T>;
  /**
   * Computes each object's key. Default: `deletionHandlingMetaNamespaceKeyFunc`, which also
   * accepts tombstones and explicit keys; a custom one must too if `delete` is given them.
   * Whatever a custom one throws reaches the caller of a write or lookup as a `KeyError` whose
   * `cause` is the thrown error, as in client-go.
   */
  keyFunc?: KeyFunc<T>;
  /**
   * Rewrites each object before it is stored, on `add`, `update` and `replace` (client-go's
   * `WithTransformer`), e.g. `stripManagedFields` to keep a cache small. It is given the
   * caller's object after its key is computed and must return an object with the same key; it
   * should not mutate its input. If it throws, the write throws that error and changes nothing.
   * `delete` needs only the key and does not call it. Default: none.
   */
  transform?: (obj: T) => T;
  /** Emission coalescing of `indexer$`. Default: `'none'`. */
  coalesce?: CoalesceMode;
  /**
   * Whether `add`/`update` keep the stored object when the new one carries the same non-empty
   * `metadata.resourceVersion`. The API server gives every write a new version, so such objects
   * are equal; keeping the stored reference means a relist or resync that brings nothing new
   * produces no new snapshot and no selector emission. Default: `true`.
   */
  keepSameVersion?: boolean;
  /**
   * Whether an `add`/`update`/`delete` that changes the content moves the resource version to
   * the written object's `metadata.resourceVersion`. Right when writes arrive in the order of the
   * watch stream. A cache fed through a DeltaFIFO is not: the queue coalesces per key and a later
   * key may be applied before an earlier one, so its writer should pass `false` and tell the
   * version itself with `setResourceVersion` (only `replace` and `setResourceVersion` then move
   * it). Default: `true`.
   */
  resourceVersionFromWrites?: boolean;
}
