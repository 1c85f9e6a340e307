import type { DeletedFinalStateUnknown } from '@rxkube/store';
import { DeltaType, type Deltas, type ObjectDelta, isAtomicDelta } from './deltas.js';
import { AtomicDeltaError } from './errors.js';

/**
 * What {@link applyDeltas} needs from the cache it writes: lookup by object and the three
 * writes. The store's `Indexer` fits; so does any map-backed test double.
 *
 * @typeParam T - the object type
 */
export interface MutableStore<T> {
  /** @returns the stored object with `obj`'s key, or `undefined` */
  get(obj: T): T | undefined;
  /** Stores `obj` under its key. */
  add(obj: T): void;
  /** Stores `obj` under its key, replacing the previous object. */
  update(obj: T): void;
  /** Removes the object with `obj`'s key; must accept tombstones. */
  delete(obj: T | DeletedFinalStateUnknown<T>): void;
  /**
   * Optional: stores `obj` under its key and returns the object stored there before, or
   * `undefined` (the store's `Indexer.put`). When present, an upsert costs one call (one key
   * computation, one lookup) instead of `get` then `add` or `update`.
   */
  put?(obj: T): T | undefined;
}

/** The delta types that write an object into the cache (`Added`, `Updated`, `Replaced`, `Sync`). */
export type UpsertDeltaType = Exclude<ObjectDelta<unknown>['type'], typeof DeltaType.Deleted>;

/**
 * An object entered the cache.
 *
 * @typeParam T - the object type
 */
export interface AddEvent<T> {
  readonly type: 'add';
  /** The object now cached. */
  readonly obj: T;
  /** Whether it came with the initial list (so handlers can tell startup from live adds). */
  readonly isInInitialList: boolean;
  /** The change that produced it; `Sync` or `Replaced` when a resync or relist found it new. */
  readonly deltaType: UpsertDeltaType;
}

/**
 * A cached object was written again.
 *
 * @typeParam T - the object type
 */
export interface UpdateEvent<T> {
  readonly type: 'update';
  /** The object cached before the write. */
  readonly oldObj: T;
  /** The object cached now. */
  readonly newObj: T;
  /**
   * The change that produced it. `Sync` (a periodic resync) and `Replaced` (a relist) do not
   * mean the object changed; client-go delivers them as updates all the same and lets
   * handlers compare resource versions, which this field spares them.
   */
  readonly deltaType: UpsertDeltaType;
}

/**
 * An object left the cache.
 *
 * @typeParam T - the object type
 */
export interface DeleteEvent<T> {
  readonly type: 'delete';
  /** The deleted object, or a tombstone when the deletion was inferred by a relist. */
  readonly obj: T | DeletedFinalStateUnknown<T>;
}

/**
 * A cache change in the shape client-go's `ResourceEventHandler` receives it (`OnAdd`,
 * `OnUpdate`, `OnDelete`).
 *
 * @typeParam T - the object type
 */
export type ResourceEvent<T> = AddEvent<T> | UpdateEvent<T> | DeleteEvent<T>;

/**
 * Applies one key's popped changes to the cache, oldest first, the way client-go's informer
 * does (`processDeltas`), and returns the events its handlers would receive:
 *
 * - `Added`, `Updated`, `Replaced`, `Sync`: if the cache holds the key, `update` it and report
 *   an update with the old and new objects; otherwise `add` it and report an add.
 * - `Deleted`: `delete` it (tombstones included, which the cache resolves by key) and report a
 *   deletion carrying the object or tombstone, even if the cache did not hold the key.
 *
 * Writes happen before the events are returned, so a handler may find the cache already newer
 * than the event it handles — as in client-go.
 *
 * @param store - the cache, normally the `Indexer` given to the `DeltaFIFO` as `knownObjects`
 * @param deltas - a key's changes, as popped
 * @param isInInitialList - as passed to the pop's process function
 * A change of the whole cache (`ReplacedAll`, `SyncAll`, `Bookmark`, from a `RealFIFO` with
 * `atomicEvents`) is refused: expand it first against the cache with `expandAtomicDelta`.
 *
 * @returns the resulting events, in order
 * @throws whatever the store throws (`KeyError`, an index error); earlier changes stay applied
 * @throws {@link AtomicDeltaError} for a change of the whole cache (a pop of a `RealFIFO` holds
 *   one change, so nothing was applied)
 * @example
 * ```ts
 * await fifo.pop((deltas, isInInitialList) => {
 *   for (const event of applyDeltas(indexer, deltas, isInInitialList)) handler(event);
 * });
 * ```
 */
export function applyDeltas<T>(
  // Infer T from the deltas: a store's `delete` often accepts more than T (the Indexer also
  // takes an ExplicitKey), which would otherwise widen T and every returned event with it.
  store: NoInfer<MutableStore<T>>,
  deltas: Deltas<T>,
  isInInitialList: boolean,
): ResourceEvent<T>[] {
  const events: ResourceEvent<T>[] = [];
  for (const delta of deltas) {
    if (isAtomicDelta(delta)) throw new AtomicDeltaError(delta.type, 'applyDeltas');
    events.push(applyDelta(store, delta, isInInitialList));
  }
  return events;
}

/**
 * Applies one change to the store, as {@link applyDeltas} does for each of a key's changes.
 * For a consumer that handles each change on its own, e.g. to report a failing one and go on.
 *
 * @param store - the cache
 * @param delta - one change
 * @param isInInitialList - as passed to the pop's process function
 * @returns the resulting event
 * @throws whatever the store throws
 */
export function applyDelta<T>(
  store: NoInfer<MutableStore<T>>,
  delta: ObjectDelta<T>,
  isInInitialList: boolean,
): ResourceEvent<T> {
  if (delta.type === DeltaType.Deleted) {
    store.delete(delta.object);
    return { type: 'delete', obj: delta.object };
  }
  let old: T | undefined;
  if (store.put !== undefined) old = store.put(delta.object);
  else {
    old = store.get(delta.object);
    if (old === undefined) store.add(delta.object);
    else store.update(delta.object);
  }
  if (old === undefined) {
    return { type: 'add', obj: delta.object, isInInitialList, deltaType: delta.type };
  }
  return { type: 'update', oldObj: old, newObj: delta.object, deltaType: delta.type };
}
