import type { Gauge } from '@rxkube/queue';
import { Subject, interval, type Observable, type SchedulerLike, type Subscription } from 'rxjs';
import type { HandlerOptions, HandlerRegistration, InformerEvent } from './eventHandler.js';
import type { Logger } from './logger.js';
import { ProcessorListener } from './processorListener.js';
import { SharedProcessor } from './sharedProcessor.js';
import { timerDelay } from './timerDelay.js';

/** client-go's smallest resync period; shorter ones are raised to it. */
export const minimumResyncPeriodMs = 1000;

/** What the registry needs from its informer. */
export interface HandlerRegistryHost<T> {
  readonly scheduler: SchedulerLike;
  readonly logger: Logger;
  /** Resync period of handlers added without one. */
  readonly defaultResyncPeriod: number;
  /** @returns whether the informer's cache loop is running (late handlers get the cache first) */
  isRunning(): boolean;
  /** @returns whether the informer has synced */
  hasSynced(): boolean;
  /** @returns the cached objects, for a late handler's synthetic adds */
  cached(): readonly T[];
  /** Reports a handler failure. */
  handlerFailed(name: string, event: InformerEvent<T>, error: unknown): void;
  /** @returns the gauge of a handler's backlog */
  backlog(name: string): Gauge;
}

/**
 * The informer's handlers: registration, removal, late-handler catch-up, and each handler's own
 * resync schedule, whose ticks come out of {@link HandlerRegistry.resyncRequests}.
 *
 * @typeParam T - the object type
 * @internal
 */
export class HandlerRegistry<T> {
  /** Who gets which event. */
  readonly processor = new SharedProcessor<T>();
  /** Emits a handler each time its resync is due. */
  readonly resyncRequests = new Subject<ProcessorListener<T>>();
  /** Resync ticks so far. */
  resyncs = 0;
  private readonly schedules = new Map<ProcessorListener<T>, Observable<unknown>>();
  private readonly running = new Map<ProcessorListener<T>, Subscription>();
  private count = 0;

  /** @param host - the informer */
  constructor(private readonly host: HandlerRegistryHost<T>) {}

  /**
   * Registers a handler. If the informer runs, the handler first receives an add for every
   * cached object; since this happens synchronously between two pops of the queue, every
   * later change reaches it through the processor and every earlier one is in what it listed.
   *
   * @param deliver - hands one event to the user's code
   * @param options - resync period or schedule, name
   * @returns the registration
   */
  add(deliver: (event: InformerEvent<T>) => unknown, options: HandlerOptions): HandlerRegistration {
    const { host } = this;
    const name = options.name ?? `handler-${++this.count}`;
    let period = options.resyncPeriod ?? host.defaultResyncPeriod;
    if (period > 0 && period < minimumResyncPeriodMs) {
      host.logger.warn('resync period raised to the minimum', { handler: name, requested: period });
      period = minimumResyncPeriodMs;
    }
    const listener = new ProcessorListener<T>(
      name,
      deliver,
      period,
      (event, err) => host.handlerFailed(name, event, err),
      host.backlog(name),
    );
    if (host.isRunning()) {
      for (const object of host.cached())
        listener.add({ type: 'add', object, isInInitialList: true });
    }
    this.processor.add(listener);
    const schedule =
      options.resync$ ?? (period > 0 ? interval(timerDelay(period), host.scheduler) : undefined);
    if (schedule !== undefined) {
      this.schedules.set(listener, schedule);
      if (host.isRunning()) this.follow(listener, schedule);
    }
    return {
      name,
      hasSynced: () => host.hasSynced() && listener.initialListHandled(),
      remove: () => {
        this.running.get(listener)?.unsubscribe();
        this.running.delete(listener);
        this.schedules.delete(listener);
        this.processor.remove(listener);
      },
    };
  }

  /** Starts every handler's resync schedule (when the informer starts). */
  start(): void {
    for (const [listener, schedule] of this.schedules) this.follow(listener, schedule);
  }

  /** Stops every schedule and drops every handler and its buffer. */
  stop(): void {
    for (const subscription of this.running.values()) subscription.unsubscribe();
    this.running.clear();
    this.schedules.clear();
    this.processor.clear();
    this.resyncRequests.complete();
  }

  private follow(listener: ProcessorListener<T>, schedule: Observable<unknown>): void {
    if (this.running.has(listener)) return;
    this.running.set(
      listener,
      schedule.subscribe(() => {
        this.resyncs++;
        this.resyncRequests.next(listener);
      }),
    );
  }
}
