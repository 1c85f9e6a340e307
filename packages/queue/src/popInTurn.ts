import type { Condition } from './condition.js';
import { FIFOClosedError } from './errors.js';
import type { QueueEntry } from './keyedQueue.js';

/**
 * What {@link popInTurn} reads of a queue, and how the queue processes an entry it pops.
 *
 * @typeParam V - the queued values
 * @typeParam P - the process function a pop is given
 * @typeParam R - what processing an entry returns
 */
export interface PopTurn<V, P, R> {
  /** The queued entries: `shift` takes the front one, or returns `undefined` when none is. */
  readonly queue: { shift(): QueueEntry<V> | undefined };
  /** Broadcast when a key is queued, when processing finishes, and on close. */
  readonly changed: Condition;
  /** Whether another pop is processing. */
  busy(): boolean;
  /** Whether the queue was closed. */
  closed(): boolean;
  /**
   * Processes the entry just taken off the queue with the pop's `process`. A method of the
   * turn, not a callback per pop: on a watch stream a pop runs for every change.
   */
  start(key: string, value: V, process: P): R;
}

/**
 * The pop loop shared by `DeltaFIFO`, `RealFIFO` and `FIFO`: waits until no other pop is processing and a
 * key is queued, then hands the first entry to `turn.start` in the same synchronous step, so no
 * other pop can slip in between taking the entry and marking it in flight.
 *
 * @param turn - the queue's state
 * @param process - handed to `turn.start` with the entry taken off the queue
 * @returns what `turn.start` resolves to
 * @throws {@link FIFOClosedError} once the queue is closed and empty
 * @internal
 */
export async function popInTurn<V, P, R>(
  turn: PopTurn<V, P, R | Promise<R>>,
  process: P,
): Promise<R> {
  for (;;) {
    const started = popNow(turn, process);
    if (started !== notReady) return started;
    if (!turn.busy() && turn.closed()) throw new FIFOClosedError();
    await turn.changed.wait();
  }
}

/** What {@link popNow} returns when it cannot pop at once. */
export const notReady: unique symbol = Symbol('notReady');

/**
 * Pops without waiting: hands the first entry to `turn.start` if a key is queued and no other
 * pop is processing.
 *
 * @param turn - the queue's state
 * @param process - handed to `turn.start` with the entry taken off the queue
 * @returns what `turn.start` returns, or {@link notReady}
 * @internal
 */
export function popNow<V, P, R>(turn: PopTurn<V, P, R>, process: P): R | typeof notReady {
  if (turn.busy()) return notReady;
  const next = turn.queue.shift();
  return next === undefined ? notReady : turn.start(next.key, next.value, process);
}
