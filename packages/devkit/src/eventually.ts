import { sleep } from './sleep.js';

/** How {@link eventually} and {@link pollUntil} poll. */
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
 * Polls `condition` until it holds or the timeout passes, and says which. For code that reports
 * a condition that never held instead of failing on it (the chaos and soak runs count it as a
 * problem of the seed and go on); tests use {@link eventually}, which throws.
 *
 * @param condition - checked at once, then every `pollMs`.
 * @param options - timeout and polling period.
 * @returns a promise of true once the condition held, false if it still did not at the timeout.
 * @example
 * ```ts
 * if (!(await pollUntil(() => cache.size === 2_000, { timeoutMs: 20_000 }))) {
 *   problems.push('the cache never synced');
 * }
 * ```
 */
export async function pollUntil(
  condition: () => boolean,
  { timeoutMs = 20_000, pollMs = 5 }: EventuallyOptions = {},
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (condition()) return true;
    if (Date.now() > deadline) return false;
    await sleep(pollMs);
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
 * @example
 * ```ts
 * await eventually(() => informer.hasSynced(), 'the informer synced');
 * ```
 */
export async function eventually(
  condition: () => boolean,
  what = 'condition',
  options: EventuallyOptions = {},
): Promise<void> {
  if (!(await pollUntil(condition, options)))
    throw new ConditionTimeoutError(what, options.timeoutMs ?? 20_000);
}
