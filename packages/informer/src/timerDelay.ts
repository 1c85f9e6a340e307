/**
 * The longest delay a timer can take: Node (like browsers) stores timer delays as signed 32-bit
 * integers and runs a timer asked for anything longer after 1 ms instead. A `Retry-After` of
 * 3,000,000 s, or a resync period of a month, would then fire at once and again and again.
 */
export const maxTimerDelayMs = 2 ** 31 - 1;

/**
 * Brings a delay into the range every timer honours: `[0, maxTimerDelayMs]` (about 24.8 days).
 * Every timer of the informer package goes through it; waits that must be exact past the
 * limit (the idle timeouts) re-arm themselves for the rest.
 *
 * @param ms - the wanted delay; NaN counts as 0
 * @returns the delay to give the timer
 * @example
 * ```ts
 * timer(timerDelay(retryAfterMs), scheduler);
 * ```
 */
export function timerDelay(ms: number): number {
  if (!(ms > 0)) return 0;
  return Math.min(ms, maxTimerDelayMs);
}
