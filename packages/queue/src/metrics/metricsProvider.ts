/** A counter that only goes up, such as the number of lists. */
export interface Counter {
  /** @param value - how much to add; default 1 */
  inc(value?: number): void;
}

/** A value that goes up and down, such as a queue's depth. */
export interface Gauge {
  /** @param value - the new value */
  set(value: number): void;
  /** @param value - how much to add; default 1 */
  inc(value?: number): void;
  /** @param value - how much to subtract; default 1 */
  dec(value?: number): void;
}

/** A distribution of observed values, such as the seconds a list took. */
export interface Histogram {
  /** @param value - one observation */
  observe(value: number): void;
}

/**
 * What names one series: a metric family's name and help, and this series' label values.
 * Every series of a family has the same label names.
 */
export interface MetricDescription {
  /** The family's name, in Prometheus form (`reflector_lists_total`). */
  readonly name: string;
  /** One line saying what it measures. */
  readonly help: string;
  /** This series' labels, e.g. `{ name: 'pods' }`. */
  readonly labels: Readonly<Record<string, string>>;
}

/** A histogram's description, with its bucket boundaries. */
export interface HistogramDescription extends MetricDescription {
  /** Upper bounds of the buckets, ascending. Default: the metrics library's. */
  readonly buckets?: readonly number[];
}

/**
 * Creates the series an informer or a work queue reports to: the one metrics interface of
 * rxkube, in the shape of client-go's metrics providers (a counter, gauge or histogram created
 * by name, bound to its labels). An implementation adapts it to a metrics library: the
 * `prometheusMetrics` of `@rxkube/controller/prometheus` to `prom-client`, {@link MemoryMetrics} to plain
 * numbers for tests; {@link noopMetrics}, the default, discards everything.
 *
 * Asking twice for the same name and labels must return the same series (or one that adds up
 * with it), since two informers of one process may share a family and differ only by label.
 * Durations are in seconds, as client-go reports them.
 */
export interface MetricsProvider {
  /** @returns the counter series `description` names */
  counter(description: MetricDescription): Counter;
  /** @returns the gauge series `description` names */
  gauge(description: MetricDescription): Gauge;
  /** @returns the histogram series `description` names */
  histogram(description: HistogramDescription): Histogram;
}

const noop: Counter & Gauge & Histogram = { inc() {}, dec() {}, set() {}, observe() {} };

/** The provider used when none is given: every series discards what it is told. */
export const noopMetrics: MetricsProvider = {
  counter: () => noop,
  gauge: () => noop,
  histogram: () => noop,
};

/**
 * Whether a series is one of {@link noopMetrics}', which discards what it is told: a caller
 * whose value costs work per event (reading a clock, parsing a version) can then skip that work.
 *
 * @param series - a series from any provider
 * @returns `true` for a series of {@link noopMetrics}
 * @example
 * ```ts
 * const latency = provider.histogram({ name: 'latency_seconds', help: 'latency', labels: {} });
 * const timed = !discards(latency); // time each step only when someone reads the time
 * ```
 */
export function discards(series: Counter | Gauge | Histogram): boolean {
  return series === noop;
}
