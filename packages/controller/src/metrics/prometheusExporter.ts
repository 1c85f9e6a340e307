import { Registry } from 'prom-client';
import type { MetricsExporter } from './metricsExporter.js';
import { prometheusMetrics } from './prometheusMetrics.js';

/**
 * The Prometheus {@link MetricsExporter}: series reported through {@link prometheusMetrics} into
 * `registry`, scraped in the text exposition format. What a manager uses for `/metrics` unless
 * told otherwise (then on a registry of its own, as controller-runtime's `metrics.Registry`).
 *
 * @param registry - where the series are registered. Default: a new registry; pass prom-client's
 *   global `register` to serve rxkube's series next to `collectDefaultMetrics`' ones.
 * @returns the exporter
 * @example
 * ```ts
 * import { register } from 'prom-client';
 * import { prometheusExporter } from '@rxkube/controller/prometheus';
 *
 * const mgr = manager({ kubeConfig, http: { port: 8080 }, metrics: prometheusExporter(register) });
 * ```
 */
export function prometheusExporter(registry: Registry = new Registry()): MetricsExporter {
  return {
    provider: prometheusMetrics(registry),
    scrape: async () => ({ contentType: registry.contentType, body: await registry.metrics() }),
  };
}
