import { VirtualTimeScheduler } from 'rxjs';

/** Lets every promise callback that is ready run (a macrotask turn drains the microtasks). */
export function drain(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * A `VirtualTimeScheduler` for code that mixes timers with promises: `advance` runs the due
 * timers one instant at a time and lets promise callbacks run in between, so a request that
 * resolves "immediately" does so at the virtual instant it was made.
 */
export class VirtualClock extends VirtualTimeScheduler {
  /** Moves virtual time forward by `ms`, running everything due on the way. */
  async advance(ms: number): Promise<void> {
    const target = this.now() + ms;
    await drain();
    for (let next = this.actions[0]; next !== undefined && next.delay <= target;) {
      this.maxFrames = next.delay;
      this.flush();
      await drain();
      next = this.actions[0];
    }
    this.frame = Math.max(this.frame, target);
    this.maxFrames = Number.POSITIVE_INFINITY;
  }

  /**
   * Advances in `step` increments until `condition` holds.
   *
   * @returns the virtual time it took.
   * @throws Error when it does not hold within `limit` ms.
   */
  async until(condition: () => boolean, limit: number, step = 10): Promise<number> {
    const start = this.now();
    await drain();
    while (!condition()) {
      if (this.now() - start >= limit) {
        throw new Error(`condition not met within ${limit} ms of virtual time`);
      }
      await this.advance(step);
    }
    return this.now() - start;
  }

  /** How many timers are scheduled. */
  get pending(): number {
    return this.actions.length;
  }
}
