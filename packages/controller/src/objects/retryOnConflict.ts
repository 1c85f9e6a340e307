import { asyncScheduler, lastValueFrom, timer, type SchedulerLike } from 'rxjs';
import { isConflict } from '../resources/apiStatus.js';

/** How {@link retryOnConflict} waits between attempts (client-go's `wait.Backoff`). */
export interface ConflictBackoff {
  /** How many attempts in all. */
  steps: number;
  /** The first wait (ms). */
  durationMs: number;
  /** Each wait is the previous one times this. */
  factor: number;
  /** Each wait is lengthened by up to this fraction of it, at random. */
  jitter: number;
}

/**
 * client-go's `retry.DefaultRetry`: 5 attempts, 10 ms apart (plus up to 10 % jitter). Conflicts
 * come from other writers of the same object, who are done within milliseconds.
 */
export const defaultConflictBackoff: Readonly<ConflictBackoff> = Object.freeze({
  steps: 5,
  durationMs: 10,
  factor: 1,
  jitter: 0.1,
});

/** Options of {@link retryOnConflict}. */
export interface RetryOnConflictOptions {
  /** Default {@link defaultConflictBackoff}. */
  backoff?: ConflictBackoff;
  /** Times the waits. Default `asyncScheduler`. */
  scheduler?: SchedulerLike;
  /** Draws the jitter, in [0, 1). Default `Math.random`. */
  random?: () => number;
  /** Stops waiting: the last error is thrown at once. */
  signal?: AbortSignal;
}

/**
 * Runs `attempt` again while it fails with a conflict (HTTP 409), waiting between attempts
 * (client-go's `retry.RetryOnConflict`). `attempt` must read the object afresh each time:
 * retrying a write of the same stale object conflicts again. Any other error, or a conflict
 * on the last attempt, is thrown as it is.
 *
 * @typeParam R - the attempt's result
 * @param attempt - a get, change and write of one object
 * @param options - backoff, scheduler, randomness, cancellation
 * @returns the result of the first attempt that did not conflict
 * @throws whatever the last attempt threw
 * @example
 * ```ts
 * await retryOnConflict(async () => {
 *   const current = await client.read<V1ConfigMap>(reference);
 *   current.data = { ...current.data, ready: 'true' };
 *   return client.replace(current);
 * });
 * ```
 */
export async function retryOnConflict<R>(
  attempt: () => Promise<R>,
  options: RetryOnConflictOptions = {},
): Promise<R> {
  const {
    backoff = defaultConflictBackoff,
    scheduler = asyncScheduler,
    random = Math.random,
    signal,
  } = options;
  let wait = backoff.durationMs;
  for (let step = 1; ; step += 1) {
    try {
      return await attempt();
    } catch (error: unknown) {
      if (!isConflict(error) || step >= backoff.steps || signal?.aborted === true) throw error;
    }
    await lastValueFrom(timer(wait * (1 + backoff.jitter * random()), scheduler));
    wait *= backoff.factor;
  }
}
