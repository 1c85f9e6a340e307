import type { Gauge, MetricsProvider } from '@rxkube/queue';
import type { ReconcileOutcome, ReconcileOutcomeKind } from '../reconcile/reconcileOutcome.js';

/** controller-runtime's `controller_runtime_reconcile_time_seconds` buckets, 5 ms to 60 s. */
const reconcileTimeBuckets = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8, 0.9,
  1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5, 6, 7, 8, 9, 10, 15, 20, 25, 30, 40, 50, 60,
] as const;

/** The `result` label of `controller_runtime_reconcile_total`, as controller-runtime writes it. */
const resultLabel: Record<ReconcileOutcomeKind, string> = {
  success: 'success',
  requeueAfter: 'requeue_after',
  requeue: 'requeue',
  error: 'error',
  // controller-runtime counts a terminal error as an error, and in a series of its own too.
  terminalError: 'error',
};

/** The reconcile series of one controller (see {@link reconcileMetrics}). */
export interface ReconcileMetrics {
  /**
   * Counts one reconcile: its result, its error if any, its duration.
   *
   * @param outcome - what the controller's `outcomes$` emitted
   */
  observe(outcome: ReconcileOutcome): void;
  /** `controller_runtime_active_workers`: the reconciles running now. */
  readonly activeWorkers: Gauge;
}

/**
 * controller-runtime's reconcile series of one controller, labelled `controller`:
 * `controller_runtime_reconcile_total{result}` (`success`, `error`, `requeue`, `requeue_after`,
 * each shown from the start at 0), `controller_runtime_reconcile_errors_total`,
 * `controller_runtime_terminal_reconcile_errors_total`, `controller_runtime_reconcile_time_seconds`,
 * `controller_runtime_active_workers` and `controller_runtime_max_concurrent_reconciles`.
 *
 * @param provider - where the series go (`prometheusMetrics()` of `@rxkube/controller/prometheus`)
 * @param controller - the controller's name
 * @param maxConcurrentReconciles - its `concurrency`
 * @returns the recorder; feed it the controller's outcomes
 * @example
 * ```ts
 * const series = reconcileMetrics(metrics, ctrl.name, 4);
 * ctrl.outcomes$.subscribe((outcome) => series.observe(outcome));
 * ```
 */
export function reconcileMetrics(
  provider: MetricsProvider,
  controller: string,
  maxConcurrentReconciles: number,
): ReconcileMetrics {
  const labels = { controller };
  const totals = new Map(
    [...new Set(Object.values(resultLabel))].map((result) => [
      result,
      provider.counter({
        name: 'controller_runtime_reconcile_total',
        help: 'Total number of reconciliations per controller',
        labels: { controller, result },
      }),
    ]),
  );
  const errors = provider.counter({
    name: 'controller_runtime_reconcile_errors_total',
    help: 'Total number of reconciliation errors per controller',
    labels,
  });
  const terminalErrors = provider.counter({
    name: 'controller_runtime_terminal_reconcile_errors_total',
    help: 'Total number of terminal reconciliation errors per controller',
    labels,
  });
  const time = provider.histogram({
    name: 'controller_runtime_reconcile_time_seconds',
    help: 'Length of time per reconciliation per controller',
    labels,
    buckets: reconcileTimeBuckets,
  });
  provider
    .gauge({
      name: 'controller_runtime_max_concurrent_reconciles',
      help: 'Maximum number of concurrent reconciles per controller',
      labels,
    })
    .set(maxConcurrentReconciles);
  const activeWorkers = provider.gauge({
    name: 'controller_runtime_active_workers',
    help: 'Number of currently used workers per controller',
    labels,
  });
  return {
    activeWorkers,
    observe: (outcome) => {
      totals.get(resultLabel[outcome.result])?.inc();
      if (outcome.result === 'error' || outcome.result === 'terminalError') errors.inc();
      if (outcome.result === 'terminalError') terminalErrors.inc();
      time.observe(outcome.durationMs / 1000);
    },
  };
}
