import { BehaviorSubject, Subject } from 'rxjs';
import type { InformerError } from './errors.js';
import type { Logger } from './logger.js';
import type { InformerSeries } from './informerSeries.js';
import {
  initialInformerStatus,
  nextInformerStatus,
  type InformerStatus,
  type InformerStatusSignal,
} from './informerStatus.js';
import { MetricsCounters, type InformerMetrics } from './metrics.js';
import type { ProcessorListener } from './processorListener.js';
import type { ReflectorMonitor } from './reflectorOptions.js';

/**
 * An informer's outward signals in one place: the `errors$` stream, counters, the series of its
 * metrics provider, logs, and the watch error handler.
 *
 * @internal
 */
export class InformerTelemetry {
  /** Every reported failure. */
  readonly errors = new Subject<InformerError>();
  /** The counters behind `metrics()`. */
  readonly counters = new MetricsCounters();
  /** The informer's liveness: the current status, then one value per change. */
  readonly status = new BehaviorSubject<InformerStatus>(initialInformerStatus);
  /** Replaces the warning logged for list/watch failures. */
  watchErrorHandler: ((error: InformerError) => void) | undefined;

  /**
   * @param name - the informer's name, for logs
   * @param logger - where diagnostics go
   * @param series - the series of the informer's metrics provider
   * @param now - the informer's clock, in ms, for the Reflector's durations
   */
  constructor(
    private readonly name: string,
    private readonly logger: Logger,
    readonly series: InformerSeries,
    private readonly now: () => number,
  ) {}

  /**
   * Counts, logs and publishes a failure.
   *
   * @param error - the failure
   */
  report(error: InformerError): void {
    this.publish(error);
    this.logger.warn(error.message, { informer: this.name, kind: error.kind });
  }

  /**
   * Like {@link InformerTelemetry.report}, but the watch error handler, if set, replaces the log.
   *
   * @param error - a list or watch failure
   */
  reportReflectorError(error: InformerError): void {
    this.publish(error);
    try {
      if (this.watchErrorHandler !== undefined) this.watchErrorHandler(error);
      else this.logger.warn(error.message, { informer: this.name, kind: error.kind });
    } catch {
      // A failing error handler must not disturb the reflector.
    }
  }

  /**
   * Moves the status on; publishes it only when it changed.
   *
   * @param signal - what happened
   */
  signal(signal: InformerStatusSignal): void {
    const current = this.status.value;
    const next = nextInformerStatus(current, signal);
    if (next !== current && !this.status.closed) this.status.next(next);
  }

  /** @returns Reflector callbacks that count, measure and log its activity, and move the status */
  monitor(): ReflectorMonitor {
    const { counters, logger, series, now, name: informer, status } = this;
    // A list starts with its request, or with the watch of a streaming list.
    let listStartedAt = now();
    return {
      listing: (resourceVersion, limit) => {
        listStartedAt = now();
        this.signal({ type: 'listing', at: listStartedAt });
        logger.debug('listing', { informer, resourceVersion, limit });
      },
      listed: (items, resourceVersion) => {
        this.signal({ type: 'listed', at: now() });
        counters.listed();
        series.lists.inc();
        series.listDuration.observe((now() - listStartedAt) / 1000);
        series.itemsPerList.observe(items);
        logger.debug('listed', { informer, items, resourceVersion });
      },
      watching: (resourceVersion, streaming) => {
        if (streaming) listStartedAt = now();
        this.signal({ type: streaming ? 'listing' : 'watching', at: now() });
        counters.watching();
        series.watches.inc();
        logger.debug('watching', { informer, resourceVersion, streaming });
      },
      watchEnded: (durationMs, events) => {
        series.watchDuration.observe(durationMs / 1000);
        series.itemsPerWatch.observe(events);
      },
      event: (type) => {
        counters.event(type);
        // The hot path: the status changes on an event only while a re-opened watch proves itself.
        if (status.value.staleSince !== undefined) this.signal({ type: 'event', at: now() });
      },
      backingOff: (delayMs) => {
        this.signal({ type: 'backingOff', at: now(), delayMs });
        logger.debug('backing off', { informer, delayMs });
      },
      fallingBackToList: (cause) =>
        logger.info('streaming list not served, listing instead', {
          informer,
          cause: cause.message,
          kind: cause.kind,
        }),
    };
  }

  /**
   * @param state - the figures the informer's other parts hold
   * @returns the metrics now
   */
  snapshot(state: {
    resyncs: number;
    lastResourceVersion: string;
    fifoDepth: number;
    cached: number;
    listeners: Iterable<
      Pick<ProcessorListener<never>, 'name' | 'buffered' | 'delivered' | 'failed'>
    >;
  }): InformerMetrics {
    const { lists, watches, events, bookmarks, errors } = this.counters;
    return {
      lists,
      relists: Math.max(0, lists - 1),
      watches,
      events,
      bookmarks,
      resyncs: state.resyncs,
      errors: { ...errors },
      lastResourceVersion: state.lastResourceVersion,
      fifoDepth: state.fifoDepth,
      cached: state.cached,
      handlers: [...state.listeners].map(({ name, buffered, delivered, failed }) => ({
        name,
        buffered,
        delivered,
        failed,
      })),
    };
  }

  /** Completes `errors` and `status`. */
  close(): void {
    this.errors.complete();
    this.status.complete();
  }

  /**
   * Counted first, then one `status$` value, then `errors$`: whoever reacts to either stream
   * finds the other signals already telling the same failure, and a view fed by `status$` alone
   * changes once per failure.
   */
  private publish(error: InformerError): void {
    this.counters.error(error.kind);
    if (error.kind === 'shortWatch') this.series.shortWatches.inc();
    this.signal({ type: 'failed', at: this.now(), error });
    this.errors.next(error);
  }
}
