import type {
  Counter,
  Gauge,
  Histogram,
  HistogramDescription,
  MetricDescription,
  MetricsProvider,
} from '@rxkube/queue';
import * as prom from 'prom-client';

type Family = prom.Counter | prom.Gauge | prom.Histogram;

const kinds = { counter: prom.Counter, gauge: prom.Gauge, histogram: prom.Histogram } as const;
type Kind = keyof typeof kinds;

/**
 * The {@link MetricsProvider} of Prometheus: each family rxkube asks for becomes a `prom-client`
 * metric in `registry`, created on first use with the description's label names, and each
 * series the child of its labels. Informers (their `metrics` option) and controllers (theirs)
 * then appear in `registry.metrics()` under client-go's names, labelled with their `name`.
 *
 * A family already in the registry is reused when it is of the same kind, so that several
 * informers and controllers, or several providers on one registry, share it.
 *
 * @param registry - where the metrics are registered. Default: prom-client's global `register`,
 *   the one `collectDefaultMetrics` and most servers' `/metrics` handlers use.
 * @returns the provider
 * @throws `TypeError` (when a metric is created) if the registry holds a metric of that name
 *   that is not of the kind asked for
 * @example
 * ```ts
 * import { Registry } from 'prom-client';
 *
 * const registry = new Registry();
 * const metrics = prometheusMetrics(registry);
 * const pods = new SharedIndexInformer(lw, { name: 'pods', metrics });
 * const ctrl = controller({ name: 'pods', for: pods, reconcile, metrics });
 * // in the /metrics handler:
 * response.setHeader('Content-Type', registry.contentType);
 * response.end(await registry.metrics());
 * ```
 */
export function prometheusMetrics(registry: prom.Registry = prom.register): MetricsProvider {
  const family = (kind: Kind, description: MetricDescription, buckets?: readonly number[]) => {
    const { name, help, labels } = description;
    const existing = registry.getSingleMetric(name) as Family | undefined;
    if (existing !== undefined) {
      if (!(existing instanceof kinds[kind]))
        throw new TypeError(`metric ${name} is already registered, and is not a ${kind}`);
      return existing;
    }
    const options = {
      name,
      help,
      labelNames: Object.keys(labels),
      registers: [registry],
      ...(buckets === undefined ? {} : { buckets: [...buckets] }),
    };
    return new kinds[kind](options);
  };
  // A counter or gauge shows from its creation, at 0, as client-go's do (prom-client would
  // wait for the first change); adding 0 leaves a series another informer shares as it is.
  return {
    counter: (description): Counter => {
      const counter = family('counter', description) as prom.Counter;
      counter.inc(description.labels, 0);
      return counter.labels(description.labels);
    },
    gauge: (description): Gauge => {
      const gauge = family('gauge', description) as prom.Gauge;
      gauge.inc(description.labels, 0);
      return gauge.labels(description.labels);
    },
    histogram: (description: HistogramDescription): Histogram =>
      (family('histogram', description, description.buckets) as prom.Histogram).labels(
        description.labels,
      ),
  };
}
