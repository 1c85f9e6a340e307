import {
  Observable,
  asyncScheduler,
  type SchedulerAction,
  type SchedulerLike,
  type Subscription,
} from 'rxjs';
import { ItemNotProcessingError } from '../errors.js';
import { ItemFifo } from './itemFifo.js';
import {
  QueueMetrics,
  noopMetricsProvider,
  type WorkQueueMetricsProvider,
  type WorkQueueMetricsSnapshot,
} from './workQueueMetrics.js';
import type { MetricsProvider } from '../metrics/metricsProvider.js';
import { workQueueMetricsProvider } from './workQueueMetricsProvider.js';

/**
 * What {@link WorkQueue.get} resolves with: an item to process, or the news that the queue is
 * shut down and has nothing left (client-go's `(item, shutdown)` pair). Destructuring keeps the
 * narrowing:
 *
 * ```ts
 * const { item, shutdown } = await queue.get();
 * if (shutdown) return; // item: undefined
 * process(item); // item: T
 * ```
 *
 * @typeParam T - the item type
 */
export type WorkQueueGetResult<T> =
  | { readonly item: T; readonly shutdown: false }
  | { readonly item: undefined; readonly shutdown: true };

/** Options of one {@link WorkQueue.get}. */
export interface WorkQueueGetOptions {
  /**
   * Abandons the wait: the promise rejects with the signal's `reason` if the signal aborts
   * before an item is handed out. Once an item has been handed out, aborting has no effect and
   * the item must be processed (or at least marked `done`).
   */
  signal?: AbortSignal;
}

/**
 * A de-duplicating work queue: client-go's `workqueue.Interface`. Implemented by
 * {@link WorkQueue} and its subclasses; code that only consumes a queue (a worker loop, a fake
 * in a test) can depend on this instead.
 *
 * @typeParam T - the item type
 */
export interface WorkQueueInterface<T> {
  /** Queues `item` unless it is already waiting; ignored once shutting down. */
  add(item: T): void;
  /** @returns how many items are waiting to be handed out */
  len(): number;
  /** Waits for an item and marks it as being processed; see {@link WorkQueueGetResult}. */
  get(options?: WorkQueueGetOptions): Promise<WorkQueueGetResult<T>>;
  /**
   * `get` as an Observable: emits one result, synchronously when an item is ready, then
   * completes; unsubscribing before that abandons the wait.
   */
  get$(): Observable<WorkQueueGetResult<T>>;
  /** Marks `item`, handed out by `get`, as processed. */
  done(item: T): void;
  /** Stops accepting items and releases waiting `get`s once the queue is empty. */
  shutDown(): void;
  /** Like `shutDown`, and resolves once no item is being processed. */
  shutDownWithDrain(): Promise<void>;
  /** @returns whether `shutDown` or `shutDownWithDrain` was called */
  shuttingDown(): boolean;
}

/** How to build a {@link WorkQueue}. */
export interface WorkQueueOptions {
  /**
   * Names the queue for its metrics provider (every `new...Metric(name)` call receives it).
   * Defaults to `''`.
   */
  name?: string;
  /**
   * Where to report metrics as they change, like client-go's `MetricsProvider`. None by
   * default: `metrics()` still reports them on demand.
   */
  metricsProvider?: WorkQueueMetricsProvider;
  /**
   * Where to report metrics as client-go's `workqueue_*` series labelled with `name` (see
   * {@link workQueueMetricsProvider}): the one metrics interface informers report to as well.
   * Give this or `metricsProvider`, not both.
   */
  metrics?: MetricsProvider;
  /**
   * The clock and timers: `now()` for timestamps and `schedule` for delays. Defaults to RxJS's
   * `asyncScheduler` (`Date.now` and `setInterval`); pass a `VirtualTimeScheduler` or
   * `TestScheduler` to run in virtual time.
   */
  scheduler?: SchedulerLike;
  /**
   * How often, in milliseconds, the unfinished-work gauges are pushed to `metricsProvider`
   * while the queue runs (client-go: 500). Only used with a `metricsProvider`; that timer
   * runs until the queue shuts down (in Node.js it keeps the process alive until then).
   */
  unfinishedWorkUpdatePeriodMs?: number;
}

const SHUTDOWN: WorkQueueGetResult<never> = Object.freeze({ item: undefined, shutdown: true });

/** A pending `get`. */
interface Waiter<T> {
  settle(result: WorkQueueGetResult<T>): void;
}

/**
 * client-go's work queue (`workqueue.New`): a FIFO of items to process, with two guarantees
 * that make it the backbone of a controller.
 *
 * - **De-duplication.** An item added while it is already waiting is not queued twice: a burst
 *   of events for one object collapses into one unit of work.
 * - **Exclusivity.** An item is never handed to two consumers at once. An item added while it
 *   is being processed (between `get` and `done`) waits aside and is queued again when `done`
 *   is called, so the change that caused the add is not lost either.
 *
 * Any number of consumers may `get` concurrently; waiting consumers are served in the order
 * they started waiting. Items are compared as `Map` keys are (SameValueZero): use strings such
 * as `namespace/name`, or objects by identity.
 *
 * Shutting down (`shutDown` or `shutDownWithDrain`) makes `add` a no-op; consumers keep getting
 * the items still queued, and `get` resolves with `{ shutdown: true }` once there are none.
 *
 * @typeParam T - the item type
 * @example
 * ```ts
 * const queue = new WorkQueue<string>();
 * informer.events$.subscribe((event) => queue.add(keyOf(event)));
 *
 * async function worker(): Promise<void> {
 *   for (;;) {
 *     const { item, shutdown } = await queue.get();
 *     if (shutdown) return;
 *     try {
 *       await reconcile(item);
 *     } finally {
 *       queue.done(item);
 *     }
 *   }
 * }
 * ```
 */
export class WorkQueue<T> implements WorkQueueInterface<T> {
  /** The clock and timers. */
  protected readonly scheduler: SchedulerLike;

  /** @internal the metrics bookkeeping (also used by subclasses) */
  protected readonly metricsRecorder: QueueMetrics<T>;

  /** Items waiting to be handed out, in order; each is also dirty and not processing. */
  private readonly queue = new ItemFifo<T>();
  /** Items that need processing: the queued ones and those re-added while processing. */
  private readonly dirty = new Set<T>();
  /** Items handed out by `get` and not yet `done`. */
  private readonly processing = new Set<T>();
  /**
   * Pending `get`s, oldest first. Non-empty only while `queue` is empty: an item arriving while
   * consumers wait is handed to the oldest at once.
   */
  private readonly waiters = new Set<Waiter<T>>();
  /** Resolvers of `shutDownWithDrain` calls waiting for processing to end. */
  private drainWaiters: (() => void)[] = [];

  private shutting = false;
  private readonly unfinishedWorkTimer: Subscription | undefined;

  /**
   * @param options - see {@link WorkQueueOptions}
   * @throws `RangeError` if both `metrics` and `metricsProvider` are given, or if
   *   `unfinishedWorkUpdatePeriodMs` is not positive
   */
  constructor(options: WorkQueueOptions = {}) {
    this.scheduler = options.scheduler ?? asyncScheduler;
    const scheduler = this.scheduler;
    if (options.metrics !== undefined && options.metricsProvider !== undefined)
      throw new RangeError('give a work queue metrics or metricsProvider, not both');
    const provider =
      options.metrics !== undefined
        ? workQueueMetricsProvider(options.metrics)
        : options.metricsProvider;
    const period = options.unfinishedWorkUpdatePeriodMs ?? 500;
    if (!(period > 0) || !Number.isFinite(period))
      throw new RangeError(`unfinishedWorkUpdatePeriodMs must be positive, got ${period}`);
    this.metricsRecorder = new QueueMetrics<T>(
      options.name ?? '',
      provider ?? noopMetricsProvider,
      () => scheduler.now(),
    );
    if (provider !== undefined) {
      const metrics = this.metricsRecorder;
      this.unfinishedWorkTimer = scheduler.schedule(function (this: SchedulerAction<undefined>) {
        metrics.updateUnfinishedWork();
        this.schedule(undefined, period);
      }, period);
    }
  }

  /**
   * Queues `item` at the back, unless it is already waiting (it keeps its place) or the queue
   * is shutting down (ignored). An item being processed is not queued yet but marked, and
   * queued when it is `done`.
   *
   * @param item - the item
   */
  add(item: T): void {
    if (this.shutting || this.dirty.has(item)) return;
    this.metricsRecorder.add(item);
    this.dirty.add(item);
    if (this.processing.has(item)) return;
    this.queue.push(item);
    this.dispatch();
  }

  /**
   * @returns how many items are queued, ready to be handed out (items re-added while being
   *   processed are not counted until they are `done`)
   */
  len(): number {
    return this.queue.length;
  }

  /**
   * Takes the item at the front, waiting for one if the queue is empty, and marks it as being
   * processed: the caller owns it until it calls {@link WorkQueue.done}, which it must do
   * whatever the outcome, or the item is never handed out again.
   *
   * After shutdown, items still queued are handed out as usual; once there are none, `get`
   * resolves with `{ item: undefined, shutdown: true }` (at once, or when the shutdown comes
   * for a `get` that was waiting).
   *
   * @param options - an optional abort signal for the wait
   * @returns the item, or the shutdown signal
   */
  get(options: WorkQueueGetOptions = {}): Promise<WorkQueueGetResult<T>> {
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        waiting.unsubscribe();
        reject(signal?.reason);
      };
      const waiting = this.get$().subscribe((result) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(result);
      });
      if (!waiting.closed) signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /**
   * {@link WorkQueue.get} without a promise, for consumers that must not wait a microtask (an
   * RxJS pipeline run in virtual time, such as `processWorkQueue` under a `TestScheduler`).
   * On subscription it hands out the front item at once if there is one, or the shutdown signal
   * if the queue is shut down and empty; otherwise it waits in line with the pending `get`s and
   * emits when its turn comes. Each subscription emits exactly one result, then completes.
   *
   * The item is marked as being processed the moment it is emitted: the subscriber owns it and
   * must call {@link WorkQueue.done}. Unsubscribing before the emission abandons the wait; no
   * item is handed out then.
   *
   * @returns an Observable of one item, or of the shutdown signal
   * @example
   * ```ts
   * queue.get$().subscribe(({ item, shutdown }) => {
   *   if (shutdown) return;
   *   reconcile(item).finally(() => queue.done(item));
   * });
   * ```
   */
  get$(): Observable<WorkQueueGetResult<T>> {
    return new Observable<WorkQueueGetResult<T>>((subscriber) => {
      const settle = (result: WorkQueueGetResult<T>): void => {
        subscriber.next(result);
        subscriber.complete();
      };
      if (this.queue.length > 0) settle(this.take());
      else if (this.shutting) settle(SHUTDOWN);
      else {
        const waiter: Waiter<T> = { settle };
        this.waiters.add(waiter);
        return () => this.waiters.delete(waiter);
      }
      return undefined;
    });
  }

  /**
   * Marks `item` as processed. If it was added again meanwhile, it is queued now (at the back).
   *
   * @param item - an item handed out by `get`
   * @throws {@link ItemNotProcessingError} if `item` is not being processed (never handed out,
   *   or already done); client-go ignores this case
   */
  done(item: T): void {
    if (!this.processing.delete(item)) throw new ItemNotProcessingError(item);
    this.metricsRecorder.done(item);
    if (this.dirty.has(item)) {
      this.queue.push(item);
      this.dispatch();
    }
    if (this.processing.size === 0) this.releaseDrainWaiters();
  }

  /**
   * Shuts the queue down: later adds are ignored, consumers get the items still queued, then
   * every waiting and future `get` resolves with `{ shutdown: true }`. Timers (delays, metrics)
   * are cancelled. Items being processed may still be marked `done`; one re-added meanwhile is
   * then queued and handed out as usual. Ends the wait of a pending `shutDownWithDrain`, as in
   * client-go. Idempotent.
   */
  shutDown(): void {
    this.startShutdown();
    this.releaseDrainWaiters();
  }

  /**
   * Shuts the queue down like {@link WorkQueue.shutDown}, then waits until no item is being
   * processed: every item handed out by `get` has been marked `done`. Items still queued are
   * not waited for: as in client-go, workers are expected to keep getting until `get` reports
   * the shutdown. A later `shutDown()` ends the wait early.
   *
   * @returns a promise that resolves once nothing is being processed
   */
  shutDownWithDrain(): Promise<void> {
    this.startShutdown();
    if (this.processing.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.drainWaiters.push(resolve));
  }

  /** @returns whether the queue is shutting down (`shutDown` or `shutDownWithDrain` was called) */
  shuttingDown(): boolean {
    return this.shutting;
  }

  /**
   * @returns the queue's metrics at this instant (depth, adds, latencies, unfinished work,
   *   retries), whether or not a metrics provider was given
   */
  metrics(): WorkQueueMetricsSnapshot {
    return this.metricsRecorder.snapshot();
  }

  /**
   * Called once, when the queue starts shutting down, before waiting `get`s are released.
   * Subclasses cancel their timers here and call `super.onShutDown()`.
   */
  protected onShutDown(): void {
    this.unfinishedWorkTimer?.unsubscribe();
  }

  private startShutdown(): void {
    if (this.shutting) return;
    this.shutting = true;
    this.onShutDown();
    this.dispatch();
  }

  /** Hands queued items to waiting `get`s; after shutdown, releases them when none are left. */
  private dispatch(): void {
    for (const waiter of this.waiters) {
      if (this.queue.length === 0) break;
      this.waiters.delete(waiter);
      waiter.settle(this.take());
    }
    if (this.shutting && this.queue.length === 0 && this.waiters.size > 0) {
      const waiters = [...this.waiters];
      this.waiters.clear();
      for (const waiter of waiters) waiter.settle(SHUTDOWN);
    }
  }

  /** Removes the front item and marks it as being processed. The queue must not be empty. */
  private take(): WorkQueueGetResult<T> {
    const item = this.queue.shift() as T;
    this.dirty.delete(item);
    this.processing.add(item);
    this.metricsRecorder.get(item);
    return { item, shutdown: false };
  }

  private releaseDrainWaiters(): void {
    if (this.drainWaiters.length === 0) return;
    const waiters = this.drainWaiters;
    this.drainWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
