/**
 * A tombstone: the object behind `key` was deleted while the client was not watching, so the
 * final state is unknown and `obj` is the last state the client saw (possibly `undefined`).
 *
 * Produced by `DeltaFIFO.replace` when a relist no longer contains a known key. Key functions
 * that handle deletions (see {@link deletionHandlingMetaNamespaceKeyFunc}) read `key` directly.
 *
 * @typeParam T - the cached object type
 */
export class DeletedFinalStateUnknown<T = unknown> {
  /**
   * @param key - the cache key of the deleted object
   * @param obj - the last known state of the object, if any
   */
  constructor(
    readonly key: string,
    readonly obj: T | undefined,
  ) {}
}

/**
 * Type guard for {@link DeletedFinalStateUnknown}.
 *
 * @param value - anything
 * @returns whether `value` is a tombstone
 */
export function isDeletedFinalStateUnknown<T = unknown>(
  value: unknown,
): value is DeletedFinalStateUnknown<T> {
  return value instanceof DeletedFinalStateUnknown;
}
