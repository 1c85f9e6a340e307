/**
 * Polls `condition` until it holds. For tests over real HTTP, where the informer converges on
 * the server's state at network speed; the timeout is a safety net, not a timing assertion.
 */
export async function eventually(
  condition: () => boolean,
  description = 'condition',
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${description}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
