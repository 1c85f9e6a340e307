/**
 * `@rxkube/controller/prometheus`: rxkube's metrics in `prom-client`, the one part of the package
 * that needs it (an optional peer dependency). `prometheusMetrics` is the `MetricsProvider` that
 * informers and controllers report to; `prometheusExporter` adds the scrape a manager's
 * `/metrics` endpoint serves. Importing `@rxkube/controller` alone never loads `prom-client`.
 *
 * @packageDocumentation
 * @module @rxkube/controller/prometheus
 */
export { prometheusMetrics } from '../metrics/prometheusMetrics.js';
export { prometheusExporter } from '../metrics/prometheusExporter.js';
