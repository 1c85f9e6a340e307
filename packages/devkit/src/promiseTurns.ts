/**
 * Lets every promise callback that is ready run: a macrotask turn drains the microtask queue,
 * however long the chains of `then` are.
 *
 * @returns a promise resolved on the next macrotask turn.
 */
export function drain(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Lets short promise chains run (`rounds` microtask turns) without leaving the microtask queue,
 * so no timer or I/O callback runs in between.
 *
 * @param rounds - how many microtask turns.
 * @returns a promise resolved after `rounds` turns.
 */
export async function flushMicrotasks(rounds = 20): Promise<void> {
  for (let turn = 0; turn < rounds; turn += 1) await Promise.resolve();
}

/** What {@link track} has seen of a promise. */
export interface TrackedPromise<T> {
  /** Whether the promise has resolved or rejected. */
  settled: boolean;
  /** The value it resolved with. */
  value?: T;
  /** The reason it rejected with. */
  error?: unknown;
}

/**
 * Tracks a promise's state without awaiting it, so a test can assert that it has not settled yet.
 *
 * @param promise - the promise to watch.
 * @returns a record updated when the promise settles.
 */
export function track<T>(promise: Promise<T>): TrackedPromise<T> {
  const state: TrackedPromise<T> = { settled: false };
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
