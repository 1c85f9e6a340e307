import type { Deltas } from './deltas.js';
import { RequeueError } from './errors.js';
import type { PoppedDeltas } from './poppedDeltas.js';
import type { PopProcessFunc } from './queue.js';

/**
 * Runs a pop's `process` on an item that has already left the queue, and puts the item back
 * when `process` asks for it with a {@link RequeueError}.
 *
 * A synchronous `process` is settled synchronously (no promise, no microtask): the informer's
 * steps are synchronous, and this is on the path of every event.
 *
 * @param process - the caller's handler, synchronous or asynchronous
 * @param item - the popped item
 * @param isInInitialList - forwarded to `process`
 * @param key - the item's key, forwarded to `process`
 * @param requeue - puts the item back unless its key has been queued again meanwhile
 * @returns `undefined` when `process` returned something other than a promise; otherwise a
 *   promise that resolves when it succeeded or was re-queued without a cause
 * @throws (or rejects with) the requeue's cause, or whatever else `process` threw
 * @internal
 */
export function processPopped<TItem>(
  process: PopProcessFunc<TItem>,
  item: TItem,
  isInInitialList: boolean,
  key: string,
  requeue: () => void,
): Promise<void> | undefined {
  let result: unknown;
  try {
    result = process(item, isInInitialList, key);
  } catch (err) {
    failed(err, requeue);
    return undefined;
  }
  if (!isPromiseLike(result)) return undefined;
  return Promise.resolve(result).then(
    () => undefined,
    (err: unknown) => failed(err, requeue),
  );
}

/** Re-queues on a {@link RequeueError} (rethrowing its cause, if any); rethrows anything else. */
function failed(err: unknown, requeue: () => void): void {
  if (!(err instanceof RequeueError)) throw err;
  requeue();
  if (err.cause !== undefined) throw err.cause;
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/**
 * Runs a pop's `process` on a record the queue has just marked in flight, and ends the pop
 * (`settle`) once `process` has settled, whichever way: the tail of `pop` that `DeltaFIFO` and
 * `RealFIFO` share.
 *
 * @param popped - the in-flight record
 * @param process - the caller's handler
 * @param requeue - puts the record's changes back (on a {@link RequeueError})
 * @param settle - ends the in-flight pop and wakes the waiting ones
 * @returns the popped changes, or a promise of them for an asynchronous `process`
 * @throws (or rejects with) what {@link processPopped} throws, after settling
 * @internal
 */
export function processInFlight<T>(
  popped: PoppedDeltas<T>,
  process: PopProcessFunc<Deltas<T>>,
  requeue: () => void,
  settle: () => void,
): Deltas<T> | Promise<Deltas<T>> {
  const { deltas, isInInitialList, key } = popped;
  return processThenSettle(process, deltas, isInInitialList, key, requeue, settle);
}

/**
 * {@link processInFlight} for any item in flight (a `RealFIFO` batch included): runs
 * `process` on it and ends the pop once `process` has settled, whichever way.
 *
 * @param process - the caller's handler
 * @param item - what it is given
 * @param isInInitialList - whether the item belongs to the initial list
 * @param key - the item's key
 * @param requeue - puts the item back (on a {@link RequeueError})
 * @param settle - ends the in-flight pop and wakes the waiting ones
 * @returns `item`, or a promise of it for an asynchronous `process`
 * @throws (or rejects with) what {@link processPopped} throws, after settling
 * @internal
 */
export function processThenSettle<TItem>(
  process: PopProcessFunc<TItem>,
  item: TItem,
  isInInitialList: boolean,
  key: string,
  requeue: () => void,
  settle: () => void,
): TItem | Promise<TItem> {
  let pending: Promise<void> | undefined;
  try {
    pending = processPopped(process, item, isInInitialList, key, requeue);
  } catch (err) {
    settle();
    throw err;
  }
  if (pending === undefined) {
    settle();
    return item;
  }
  return pending.finally(settle).then(() => item);
}
