import type { Histogram, MetricsProvider } from '../metrics/metricsProvider.js';
import type { WorkQueueMetricsProvider } from './workQueueMetrics.js';

/**
 * client-go's buckets for the work queue's durations: 10 ns to 1,000 s, a power of ten apart
 * (`prometheus.ExponentialBuckets(10e-9, 10, 12)`), so dashboards built for Kubernetes
 * controllers read them unchanged.
 */
export const workQueueDurationBuckets: readonly number[] = Array.from(
  { length: 12 },
  (_, i) => 1e-8 * 10 ** i,
);

/**
 * Reports a work queue's metrics through a {@link MetricsProvider}, as the series client-go and
 * controller-runtime export, each labelled with the queue's `name`: `workqueue_depth`,
 * `workqueue_adds_total`, `workqueue_queue_duration_seconds`,
 * `workqueue_work_duration_seconds`, `workqueue_unfinished_work_seconds`,
 * `workqueue_longest_running_processor_seconds` and `workqueue_retries_total`.
 *
 * @param metrics - where the series go
 * @returns the per-queue factories a `WorkQueue` takes as `metricsProvider`
 * @example
 * ```ts
 * const metrics = new MemoryMetrics();
 * const queue = new WorkQueue<string>({ name: 'pods', metricsProvider: workQueueMetricsProvider(metrics) });
 * queue.add('default/web');
 * metrics.value('workqueue_depth', { name: 'pods' }); // 1
 * ```
 */
export function workQueueMetricsProvider(metrics: MetricsProvider): WorkQueueMetricsProvider {
  const gauge = (name: string, help: string) => (queue: string) =>
    metrics.gauge({ name, help, labels: { name: queue } });
  const duration =
    (name: string, help: string) =>
    (queue: string): Histogram =>
      metrics.histogram({
        name,
        help,
        labels: { name: queue },
        buckets: workQueueDurationBuckets,
      });
  const counter = (name: string, help: string) => (queue: string) =>
    metrics.counter({ name, help, labels: { name: queue } });
  return {
    newDepthMetric: gauge('workqueue_depth', 'Current depth of workqueue'),
    newAddsMetric: counter('workqueue_adds_total', 'Total number of adds handled by workqueue'),
    newLatencyMetric: duration(
      'workqueue_queue_duration_seconds',
      'How long in seconds an item stays in workqueue before being requested',
    ),
    newWorkDurationMetric: duration(
      'workqueue_work_duration_seconds',
      'How long in seconds processing an item from workqueue takes',
    ),
    newUnfinishedWorkSecondsMetric: gauge(
      'workqueue_unfinished_work_seconds',
      'How many seconds of work has been done that is in progress and has not been observed by ' +
        'work_duration. Large values indicate stuck threads.',
    ),
    newLongestRunningProcessorSecondsMetric: gauge(
      'workqueue_longest_running_processor_seconds',
      'How many seconds has the longest running processor for workqueue been running.',
    ),
    newRetriesMetric: counter(
      'workqueue_retries_total',
      'Total number of retries handled by workqueue',
    ),
  };
}
