import { VirtualTimeScheduler } from 'rxjs';
import { drain } from './promiseTurns.js';

/**
 * An RxJS `VirtualTimeScheduler` that tests move forward by a given amount of virtual time. Pass
 * it wherever the code under test takes a `scheduler`; nothing runs until the test advances it.
 *
 * - {@link VirtualClock.advance} is synchronous: for code whose timers only schedule more
 *   timers or emit synchronously.
 * - {@link VirtualClock.advanceAsync} lets promise callbacks run between due instants: for code
 *   that mixes timers with promises (a request that resolves "immediately" does so at the virtual
 *   instant it was made, before later timers fire).
 *
 * @example
 * ```ts
 * const clock = new VirtualClock();
 * timer(1_000, clock).subscribe(() => fired++);
 * clock.advance(999); // fired === 0
 * clock.advance(1); // fired === 1
 * ```
 */
export class VirtualClock extends VirtualTimeScheduler {
  constructor() {
    super();
    // Time moves only when a test advances the clock: a direct `flush()` runs only what is due
    // at the current instant.
    this.maxFrames = 0;
  }

  /**
   * Runs every action due within `ms` of now, in order, and leaves the clock at now + `ms`.
   *
   * @param ms - virtual milliseconds to move forward.
   */
  advance(ms: number): void {
    const target = this.now() + ms;
    this.maxFrames = target;
    this.flush();
    this.frame = target;
  }

  /**
   * Moves virtual time forward by `ms` one due instant at a time, letting every promise callback
   * that is ready run before the clock moves on.
   *
   * @param ms - virtual milliseconds to move forward.
   * @returns a promise resolved when the clock stands at now + `ms`.
   */
  async advanceAsync(ms: number): Promise<void> {
    const target = this.now() + ms;
    await drain();
    for (let next = this.actions[0]; next !== undefined && next.delay <= target;) {
      this.maxFrames = next.delay;
      this.flush();
      await drain();
      next = this.actions[0];
    }
    this.frame = Math.max(this.frame, target);
    this.maxFrames = target;
  }

  /**
   * Advances in `step` increments (with {@link VirtualClock.advanceAsync}) until `condition`
   * holds.
   *
   * @param condition - checked before every step.
   * @param limit - virtual milliseconds after which to give up.
   * @param step - virtual milliseconds per step.
   * @returns the virtual time it took.
   * @throws Error when the condition does not hold within `limit`.
   */
  async until(condition: () => boolean, limit: number, step = 10): Promise<number> {
    const start = this.now();
    await drain();
    while (!condition()) {
      if (this.now() - start >= limit) {
        throw new Error(`condition not met within ${limit} ms of virtual time`);
      }
      await this.advanceAsync(step);
    }
    return this.now() - start;
  }

  /** How many actions (timers) are scheduled and not cancelled. */
  get pending(): number {
    return this.actions.filter((action) => !action.closed).length;
  }
}
