import type { DeletedFinalStateUnknown } from '@rxkube/store';

/**
 * The kinds of change a {@link DeltaFIFO} records. Values are the strings client-go uses, so
 * logs and fixtures read the same in both worlds.
 *
 * @example
 * ```ts
 * if (delta.type === DeltaType.Deleted) forget(delta.object);
 * ```
 */
export const DeltaType = {
  /** The object was created (a watch `ADDED` event). */
  Added: 'Added',
  /** The object changed (a watch `MODIFIED` event). */
  Updated: 'Updated',
  /** The object was deleted; the delta may carry a {@link DeletedFinalStateUnknown} tombstone. */
  Deleted: 'Deleted',
  /** The object was listed again after a relist (only with `emitDeltaTypeReplaced`). */
  Replaced: 'Replaced',
  /** A synthetic event: a periodic resync, or a relist without `emitDeltaTypeReplaced`. */
  Sync: 'Sync',
  /**
   * A whole relist as one change: its object is a {@link ReplacedAllInfo} with every listed
   * object and the list's resource version (a `RealFIFO` with `atomicEvents` only).
   */
  ReplacedAll: 'ReplacedAll',
  /**
   * A whole resync as one change: every cached object is to be delivered again. Its object is
   * a {@link SyncAllInfo} (a `RealFIFO` with `atomicEvents` only).
   */
  SyncAll: 'SyncAll',
  /**
   * A bookmark in the stream's order: its object is a {@link BookmarkInfo} (a `RealFIFO` with
   * `atomicEvents` and `emitDeltaTypeBookmark` only).
   */
  Bookmark: 'Bookmark',
} as const;

/** One of the {@link DeltaType} values. */
export type DeltaType = (typeof DeltaType)[keyof typeof DeltaType];

/**
 * What a `ReplacedAll` change carries: the result of a whole list.
 *
 * @typeParam T - the object type
 */
export interface ReplacedAllInfo<T> {
  /** The resource version of the list. */
  readonly resourceVersion: string;
  /** Every listed object, in list order, transformed already. */
  readonly objects: readonly T[];
}

/** What a `SyncAll` change carries: nothing, a resync concerns every cached object. */
export type SyncAllInfo = Readonly<Record<string, never>>;

/** What a `Bookmark` change carries. */
export interface BookmarkInfo {
  /** The resource version the stream has reached. */
  readonly resourceVersion: string;
}

/**
 * A change of one object: every {@link DeltaType} but the atomic ones. Only a `Deleted` change
 * can carry a tombstone, which the type encodes so that consumers narrow on `type` before
 * touching `object`.
 *
 * @typeParam T - the object type
 */
export type ObjectDelta<T> =
  | {
      readonly type:
        | typeof DeltaType.Added
        | typeof DeltaType.Updated
        | typeof DeltaType.Replaced
        | typeof DeltaType.Sync;
      readonly object: T;
    }
  | {
      readonly type: typeof DeltaType.Deleted;
      readonly object: T | DeletedFinalStateUnknown<T>;
    };

/**
 * A change that concerns the whole cache rather than one object, recorded by a `RealFIFO` with
 * `atomicEvents`: a relist (`ReplacedAll`), a resync (`SyncAll`) or a bookmark.
 *
 * @typeParam T - the object type
 */
export type AtomicDelta<T> =
  | { readonly type: typeof DeltaType.ReplacedAll; readonly object: ReplacedAllInfo<T> }
  | { readonly type: typeof DeltaType.SyncAll; readonly object: SyncAllInfo }
  | { readonly type: typeof DeltaType.Bookmark; readonly object: BookmarkInfo };

/**
 * One recorded change: of one object ({@link ObjectDelta}), or, from a `RealFIFO` with
 * `atomicEvents`, of the whole cache ({@link AtomicDelta}). Consumers narrow on `type` before
 * touching `object`.
 *
 * @typeParam T - the object type
 */
export type Delta<T> = ObjectDelta<T> | AtomicDelta<T>;

/**
 * @param delta - a change
 * @returns whether it concerns the whole cache (`ReplacedAll`, `SyncAll`, `Bookmark`)
 */
export function isAtomicDelta<T>(delta: Delta<T>): delta is AtomicDelta<T> {
  return (
    delta.type === DeltaType.ReplacedAll ||
    delta.type === DeltaType.SyncAll ||
    delta.type === DeltaType.Bookmark
  );
}

/**
 * The changes recorded for one key, oldest first. Immutable: a `DeltaFIFO` hands out a fresh
 * `Deltas` (from `pop`, `get`, `getByKey`) and never touches it again.
 *
 * It is iterable and indexable, so `for (const d of deltas)` and `[...deltas]` work.
 *
 * @typeParam T - the object type
 * @example
 * ```ts
 * const deltas = new Deltas([{ type: DeltaType.Added, object: pod }]);
 * deltas.newest()?.object; // pod
 * ```
 */
export class Deltas<T> implements Iterable<Delta<T>> {
  // A TypeScript-private property rather than an ES `#private` field, so that structural
  // equality (Jest's `toEqual`, Node's `isDeepStrictEqual`) compares the changes.
  private readonly items: readonly Delta<T>[];

  /**
   * @param items - the changes, oldest first; the array is taken over, not copied, so the
   *   caller must not modify it afterwards
   */
  constructor(items: readonly Delta<T>[]) {
    this.items = items;
  }

  /** How many changes are recorded. */
  get length(): number {
    return this.items.length;
  }

  /** @returns the first recorded change, or `undefined` when there is none */
  oldest(): Delta<T> | undefined {
    return this.items[0];
  }

  /** @returns the last recorded change, or `undefined` when there is none */
  newest(): Delta<T> | undefined {
    return this.items[this.items.length - 1];
  }

  /**
   * @param index - position from the oldest change; negative counts back from the newest
   * @returns the change at `index`, or `undefined` when out of range
   */
  at(index: number): Delta<T> | undefined {
    return this.items.at(index);
  }

  /** @returns a new array with the changes, oldest first */
  toArray(): Delta<T>[] {
    return [...this.items];
  }

  /** @returns an iterator over the changes, oldest first */
  [Symbol.iterator](): Iterator<Delta<T>> {
    return this.items[Symbol.iterator]();
  }

  /** Serialises as the plain array, so logs and snapshots show the changes. */
  toJSON(): readonly Delta<T>[] {
    return this.items;
  }
}
