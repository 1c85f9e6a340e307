import type { MetricsProvider } from '@rxkube/queue';

/** One scrape of a metrics endpoint: the body and the media type it is written in. */
export interface MetricsScrape {
  /** The `Content-Type` of `body`, e.g. Prometheus' `text/plain; version=0.0.4; charset=utf-8`. */
  readonly contentType: string;
  /** The exposition text. */
  readonly body: string;
}

/**
 * Where a manager's metrics go and how its `/metrics` endpoint reads them back: informers,
 * work queues, reconciles and the leader election report to `provider`, and every scrape asks
 * `scrape()` for the text. `prometheusExporter` of `@rxkube/controller/prometheus` is the
 * Prometheus one; this interface keeps `prom-client` out of the package's root.
 */
export interface MetricsExporter {
  /** Where every series is reported. */
  readonly provider: MetricsProvider;
  /**
   * Renders every series for one scrape.
   *
   * @returns the exposition text and its media type
   */
  scrape(): Promise<MetricsScrape>;
}
