import { KeyError, type DeletedFinalStateUnknown } from '@rxkube/store';
import type { DrainableQueue } from '../drainableQueue.js';

/**
 * An object was added or updated.
 *
 * @typeParam T - the object type
 */
export interface FifoWrite<T> {
  readonly type: 'add' | 'update';
  readonly object: T;
}

/**
 * An object was deleted.
 *
 * @typeParam T - the object type
 */
export interface FifoDelete<T> {
  readonly type: 'delete';
  /** The deleted object, or a tombstone for it. */
  readonly object: T | DeletedFinalStateUnknown<T>;
}

/**
 * A list's result: these objects, and only these, exist now.
 *
 * @typeParam T - the object type
 */
export interface FifoReplace<T> {
  readonly type: 'replace';
  readonly items: readonly T[];
  readonly resourceVersion: string;
}

/** Time for a periodic resync: re-deliver every known object that has nothing queued. */
export interface FifoResync {
  readonly type: 'resync';
}

/**
 * The watch reached a resource version without a change to report (a `BOOKMARK` event). It
 * queues nothing: it flows through the `deltaFifo` operator, in stream order with the changes,
 * so that whoever tracks the cache's resource version sees it at the right place.
 */
export interface FifoBookmark {
  readonly type: 'bookmark';
  readonly resourceVersion: string;
}

/**
 * What the `deltaFifo` operator consumes: one call of a `DeltaFIFO` (or `RealFIFO`) producer method,
 * as a value, or a bookmark. A Reflector's output maps onto it one to one.
 *
 * @typeParam T - the object type
 */
export type FifoInput<T> =
  FifoWrite<T> | FifoDelete<T> | FifoReplace<T> | FifoResync | FifoBookmark;

/**
 * Creators for {@link FifoInput} values, named after the `DeltaFIFO` methods they stand for.
 *
 * @example
 * ```ts
 * const events$ = of(
 *   FifoInput.replace(list.items, list.metadata.resourceVersion),
 *   FifoInput.update(changedPod),
 *   FifoInput.delete(deletedPod),
 * );
 * ```
 */
export const FifoInput = {
  /**
   * @param object - the new object
   * @returns an `add` input
   */
  add: <T>(object: T): FifoWrite<T> => ({ type: 'add', object }),
  /**
   * @param object - the object's new state
   * @returns an `update` input
   */
  update: <T>(object: T): FifoWrite<T> => ({ type: 'update', object }),
  /**
   * @param object - the deleted object or a tombstone
   * @returns a `delete` input
   */
  delete: <T>(object: T | DeletedFinalStateUnknown<T>): FifoDelete<T> => ({
    type: 'delete',
    object,
  }),
  /**
   * @param items - every object that exists now
   * @param resourceVersion - the list's resource version
   * @returns a `replace` input
   */
  replace: <T>(items: readonly T[], resourceVersion: string): FifoReplace<T> => ({
    type: 'replace',
    items,
    resourceVersion,
  }),
  /** @returns a `resync` input */
  resync: (): FifoResync => ({ type: 'resync' }),
  /**
   * @param resourceVersion - the version the watch reached
   * @returns a `bookmark` input
   */
  bookmark: (resourceVersion: string): FifoBookmark => ({ type: 'bookmark', resourceVersion }),
} as const;

/** The keys of an input that queued nothing: one frozen array, so reporting it allocates none. */
const noKeys: readonly string[] = Object.freeze([]);

/**
 * Performs `input` on `fifo`. With `onKeyError`, an object without a key is reported and
 * skipped instead of throwing: a write is dropped, and a `replace` goes ahead without it (such
 * an object could never be cached anyway, and dropping the whole list would leave deletions
 * undetected and the initial list never synced).
 *
 * @param fifo - the queue to write to
 * @param input - the write
 * @param onKeyError - reports objects without a key; when absent, their `KeyError` is thrown
 * @returns the keys the write queued a change for, as the `DeltaFIFO` method reported them
 *   (none for a skipped write or a bookmark)
 * @throws `KeyError` without `onKeyError`; whatever the transformer or `onKeyError` throws
 * @internal
 */
export function writeFifoInput<T, I extends FifoInput<T>>(
  fifo: DrainableQueue<T>,
  input: I,
  onKeyError?: (error: KeyError, input: I) => void,
): readonly string[] {
  const write: FifoInput<T> = input;
  if (write.type === 'replace' && onKeyError !== undefined) {
    const valid = write.items.filter((item) => hasKey(fifo, item, (err) => onKeyError(err, input)));
    return fifo.replace(valid, write.resourceVersion);
  }
  try {
    switch (write.type) {
      case 'add':
        return [fifo.add(write.object)];
      case 'update':
        return [fifo.update(write.object)];
      case 'delete': {
        const key = fifo.delete(write.object);
        return key === undefined ? noKeys : [key];
      }
      case 'replace':
        return fifo.replace(write.items, write.resourceVersion);
      case 'resync':
        return fifo.resync();
      case 'bookmark':
        return noKeys;
    }
  } catch (err) {
    if (onKeyError === undefined || !(err instanceof KeyError)) throw err;
    onKeyError(err, input);
    return noKeys;
  }
}

function hasKey<T>(fifo: DrainableQueue<T>, item: T, report: (err: KeyError) => void): boolean {
  try {
    fifo.keyOf(item);
    return true;
  } catch (err) {
    if (!(err instanceof KeyError)) throw err;
    report(err);
    return false;
  }
}
