import type { Subscription } from 'rxjs';
import { WaitingItems } from './waitingItems.js';
import { WorkQueue, type WorkQueueInterface } from './workQueue.js';

/**
 * A work queue that can add an item later: client-go's `workqueue.DelayingInterface`.
 *
 * @typeParam T - the item type
 */
export interface DelayingQueueInterface<T> extends WorkQueueInterface<T> {
  /** Adds `item` once `delayMs` milliseconds have passed. */
  addAfter(item: T, delayMs: number): void;
}

/**
 * Timers longer than this (about 24.8 days) fire at once in browsers and Node.js, so longer
 * waits are split.
 */
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/**
 * client-go's delaying queue (`workqueue.NewDelayingQueue`): a {@link WorkQueue} with
 * {@link DelayingQueue.addAfter}, so that a failed item can be retried later without a hot
 * loop, or an object reconciled again after a set time.
 *
 * Waiting items are held apart from the queue until they are ready, then added with
 * {@link WorkQueue.add} (and so de-duplicated as usual). One timer on the queue's scheduler
 * covers them all, armed for the earliest; shutting down cancels it and drops the waiting items.
 *
 * @typeParam T - the item type
 * @example
 * ```ts
 * const queue = new DelayingQueue<string>();
 * queue.addAfter('default/web', 30_000); // reconcile again in 30 s
 * ```
 */
export class DelayingQueue<T> extends WorkQueue<T> implements DelayingQueueInterface<T> {
  private readonly waiting = new WaitingItems<T>();
  /** The pending timer, if any, and the time it fires at. */
  private timer: Subscription | undefined;
  private timerAt = Infinity;

  /**
   * Adds `item` once `delayMs` milliseconds have passed on the queue's scheduler; at once if
   * `delayMs` is zero or negative. An item already waiting keeps the earlier of its two ready
   * times (so a short retry overrides a long one, never the reverse); an item that is queued or
   * being processed when its time comes is handled as by `add`. Ignored once shutting down.
   * Counts as a retry in the metrics.
   *
   * @param item - the item
   * @param delayMs - the delay in milliseconds
   * @throws `RangeError` if `delayMs` is `NaN` or `Infinity`
   */
  addAfter(item: T, delayMs: number): void {
    if (Number.isNaN(delayMs) || delayMs === Infinity)
      throw new RangeError(`addAfter needs a finite delay, got ${delayMs}`);
    if (this.shuttingDown()) return;
    this.metricsRecorder.retry();
    if (delayMs <= 0) {
      this.add(item);
      return;
    }
    this.waiting.insert(item, this.scheduler.now() + delayMs);
    this.arm();
  }

  /** Cancels the timer and drops the waiting items. */
  protected override onShutDown(): void {
    this.cancelTimer();
    this.waiting.clear();
    super.onShutDown();
  }

  /** Adds every item whose time has come, then re-arms the timer for the next one. */
  private fire(): void {
    this.timer = undefined;
    this.timerAt = Infinity;
    const now = this.scheduler.now();
    for (let ready = this.waiting.popReady(now); ready; ready = this.waiting.popReady(now))
      this.add(ready.item);
    this.arm();
  }

  /** Makes sure a timer fires no later than the earliest waiting item's ready time. */
  private arm(): void {
    const next = this.waiting.nextReadyAt();
    if (next === undefined) {
      this.cancelTimer();
      return;
    }
    if (this.timer !== undefined && this.timerAt <= next) return;
    this.cancelTimer();
    const now = this.scheduler.now();
    const delay = Math.min(Math.max(next - now, 0), MAX_TIMER_DELAY_MS);
    // A synchronous scheduler (`queueScheduler` with no delay) runs `fire` before `schedule`
    // returns; `fire` has then re-armed as needed and the returned subscription is spent.
    let fired = false;
    const timer = this.scheduler.schedule(() => {
      fired = true;
      this.fire();
    }, delay);
    if (!fired) {
      this.timer = timer;
      this.timerAt = now + delay;
    }
  }

  private cancelTimer(): void {
    this.timer?.unsubscribe();
    this.timer = undefined;
    this.timerAt = Infinity;
  }
}
