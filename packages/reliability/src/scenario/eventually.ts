/**
 * Polls `condition` until it holds or `timeoutMs` passes. A bound against hanging, never a
 * timing assertion: callers pick generous limits and report what was still missing.
 *
 * @param condition - checked every `pollMs`.
 * @param timeoutMs - give up after this long.
 * @param pollMs - polling period.
 * @returns true once the condition held, false on timeout.
 */
export async function eventually(
  condition: () => boolean,
  timeoutMs: number,
  pollMs = 10,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (condition()) return true;
    if (Date.now() > deadline) return false;
    await sleep(pollMs);
  }
}

/**
 * Waits.
 *
 * @param ms - how long.
 * @returns a promise resolved after `ms`.
 */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
