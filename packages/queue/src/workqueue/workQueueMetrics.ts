/** A gauge that goes up and down by one, such as a queue's depth. */
export interface GaugeMetric {
  /** Adds one. */
  inc(): void;
  /** Subtracts one. */
  dec(): void;
}

/** A gauge that is set to a value, such as the seconds of unfinished work. */
export interface SettableGaugeMetric {
  /** @param value - the new value */
  set(value: number): void;
}

/** A counter that only goes up, such as the number of adds. */
export interface CounterMetric {
  /** Adds one. */
  inc(): void;
}

/** A distribution of observed values, such as the seconds items waited in a queue. */
export interface HistogramMetric {
  /** @param value - one observation */
  observe(value: number): void;
}

/**
 * Creates the metrics of a work queue: the counterpart of client-go's `workqueue.MetricsProvider`,
 * through which a queue reports to a metrics library (Prometheus's `prom-client`,
 * OpenTelemetry...). Each method is called once per queue, at construction, with the queue's
 * `name`, so an implementation typically returns a child of a labelled metric.
 *
 * Durations are reported in seconds, as client-go does, so that dashboards built for Kubernetes
 * controllers work unchanged.
 *
 * @example
 * ```ts
 * import { Counter, Gauge, Histogram } from 'prom-client';
 *
 * const depth = new Gauge({ name: 'workqueue_depth', help: '...', labelNames: ['name'] });
 * // ...one prom-client metric per method...
 * const provider: WorkQueueMetricsProvider = {
 *   newDepthMetric: (name) => depth.labels(name),
 *   newAddsMetric: (name) => adds.labels(name),
 *   newLatencyMetric: (name) => latency.labels(name),
 *   newWorkDurationMetric: (name) => workDuration.labels(name),
 *   newUnfinishedWorkSecondsMetric: (name) => unfinished.labels(name),
 *   newLongestRunningProcessorSecondsMetric: (name) => longest.labels(name),
 *   newRetriesMetric: (name) => retries.labels(name),
 * };
 * const queue = new RateLimitingQueue<string>({ name: 'pods', metricsProvider: provider });
 * ```
 */
export interface WorkQueueMetricsProvider {
  /** @returns the gauge of items waiting to be processed (client-go's `depth`) */
  newDepthMetric(name: string): GaugeMetric;
  /** @returns the counter of items added (client-go's `adds_total`) */
  newAddsMetric(name: string): CounterMetric;
  /** @returns the histogram of seconds from add to get (client-go's `queue_duration_seconds`) */
  newLatencyMetric(name: string): HistogramMetric;
  /** @returns the histogram of seconds from get to done (client-go's `work_duration_seconds`) */
  newWorkDurationMetric(name: string): HistogramMetric;
  /**
   * @returns the gauge of seconds spent so far by the items being processed, summed
   *   (client-go's `unfinished_work_seconds`)
   */
  newUnfinishedWorkSecondsMetric(name: string): SettableGaugeMetric;
  /**
   * @returns the gauge of seconds the longest-running item has been processed for (client-go's
   *   `longest_running_processor_seconds`)
   */
  newLongestRunningProcessorSecondsMetric(name: string): SettableGaugeMetric;
  /** @returns the counter of delayed adds, `addAfter` (client-go's `retries_total`) */
  newRetriesMetric(name: string): CounterMetric;
}

/** The count and sum of a histogram's observations. */
export interface HistogramSnapshot {
  /** How many values were observed. */
  readonly count: number;
  /** Their sum, in seconds. */
  readonly sum: number;
}

/**
 * A work queue's metrics at one instant, as returned by `metrics()`. They are kept by every
 * queue, with or without a {@link WorkQueueMetricsProvider}, and follow client-go's
 * definitions. Durations are in seconds.
 */
export interface WorkQueueMetricsSnapshot {
  /**
   * Items added and not yet handed out by `get`: those in the queue plus those re-added while
   * being processed (client-go's depth, which can exceed `len()` for that reason).
   */
  readonly depth: number;
  /** Adds that queued an item (an add of an item already waiting is not counted). */
  readonly adds: number;
  /** Seconds from an item's add to its `get`. */
  readonly queueLatency: HistogramSnapshot;
  /** Seconds from an item's `get` to its `done`. */
  readonly workDuration: HistogramSnapshot;
  /** Seconds spent so far by the items being processed, summed. */
  readonly unfinishedWorkSeconds: number;
  /** Seconds the longest-running item being processed has taken so far; 0 when none is. */
  readonly longestRunningProcessorSeconds: number;
  /** Calls of `addAfter` (and so of `addRateLimited`) while the queue was not shutting down. */
  readonly retries: number;
}

const noopGauge: GaugeMetric & SettableGaugeMetric = { inc() {}, dec() {}, set() {} };
const noopCounter: CounterMetric = { inc() {} };
const noopHistogram: HistogramMetric = { observe() {} };

/**
 * The provider a queue uses when given none: every metric discards what it is told. The
 * queue's own `metrics()` snapshot works regardless.
 */
export const noopMetricsProvider: WorkQueueMetricsProvider = {
  newDepthMetric: () => noopGauge,
  newAddsMetric: () => noopCounter,
  newLatencyMetric: () => noopHistogram,
  newWorkDurationMetric: () => noopHistogram,
  newUnfinishedWorkSecondsMetric: () => noopGauge,
  newLongestRunningProcessorSecondsMetric: () => noopGauge,
  newRetriesMetric: () => noopCounter,
};

class Histogram implements HistogramSnapshot {
  count = 0;
  sum = 0;

  observe(value: number): void {
    this.count += 1;
    this.sum += value;
  }
}

/**
 * The bookkeeping behind a queue's metrics: the snapshot counters, and the provider's metrics
 * fed alongside them. The queue tells it when items are added, handed out and done; it keeps
 * the timestamps (milliseconds, from the queue's scheduler) needed for the durations.
 *
 * @internal
 */
export class QueueMetrics<T> {
  private readonly depthGauge: GaugeMetric;
  private readonly addsCounter: CounterMetric;
  private readonly latencyHistogram: HistogramMetric;
  private readonly workDurationHistogram: HistogramMetric;
  private readonly unfinishedGauge: SettableGaugeMetric;
  private readonly longestGauge: SettableGaugeMetric;
  private readonly retriesCounter: CounterMetric;

  private depth = 0;
  private adds = 0;
  private retries = 0;
  private readonly latency = new Histogram();
  private readonly workDuration = new Histogram();

  /** When each waiting item was added; an entry lives from the item's add to its get. */
  private readonly addTimes = new Map<T, number>();
  /** When each item being processed was handed out; an entry lives from get to done. */
  private readonly processingStartTimes = new Map<T, number>();

  constructor(
    name: string,
    provider: WorkQueueMetricsProvider,
    private readonly now: () => number,
  ) {
    this.depthGauge = provider.newDepthMetric(name);
    this.addsCounter = provider.newAddsMetric(name);
    this.latencyHistogram = provider.newLatencyMetric(name);
    this.workDurationHistogram = provider.newWorkDurationMetric(name);
    this.unfinishedGauge = provider.newUnfinishedWorkSecondsMetric(name);
    this.longestGauge = provider.newLongestRunningProcessorSecondsMetric(name);
    this.retriesCounter = provider.newRetriesMetric(name);
  }

  /** `item` became dirty (it will be handed out by a later get). */
  add(item: T): void {
    this.adds += 1;
    this.addsCounter.inc();
    this.depth += 1;
    this.depthGauge.inc();
    if (!this.addTimes.has(item)) this.addTimes.set(item, this.now());
  }

  /** `item` was handed out by get. */
  get(item: T): void {
    const now = this.now();
    this.depth -= 1;
    this.depthGauge.dec();
    const added = this.addTimes.get(item);
    if (added !== undefined) {
      const seconds = (now - added) / 1000;
      this.latency.observe(seconds);
      this.latencyHistogram.observe(seconds);
      this.addTimes.delete(item);
    }
    this.processingStartTimes.set(item, now);
  }

  /** `item` is done. */
  done(item: T): void {
    const started = this.processingStartTimes.get(item);
    if (started === undefined) return;
    const seconds = (this.now() - started) / 1000;
    this.workDuration.observe(seconds);
    this.workDurationHistogram.observe(seconds);
    this.processingStartTimes.delete(item);
  }

  /** An `addAfter` was accepted. */
  retry(): void {
    this.retries += 1;
    this.retriesCounter.inc();
  }

  /** Pushes the unfinished-work gauges to the provider. */
  updateUnfinishedWork(): void {
    const { unfinished, longest } = this.unfinishedWork();
    this.unfinishedGauge.set(unfinished);
    this.longestGauge.set(longest);
  }

  /** @returns the metrics at this instant */
  snapshot(): WorkQueueMetricsSnapshot {
    const { unfinished, longest } = this.unfinishedWork();
    return {
      depth: this.depth,
      adds: this.adds,
      queueLatency: { count: this.latency.count, sum: this.latency.sum },
      workDuration: { count: this.workDuration.count, sum: this.workDuration.sum },
      unfinishedWorkSeconds: unfinished,
      longestRunningProcessorSeconds: longest,
      retries: this.retries,
    };
  }

  private unfinishedWork(): { unfinished: number; longest: number } {
    const now = this.now();
    let unfinished = 0;
    let longest = 0;
    for (const started of this.processingStartTimes.values()) {
      const seconds = (now - started) / 1000;
      unfinished += seconds;
      if (seconds > longest) longest = seconds;
    }
    return { unfinished, longest };
  }
}
