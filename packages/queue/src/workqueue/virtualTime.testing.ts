import { VirtualTimeScheduler } from 'rxjs';

/** A `VirtualTimeScheduler` that can be moved forward by a given amount of virtual time. */
export class VirtualClock extends VirtualTimeScheduler {
  /** Runs every action due within `ms` of now, in order, and leaves the clock at now + `ms`. */
  advance(ms: number): void {
    const target = this.now() + ms;
    this.maxFrames = target;
    this.flush();
    this.frame = target;
  }

  /** How many actions (timers) are scheduled. */
  get pending(): number {
    return this.actions.length;
  }
}

/** Lets every pending promise callback run. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Tracks a promise's state without awaiting it. */
export function track<T>(promise: Promise<T>): { settled: boolean; value?: T; error?: unknown } {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false };
  promise.then(
    (value) => {
      state.settled = true;
      state.value = value;
    },
    (error: unknown) => {
      state.settled = true;
      state.error = error;
    },
  );
  return state;
}

/** Lets short promise chains run (a few microtask turns), without leaving the microtask queue. */
export async function flushMicrotasks(): Promise<void> {
  for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
}
