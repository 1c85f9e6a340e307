import { Subscription, asyncScheduler, type SchedulerAction, type SchedulerLike } from 'rxjs';

/**
 * One piece of work of {@link microtaskScheduler}: runs once in a microtask unless
 * unsubscribed first; `schedule` from inside the work runs it again (in another microtask, or
 * after `delay` ms on `asyncScheduler`).
 */
class MicrotaskAction<S> extends Subscription implements SchedulerAction<S> {
  private state: S | undefined;

  constructor(private readonly work: (this: SchedulerAction<S>, state?: S) => void) {
    super();
  }

  schedule(state?: S, delay = 0): Subscription {
    if (this.closed) return this;
    this.state = state;
    if (delay > 0) {
      const later = asyncScheduler.schedule(() => {
        this.remove(later);
        this.run();
      }, delay);
      this.add(later);
    } else {
      queueMicrotask(this.run);
    }
    return this;
  }

  private readonly run = (): void => {
    if (!this.closed) this.work.call(this, this.state);
  };
}

/**
 * A scheduler that runs work due now in a microtask, as RxJS's `asapScheduler` does, at less
 * cost per scheduling: one object and a `queueMicrotask`, where `asapScheduler` adds a promise,
 * a handle table and a flush of its action list. The informer's queue schedules its drain once
 * per burst of watch events, a few thousand times a second under load. Delayed work goes to
 * `asyncScheduler`; the clock is `asyncScheduler`'s.
 *
 * Unlike `asapScheduler`, it is not virtualised by `TestScheduler.run`: use it only where the
 * real clock runs.
 *
 * @internal
 */
export const microtaskScheduler: SchedulerLike = {
  now: () => asyncScheduler.now(),
  schedule<S>(
    work: (this: SchedulerAction<S>, state?: S) => void,
    delay?: number,
    state?: S,
  ): Subscription {
    return new MicrotaskAction(work).schedule(state, delay);
  },
};
