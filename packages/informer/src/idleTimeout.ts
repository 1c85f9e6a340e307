import {
  Observable,
  type MonoTypeOperatorFunction,
  type SchedulerAction,
  type SchedulerLike,
} from 'rxjs';
import { timerDelay } from './timerDelay.js';

/**
 * Errors with `error()` once the source has been quiet for `idleMs` (no value since it was
 * subscribed or since its last value): RxJS's `timeout({ each })`, at a lower cost per value.
 * `timeout` replaces its timer on every value; this one only notes the time and keeps one
 * timer that, when it fires early, re-arms itself for the rest of the quiet period (which also
 * makes periods longer than a timer can take exact, see `timerDelay`). A watch
 * stream carries thousands of events per second and goes idle rarely, so the timer work moves
 * from every event to once per idle period.
 *
 * @typeParam V - the value type
 * @param idleMs - the longest quiet period allowed
 * @param scheduler - the clock and timers (virtual in tests)
 * @param error - builds the error
 * @returns the operator
 * @internal
 */
export function idleTimeout<V>(
  idleMs: number,
  scheduler: SchedulerLike,
  error: () => unknown,
): MonoTypeOperatorFunction<V> {
  return (source) =>
    new Observable<V>((subscriber) => {
      let lastValueAt = scheduler.now();
      subscriber.add(
        scheduler.schedule(function (this: SchedulerAction<undefined>) {
          const quietMs = scheduler.now() - lastValueAt;
          if (quietMs >= idleMs) subscriber.error(error());
          else this.schedule(undefined, timerDelay(idleMs - quietMs));
        }, timerDelay(idleMs)),
      );
      subscriber.add(
        source.subscribe({
          next: (value) => {
            lastValueAt = scheduler.now();
            subscriber.next(value);
          },
          error: (err: unknown) => subscriber.error(err),
          complete: () => subscriber.complete(),
        }),
      );
    });
}
