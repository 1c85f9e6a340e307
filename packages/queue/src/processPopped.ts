import { RequeueError } from './errors.js';
import type { PopProcessFunc } from './queue.js';

/**
 * Runs a pop's `process` on an item that has already left the queue, and puts the item back
 * when `process` asks for it with a {@link RequeueError}.
 *
 * @param process - the caller's handler, synchronous or asynchronous
 * @param item - the popped item
 * @param isInInitialList - forwarded to `process`
 * @param requeue - puts the item back unless its key has been queued again meanwhile
 * @returns a promise that resolves when processing succeeded or was re-queued without a cause,
 *   and rejects with the requeue's cause or with whatever else `process` threw
 * @internal
 */
export async function processPopped<TItem>(
  process: PopProcessFunc<TItem>,
  item: TItem,
  isInInitialList: boolean,
  requeue: () => void,
): Promise<void> {
  try {
    await process(item, isInInitialList);
  } catch (err) {
    if (!(err instanceof RequeueError)) throw err;
    requeue();
    if (err.cause !== undefined) throw err.cause;
  }
}
