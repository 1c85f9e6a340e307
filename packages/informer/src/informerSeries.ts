import {
  discards,
  type Counter,
  type Gauge,
  type Histogram,
  type MetricsProvider,
} from '@rxkube/queue';

/** Buckets of the Reflector's durations, in seconds: lists take ms to minutes, watches 5 to 10 min. */
const reflectorDurationBuckets = [0.01, 0.1, 1, 10, 60, 300, 600, 1200, 3600];
/** Buckets of the objects per list and the events per watch. */
const itemBuckets = [1, 10, 100, 1000, 10_000, 100_000];
/** Buckets of the processing of one pop, in seconds: 10 µs to 10 s. */
const processingBuckets = [1e-5, 1e-4, 1e-3, 1e-2, 0.1, 1, 10];

/** A resource version as a number, for a gauge; only its last 15 digits, as in client-go. */
function versionNumber(resourceVersion: string): number | undefined {
  if (!/^\d+$/.test(resourceVersion)) return undefined; // opaque versions have no number
  return Number(resourceVersion.slice(-15));
}

/**
 * The series one informer reports to its {@link MetricsProvider}, all labelled with its `name`:
 * the Reflector's, under the names client-go gave them (`reflector_lists_total`,
 * `reflector_list_duration_seconds`, `reflector_items_per_list`, `reflector_watches_total`,
 * `reflector_short_watches_total`, `reflector_watch_duration_seconds`,
 * `reflector_items_per_watch`, `reflector_last_resource_version`), and the informer's, under
 * client-go 1.36's (`informer_queued_items`, `informer_processing_latency_seconds`) plus one
 * gauge per handler for its backlog (`informer_handler_pending_notifications`, labelled with the
 * handler's name too).
 *
 * @internal
 */
export class InformerSeries {
  readonly lists: Counter;
  readonly listDuration: Histogram;
  readonly itemsPerList: Histogram;
  readonly watches: Counter;
  readonly shortWatches: Counter;
  readonly watchDuration: Histogram;
  readonly itemsPerWatch: Histogram;
  readonly queuedItems: Gauge;
  readonly processingLatency: Histogram;
  private readonly lastResourceVersion: Gauge;
  private readonly versionDiscarded: boolean;

  /**
   * @param provider - where the series go
   * @param name - the informer's name, the `name` label of every series
   */
  constructor(
    private readonly provider: MetricsProvider,
    private readonly name: string,
  ) {
    const labels = { name };
    const counter = (metric: string, help: string): Counter =>
      provider.counter({ name: metric, help, labels });
    const histogram = (metric: string, help: string, buckets: number[]): Histogram =>
      provider.histogram({ name: metric, help, labels, buckets });
    this.lists = counter(
      'reflector_lists_total',
      'Total number of API lists done by the reflectors',
    );
    this.listDuration = histogram(
      'reflector_list_duration_seconds',
      'How long an API list takes to return and decode for the reflectors',
      reflectorDurationBuckets,
    );
    this.itemsPerList = histogram(
      'reflector_items_per_list',
      'How many items an API list returns to the reflectors',
      itemBuckets,
    );
    this.watches = counter(
      'reflector_watches_total',
      'Total number of API watches done by the reflectors',
    );
    this.shortWatches = counter(
      'reflector_short_watches_total',
      'Total number of short API watches done by the reflectors',
    );
    this.watchDuration = histogram(
      'reflector_watch_duration_seconds',
      'How long an API watch takes to return and decode for the reflectors',
      reflectorDurationBuckets,
    );
    this.itemsPerWatch = histogram(
      'reflector_items_per_watch',
      'How many items an API watch returns to the reflectors',
      itemBuckets,
    );
    this.lastResourceVersion = provider.gauge({
      name: 'reflector_last_resource_version',
      help: 'Last resource version seen for the reflectors',
      labels,
    });
    this.queuedItems = provider.gauge({
      name: 'informer_queued_items',
      help: 'Number of items currently queued in the FIFO.',
      labels,
    });
    this.processingLatency = histogram(
      'informer_processing_latency_seconds',
      'Time taken to process events after popping from the queue.',
      processingBuckets,
    );
    this.versionDiscarded = discards(this.lastResourceVersion);
  }

  /** @param resourceVersion - the last version seen; an opaque one leaves the gauge as it is */
  resourceVersion(resourceVersion: string): void {
    // Called for every watch event: parsing the version for a gauge that discards it buys nothing.
    if (this.versionDiscarded) return;
    const value = versionNumber(resourceVersion);
    if (value !== undefined) this.lastResourceVersion.set(value);
  }

  /**
   * @param handler - a handler's name
   * @returns the gauge of the events buffered for it and not yet delivered
   */
  handlerBacklog(handler: string): Gauge {
    return this.provider.gauge({
      name: 'informer_handler_pending_notifications',
      help: 'Number of events buffered for an event handler and not yet delivered to it.',
      labels: { name: this.name, handler },
    });
  }
}
