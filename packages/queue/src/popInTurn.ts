import type { Condition } from './condition.js';
import { FIFOClosedError } from './errors.js';
import type { KeyedQueue } from './keyedQueue.js';

/** What {@link popInTurn} reads of a queue. */
export interface PopTurn<V> {
  readonly queue: KeyedQueue<V>;
  /** Broadcast when a key is queued, when processing finishes, and on close. */
  readonly changed: Condition;
  /** Whether another pop is processing. */
  busy(): boolean;
  /** Whether the queue was closed. */
  closed(): boolean;
}

/**
 * The pop loop shared by `DeltaFIFO` and `FIFO`: waits until no other pop is processing and a
 * key is queued, then hands the first entry to `start` in the same synchronous step, so no
 * other pop can slip in between taking the entry and marking it in flight.
 *
 * @param turn - the queue's state
 * @param start - processes the entry taken off the queue
 * @returns what `start` resolves to
 * @throws {@link FIFOClosedError} once the queue is closed and empty
 * @internal
 */
export async function popInTurn<V, R>(
  turn: PopTurn<V>,
  start: (key: string, value: V) => Promise<R>,
): Promise<R> {
  for (;;) {
    if (!turn.busy()) {
      const next = turn.queue.shift();
      if (next !== undefined) return start(next[0], next[1]);
      if (turn.closed()) throw new FIFOClosedError();
    }
    await turn.changed.wait();
  }
}
