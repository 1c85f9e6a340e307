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
} as const;

/** One of the {@link DeltaType} values. */
export type DeltaType = (typeof DeltaType)[keyof typeof DeltaType];

/**
 * One recorded change. Only a `Deleted` delta can carry a tombstone, which the type encodes so
 * that consumers narrow on `type` before touching `object`.
 *
 * @typeParam T - the object type
 */
export type Delta<T> =
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
