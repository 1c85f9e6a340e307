/**
 * A broadcast wake-up, the asynchronous counterpart of Go's `sync.Cond`: `wait` returns a
 * promise that settles at the next `broadcast`. Waiters re-check their condition after waking,
 * because another waiter may have acted first.
 *
 * @internal
 */
export class Condition {
  private waiters: (() => void)[] = [];

  /** @returns a promise that resolves at the next {@link Condition.broadcast} */
  wait(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Wakes every current waiter. */
  broadcast(): void {
    if (this.waiters.length === 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
