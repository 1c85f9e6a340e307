/** How {@link eventually} polls. */
export interface EventuallyOptions {
  /** Give up after this many (real) milliseconds; a safety net, never a timing assertion. */
  timeoutMs?: number;
  /** Milliseconds between two checks. */
  pollMs?: number;
}

/** Thrown by {@link eventually} when the condition never held. */
export class ConditionTimeoutError extends Error {
  override readonly name = 'ConditionTimeoutError';

  /**
   * @param what - the condition's description.
   * @param timeoutMs - how long it was polled.
   */
  constructor(
    readonly what: string,
    readonly timeoutMs: number,
  ) {
    super(`never happened within ${timeoutMs} ms: ${what}`);
  }
}

/**
 * Polls `condition` until it holds. For tests over real I/O (HTTP to the fake API server), where
 * the code under test converges at network speed and has no event to await; the timeout is a
 * safety net against hanging, not a timing assertion.
 *
 * @param condition - checked every `pollMs`.
 * @param what - names the condition in the error.
 * @param options - timeout and polling period.
 * @returns a promise resolved once the condition holds.
 * @throws ConditionTimeoutError when it does not hold within the timeout.
 */
export async function eventually(
  condition: () => boolean,
  what = 'condition',
  { timeoutMs = 20_000, pollMs = 5 }: EventuallyOptions = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new ConditionTimeoutError(what, timeoutMs);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
