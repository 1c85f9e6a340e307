/** A running {@link pace} loop. */
export interface Pacer {
  /** Stops the loop; no call of its `step` follows. */
  stop(): void;
  /** Operations skipped because the process could not keep up (see {@link pace}). */
  readonly skipped: number;
}

/**
 * Calls `step(n)` every few milliseconds with the number of operations due since the last call,
 * so that `ratePerSecond` holds over real time even when timer ticks arrive late (a busy event
 * loop delays them; counting ticks instead of time would quietly lower the rate). When the
 * process falls more than `maxBacklogMs` behind, the excess is skipped and counted rather than
 * run in one burst that would starve everything else.
 *
 * @param ratePerSecond - operations per second.
 * @param step - runs `count` operations; returning `false` stops the loop.
 * @param options - tick length and backlog bound, in milliseconds; the clock (tests set it).
 * @returns a handle to stop the loop and read what was skipped.
 */
export function pace(
  ratePerSecond: number,
  step: (count: number) => boolean | void,
  options: { tickMs?: number; maxBacklogMs?: number; clock?: () => number } = {},
): Pacer {
  const maxBacklog = (ratePerSecond * (options.maxBacklogMs ?? 1_000)) / 1000;
  const clock = options.clock ?? (() => performance.now());
  let last = clock();
  let due = 0;
  let skipped = 0;
  const timer = setInterval(() => {
    const now = clock();
    due += ((now - last) * ratePerSecond) / 1000;
    last = now;
    if (due > maxBacklog) {
      skipped += Math.floor(due - maxBacklog);
      due -= Math.floor(due - maxBacklog);
    }
    const count = Math.floor(due);
    due -= count;
    if (step(count) === false) clearInterval(timer);
  }, options.tickMs ?? 10);
  return {
    stop: () => clearInterval(timer),
    get skipped() {
      return skipped;
    },
  };
}
