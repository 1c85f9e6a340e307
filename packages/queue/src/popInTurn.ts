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
  start: (key: string, value: V) => R | Promise<R>,
): Promise<R> {
  for (;;) {
    const started = popNow(turn, start);
    if (started !== notReady) return started;
    if (!turn.busy() && turn.closed()) throw new FIFOClosedError();
    await turn.changed.wait();
  }
}

/** What {@link popNow} returns when it cannot pop at once. */
export const notReady: unique symbol = Symbol('notReady');

/**
 * Pops without waiting: hands the first entry to `start` if a key is queued and no other pop is
 * processing.
 *
 * @param turn - the queue's state
 * @param start - processes the entry taken off the queue
 * @returns what `start` returns, or {@link notReady}
 * @internal
 */
export function popNow<V, R>(
  turn: PopTurn<V>,
  start: (key: string, value: V) => R,
): R | typeof notReady {
  if (turn.busy()) return notReady;
  const next = turn.queue.shift();
  return next === undefined ? notReady : start(next.key, next.value);
}

/**
 * Remembers the start callback a queue builds for a `process` function, for as long as pops
 * keep passing that same function (a consumer's loop does): the callback is made once per
 * consumer instead of once per pop, which on a watch stream is once per change.
 *
 * @param make - builds the start callback for a process function
 * @returns `make`, memoized on its last argument
 * @internal
 */
export function memoizeStart<P, S>(make: (process: P) => S): (process: P) => S {
  let lastProcess: P | undefined;
  let lastStart: S | undefined;
  return (process) => {
    if (lastStart === undefined || process !== lastProcess) {
      lastProcess = process;
      lastStart = make(process);
    }
    return lastStart;
  };
}
