import { asyncScheduler, type SchedulerLike } from 'rxjs';

/**
 * Decides how long an item waits before it is retried: client-go's `workqueue.RateLimiter`.
 * Delays are in milliseconds.
 *
 * @typeParam T - the item type
 */
export interface RateLimiter<T> {
  /**
   * Records a retry of `item` and returns how long it must wait. Each call counts: a limiter
   * that backs off per item moves one step further.
   *
   * @param item - the item to retry
   * @returns the delay in milliseconds, never negative
   */
  when(item: T): number;
  /**
   * Forgets `item`'s history, typically once it was processed successfully: its next retry
   * starts from the first step again. Limiters that do not track items ignore it.
   *
   * @param item - the item
   */
  forget(item: T): void;
  /**
   * @param item - the item
   * @returns how many times `item` was retried since it was last forgotten (0 for limiters that
   *   do not track items)
   */
  numRequeues(item: T): number;
}

function requireDelay(name: string, value: number): void {
  if (!(value >= 0) || value === Infinity)
    throw new RangeError(`${name} must be a finite, non-negative number of milliseconds`);
}

/**
 * client-go's `ItemExponentialFailureRateLimiter`: each item waits `baseDelayMs * 2^n`, where
 * `n` is how many times it was retried before since it was last forgotten, capped at
 * `maxDelayMs`. `forget` resets the item.
 *
 * @typeParam T - the item type
 * @param baseDelayMs - the first delay
 * @param maxDelayMs - the cap
 * @returns the limiter
 * @throws `RangeError` if a delay is negative or not finite
 * @example
 * ```ts
 * const limiter = itemExponentialFailureRateLimiter<string>(5, 1000);
 * limiter.when('a'); // 5
 * limiter.when('a'); // 10
 * limiter.when('b'); // 5
 * limiter.forget('a'); // 'a' starts again at 5
 * ```
 */
export function itemExponentialFailureRateLimiter<T>(
  baseDelayMs: number,
  maxDelayMs: number,
): RateLimiter<T> {
  requireDelay('baseDelayMs', baseDelayMs);
  requireDelay('maxDelayMs', maxDelayMs);
  const failures = new Map<T, number>();
  return {
    when(item) {
      const exp = failures.get(item) ?? 0;
      failures.set(item, exp + 1);
      // 2 ** exp overflows to Infinity past 1023; the cap makes that harmless, and a zero base
      // delay stays zero rather than becoming 0 * Infinity = NaN.
      if (baseDelayMs === 0) return 0;
      return Math.min(baseDelayMs * 2 ** exp, maxDelayMs);
    },
    forget(item) {
      failures.delete(item);
    },
    numRequeues(item) {
      return failures.get(item) ?? 0;
    },
  };
}

/**
 * client-go's `ItemFastSlowRateLimiter`: an item's first `maxFastAttempts` retries wait
 * `fastDelayMs`, later ones `slowDelayMs`, until the item is forgotten.
 *
 * @typeParam T - the item type
 * @param fastDelayMs - the delay of the first attempts
 * @param slowDelayMs - the delay after them
 * @param maxFastAttempts - how many attempts are fast
 * @returns the limiter
 * @throws `RangeError` if a delay is negative or not finite, or `maxFastAttempts` is not a
 *   non-negative integer
 */
export function itemFastSlowRateLimiter<T>(
  fastDelayMs: number,
  slowDelayMs: number,
  maxFastAttempts: number,
): RateLimiter<T> {
  requireDelay('fastDelayMs', fastDelayMs);
  requireDelay('slowDelayMs', slowDelayMs);
  if (!Number.isInteger(maxFastAttempts) || maxFastAttempts < 0)
    throw new RangeError('maxFastAttempts must be a non-negative integer');
  const failures = new Map<T, number>();
  return {
    when(item) {
      const attempts = (failures.get(item) ?? 0) + 1;
      failures.set(item, attempts);
      return attempts <= maxFastAttempts ? fastDelayMs : slowDelayMs;
    },
    forget(item) {
      failures.delete(item);
    },
    numRequeues(item) {
      return failures.get(item) ?? 0;
    },
  };
}

/** Options of {@link bucketRateLimiter}. */
export interface BucketRateLimiterOptions {
  /** The clock the bucket refills by. Defaults to `asyncScheduler` (`Date.now`). */
  scheduler?: SchedulerLike;
}

/**
 * client-go's `BucketRateLimiter`: one token bucket shared by all items, refilled at `qps`
 * tokens per second up to `burst` tokens, and full at the start. Every `when` takes a token
 * and returns how long until that token is actually available: 0 while the bucket holds one,
 * otherwise the time the refill needs to pay off the debt (tokens are reserved ahead, as
 * `rate.Limiter.Reserve` does, so successive calls return growing delays). It limits the
 * overall retry rate, not any one item: `forget` does nothing and `numRequeues` is 0.
 *
 * @param qps - tokens per second (`Infinity`: no limit)
 * @param burst - the bucket's size: how many retries may go at once
 * @param options - the clock
 * @returns the limiter
 * @throws `RangeError` if `qps` is not positive or `burst` is not a positive integer
 * @example
 * ```ts
 * const limiter = bucketRateLimiter(10, 100);
 * // the first 100 calls return 0; then 100, 200, 300... until time passes
 * ```
 */
export function bucketRateLimiter(
  qps: number,
  burst: number,
  options: BucketRateLimiterOptions = {},
): RateLimiter<unknown> {
  if (!(qps > 0)) throw new RangeError('qps must be positive');
  if (!Number.isInteger(burst) || burst < 1)
    throw new RangeError('burst must be a positive integer');
  const scheduler = options.scheduler ?? asyncScheduler;
  let tokens = burst;
  let last = scheduler.now();
  return {
    when() {
      if (qps === Infinity) return 0;
      const now = scheduler.now();
      // A clock that went back adds nothing (and moves the reference back), as in x/time/rate.
      const elapsed = Math.max(now - last, 0);
      last = now;
      tokens = Math.min(burst, tokens + (elapsed * qps) / 1000) - 1;
      return tokens < 0 ? (-tokens * 1000) / qps : 0;
    },
    forget() {},
    numRequeues() {
      return 0;
    },
  };
}

/**
 * client-go's `MaxOfRateLimiter`: asks every limiter (so each records the retry) and returns
 * the longest delay; `numRequeues` is the largest count, and `forget` forgets everywhere. Combine
 * a per-item backoff with an overall bucket, as {@link defaultControllerRateLimiter} does.
 *
 * @typeParam T - the item type
 * @param limiters - the limiters to combine
 * @returns the combination
 */
export function maxOfRateLimiter<T>(...limiters: readonly RateLimiter<T>[]): RateLimiter<T> {
  const all = [...limiters];
  return {
    when(item) {
      let delay = 0;
      for (const limiter of all) delay = Math.max(delay, limiter.when(item));
      return delay;
    },
    forget(item) {
      for (const limiter of all) limiter.forget(item);
    },
    numRequeues(item) {
      let requeues = 0;
      for (const limiter of all) requeues = Math.max(requeues, limiter.numRequeues(item));
      return requeues;
    },
  };
}

/**
 * client-go's `WithMaxWaitRateLimiter`: `limiter` with its delays capped at `maxDelayMs`.
 *
 * @typeParam T - the item type
 * @param limiter - the limiter to cap
 * @param maxDelayMs - the longest delay returned
 * @returns the capped limiter
 * @throws `RangeError` if `maxDelayMs` is negative or not finite
 */
export function withMaxWaitRateLimiter<T>(
  limiter: RateLimiter<T>,
  maxDelayMs: number,
): RateLimiter<T> {
  requireDelay('maxDelayMs', maxDelayMs);
  return {
    when: (item) => Math.min(limiter.when(item), maxDelayMs),
    forget: (item) => limiter.forget(item),
    numRequeues: (item) => limiter.numRequeues(item),
  };
}

/** Options of {@link defaultControllerRateLimiter}. */
export interface DefaultControllerRateLimiterOptions {
  /** The clock of the token bucket. Defaults to `asyncScheduler`. */
  scheduler?: SchedulerLike;
}

/**
 * client-go's `DefaultControllerRateLimiter`: the larger of a per-item exponential backoff from
 * 5 ms to 1000 s and an overall token bucket of 10 retries per second with a burst of 100. A
 * failing item backs off on its own, while a storm of failures across many items is held to the
 * bucket's rate.
 *
 * @typeParam T - the item type
 * @param options - the bucket's clock
 * @returns the limiter
 */
export function defaultControllerRateLimiter<T>(
  options: DefaultControllerRateLimiterOptions = {},
): RateLimiter<T> {
  return maxOfRateLimiter<T>(
    itemExponentialFailureRateLimiter<T>(5, 1000 * 1000),
    bucketRateLimiter(10, 100, options),
  );
}
