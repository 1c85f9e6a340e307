/**
 * Waits until `condition` holds, checking every few milliseconds. Used for asynchronous
 * clients whose progress has no event to await; Jest's own timeout bounds the wait.
 */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
