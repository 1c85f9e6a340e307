import { asyncScheduler, type SchedulerLike } from 'rxjs';

/**
 * The clock that times the processing of a pop, in ms. On the default scheduler that is
 * `performance.now()`: a pop takes microseconds, which `Date.now()` (the scheduler's clock)
 * rounds to 0. A scheduler passed in (virtual time in tests) is used as it is, so that what a
 * test observes follows its clock.
 *
 * @param scheduler - the informer's scheduler
 * @returns the clock
 * @internal
 */
export function processingClock(scheduler: SchedulerLike): () => number {
  const precise = globalThis.performance;
  if (scheduler === asyncScheduler && precise !== undefined) return () => precise.now();
  return () => scheduler.now();
}
