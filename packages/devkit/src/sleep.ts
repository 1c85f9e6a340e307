/**
 * Waits `ms` real milliseconds. For code over real I/O (the fake API server over HTTP) that
 * must let time pass; tests of timing use a virtual clock instead.
 *
 * @param ms - how long.
 * @returns a promise resolved after `ms`.
 * @example
 * ```ts
 * await sleep(100); // let the churn generator run
 * ```
 */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
