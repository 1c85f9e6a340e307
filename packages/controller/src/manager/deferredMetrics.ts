import type {
  Counter,
  Gauge,
  Histogram,
  HistogramDescription,
  MetricDescription,
  MetricsProvider,
} from '@rxkube/queue';

type Series = Counter & Gauge & Histogram;
type Kind = 'counter' | 'gauge' | 'histogram';

/** A {@link MetricsProvider} whose destination is chosen later (see {@link deferredMetrics}). */
export interface DeferredMetrics {
  /** Hands out series at once; they report to the target once bound. */
  readonly provider: MetricsProvider;
  /**
   * Creates every series handed out so far in `target` (so each shows from then on, counters
   * and gauges at their value), and sends every later change there. Once only.
   *
   * @param target - the real provider
   */
  bind(target: MetricsProvider): void;
}

/**
 * A provider that informers and controllers can be given before the real one exists: a
 * manager's informers are created (and create their series) when the operator asks for them,
 * while `prom-client` is loaded only when the manager starts. Changes before the binding are
 * kept as a counter's sum or a gauge's last value; observations of a histogram are kept too.
 *
 * @returns the provider and its binding
 */
export function deferredMetrics(): DeferredMetrics {
  const handed: Array<{ kind: Kind; description: MetricDescription; series: DeferredSeries }> = [];
  let target: MetricsProvider | undefined;
  const create = (kind: Kind, description: MetricDescription): Series => {
    const series = new DeferredSeries();
    if (target === undefined) handed.push({ kind, description, series });
    else series.bind(target[kind](description as HistogramDescription) as Series);
    return series;
  };
  return {
    provider: {
      counter: (description) => create('counter', description),
      gauge: (description) => create('gauge', description),
      histogram: (description) => create('histogram', description),
    },
    bind: (provider) => {
      if (target !== undefined) return;
      target = provider;
      for (const { kind, description, series } of handed.splice(0))
        series.bind(provider[kind](description as HistogramDescription) as Series);
    },
  };
}

/** One series: its changes replayed onto the real series once there is one. */
class DeferredSeries implements Series {
  private real: Series | undefined;
  // What happened before the binding, replayed in order; bounded by the few values a series
  // takes before a manager starts (a gauge's sets and a counter's increments collapse).
  private readonly early: Array<(series: Series) => void> = [];

  bind(real: Series): void {
    this.real = real;
    for (const change of this.early.splice(0)) change(real);
  }

  inc(value?: number): void {
    this.apply((s) => s.inc(value));
  }

  dec(value?: number): void {
    this.apply((s) => s.dec(value));
  }

  set(value: number): void {
    // Only the last value of a gauge matters.
    if (this.real === undefined) this.early.length = 0;
    this.apply((s) => s.set(value));
  }

  observe(value: number): void {
    this.apply((s) => s.observe(value));
  }

  private apply(change: (series: Series) => void): void {
    if (this.real === undefined) this.early.push(change);
    else change(this.real);
  }
}
