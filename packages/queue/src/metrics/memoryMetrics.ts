import type {
  Counter,
  Gauge,
  Histogram,
  HistogramDescription,
  MetricDescription,
  MetricsProvider,
} from './metricsProvider.js';

/** What {@link MemoryMetrics} keeps of one histogram series. */
export interface MemoryHistogramValue {
  /** How many values were observed. */
  readonly count: number;
  /** Their sum. */
  readonly sum: number;
}

type Kind = 'counter' | 'gauge' | 'histogram';

/** One family: its kind, label names and series by label values. */
interface Family {
  readonly kind: Kind;
  readonly labelNames: string;
  readonly series: Map<string, MemorySeries>;
}

/** One series' state; the same object serves as counter, gauge and histogram. */
class MemorySeries implements Counter, Gauge, Histogram {
  value = 0;
  count = 0;
  sum = 0;

  constructor(readonly labels: Readonly<Record<string, string>>) {}

  set(value: number): void {
    this.value = value;
  }

  inc(value = 1): void {
    this.value += value;
  }

  dec(value = 1): void {
    this.value -= value;
  }

  observe(value: number): void {
    this.count += 1;
    this.sum += value;
  }
}

/**
 * A {@link MetricsProvider} that keeps every series in memory as plain numbers: for tests, and
 * for code that wants the figures without a metrics library. Read them back with
 * {@link MemoryMetrics.value} and {@link MemoryMetrics.histogram}.
 *
 * @example
 * ```ts
 * const metrics = new MemoryMetrics();
 * const informer = new SharedIndexInformer(lw, { metrics });
 * informer.start();
 * await informer.waitForCacheSync();
 * metrics.value('reflector_lists_total', { name: informer.name }); // 1
 * ```
 */
export class MemoryMetrics implements MetricsProvider {
  private readonly families = new Map<string, Family>();

  /**
   * @param description - the counter's name, help and labels
   * @returns the counter series (the same one for the same name and labels)
   * @throws `TypeError` if the name is already another kind of metric or has other label names
   */
  counter(description: MetricDescription): Counter {
    return this.series('counter', description);
  }

  /**
   * @param description - the gauge's name, help and labels
   * @returns the gauge series (the same one for the same name and labels)
   * @throws `TypeError` if the name is already another kind of metric or has other label names
   */
  gauge(description: MetricDescription): Gauge {
    return this.series('gauge', description);
  }

  /**
   * @param description - the histogram's name, help and labels (its buckets are ignored)
   * @returns the histogram series (the same one for the same name and labels)
   * @throws `TypeError` if the name is already another kind of metric or has other label names
   */
  histogram(description: HistogramDescription): Histogram {
    return this.series('histogram', description);
  }

  /**
   * @param name - a counter or gauge family
   * @param labels - the series' labels
   * @returns the series' value; `undefined` if it was never created
   */
  value(name: string, labels: Readonly<Record<string, string>>): number | undefined {
    return this.families.get(name)?.series.get(labelKey(labels))?.value;
  }

  /**
   * @param name - a histogram family
   * @param labels - the series' labels
   * @returns the series' count and sum; `undefined` if it was never created
   */
  histogramValue(
    name: string,
    labels: Readonly<Record<string, string>>,
  ): MemoryHistogramValue | undefined {
    const series = this.families.get(name)?.series.get(labelKey(labels));
    return series === undefined ? undefined : { count: series.count, sum: series.sum };
  }

  /**
   * @param name - a family
   * @returns the labels of each of its series, in creation order
   */
  labelsOf(name: string): ReadonlyArray<Readonly<Record<string, string>>> {
    return [...(this.families.get(name)?.series.values() ?? [])].map((series) => series.labels);
  }

  /** @returns the names of every family created, in creation order */
  names(): readonly string[] {
    return [...this.families.keys()];
  }

  private series(kind: Kind, { name, labels }: MetricDescription): MemorySeries {
    const labelNames = Object.keys(labels).sort().join(',');
    let family = this.families.get(name);
    if (family === undefined) {
      family = { kind, labelNames, series: new Map() };
      this.families.set(name, family);
    }
    // Prometheus refuses both, so a test against this provider catches them too.
    if (family.kind !== kind)
      throw new TypeError(`metric ${name} is a ${family.kind}, not a ${kind}`);
    if (family.labelNames !== labelNames)
      throw new TypeError(`metric ${name} has labels [${family.labelNames}], not [${labelNames}]`);
    const key = labelKey(labels);
    let series = family.series.get(key);
    if (series === undefined) {
      series = new MemorySeries({ ...labels });
      family.series.set(key, series);
    }
    return series;
  }
}

function labelKey(labels: Readonly<Record<string, string>>): string {
  return JSON.stringify(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
