import { DelayingQueue, type DelayingQueueInterface } from './delayingQueue.js';
import { defaultControllerRateLimiter, type RateLimiter } from './rateLimiters.js';
import type { WorkQueueOptions } from './workQueue.js';

/**
 * A delaying queue whose retries are paced by a {@link RateLimiter}: client-go's
 * `workqueue.RateLimitingInterface`.
 *
 * @typeParam T - the item type
 */
export interface RateLimitingQueueInterface<T> extends DelayingQueueInterface<T> {
  /** Adds `item` after the delay the rate limiter decides. */
  addRateLimited(item: T): void;
  /** Tells the rate limiter to forget `item`'s retries. */
  forget(item: T): void;
  /** @returns how many times `item` was retried since it was last forgotten */
  numRequeues(item: T): number;
}

/** How to build a {@link RateLimitingQueue}. */
export interface RateLimitingQueueOptions<T> extends WorkQueueOptions {
  /**
   * Paces the retries. Defaults to {@link defaultControllerRateLimiter} on the queue's
   * scheduler.
   */
  rateLimiter?: RateLimiter<T>;
}

/**
 * client-go's rate-limited work queue (`workqueue.NewRateLimitingQueue`): a
 * {@link DelayingQueue} with retries paced by a {@link RateLimiter}. The usual controller loop
 * retries an item that failed with `addRateLimited`, and `forget`s it once it succeeds, so the
 * next failure starts the backoff afresh.
 *
 * @typeParam T - the item type
 * @example
 * ```ts
 * const queue = new RateLimitingQueue<string>(); // defaultControllerRateLimiter
 *
 * for (;;) {
 *   const { item, shutdown } = await queue.get();
 *   if (shutdown) break;
 *   try {
 *     await reconcile(item);
 *     queue.forget(item);
 *   } catch (err) {
 *     if (queue.numRequeues(item) < 5) queue.addRateLimited(item);
 *     else queue.forget(item); // give up
 *   } finally {
 *     queue.done(item);
 *   }
 * }
 * ```
 */
export class RateLimitingQueue<T>
  extends DelayingQueue<T>
  implements RateLimitingQueueInterface<T>
{
  /** The limiter pacing `addRateLimited`. */
  readonly rateLimiter: RateLimiter<T>;

  /** @param options - see {@link RateLimitingQueueOptions} */
  constructor(options: RateLimitingQueueOptions<T> = {}) {
    super(options);
    this.rateLimiter =
      options.rateLimiter ?? defaultControllerRateLimiter<T>({ scheduler: this.scheduler });
  }

  /**
   * Adds `item` after the delay `rateLimiter.when(item)` returns (which records the retry).
   * Ignored once shutting down; the limiter is then not consulted, so no retry is recorded.
   *
   * @param item - the item to retry
   */
  addRateLimited(item: T): void {
    if (this.shuttingDown()) return;
    this.addAfter(item, this.rateLimiter.when(item));
  }

  /**
   * Makes the rate limiter forget `item`'s retries (its backoff starts again). It does not
   * remove the item from the queue nor cancel a pending retry.
   *
   * @param item - the item
   */
  forget(item: T): void {
    this.rateLimiter.forget(item);
  }

  /**
   * @param item - the item
   * @returns how many times `item` was retried since it was last forgotten, per the limiter
   */
  numRequeues(item: T): number {
    return this.rateLimiter.numRequeues(item);
  }
}
