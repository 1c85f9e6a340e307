import type { KubeConfig } from '@kubernetes/client-node';
import type { ListerWatcherSource, SharedInformerFactoryOptions } from '@rxkube/informer';
import type { SchedulerLike } from 'rxjs';
import type { LeaderElectionOptions } from '../leaderelection/leaderElectionOptions.js';
import type { LeaseApiSource } from '../leaderelection/leaseApi.js';
import type { MetricsExporter } from '../metrics/metricsExporter.js';
import { ManagerConfigError } from './errors.js';

/** Leader election of a manager: client-go's options, and the Lease client. */
export interface ManagerLeaderElectionOptions extends LeaderElectionOptions {
  /** The Lease client; default: the manager's `kubeConfig`. */
  client?: LeaseApiSource;
}

/** Options of {@link manager}. */
export interface ManagerOptions {
  /** The cluster and credentials of informers, clients and the leader election. */
  kubeConfig: KubeConfig;
  /** Default namespace of `informer()` calls that give none. Default: all namespaces. */
  namespace?: string;
  /**
   * Options every informer is created with (resync period, scheduler, logger…). The manager
   * sets `metrics` unless given.
   */
  informer?: SharedInformerFactoryOptions['informer'];
  /** How informers list and watch. Default: `listerWatcherSource(kubeConfig)` (client-node). */
  listerWatchers?: ListerWatcherSource;
  /**
   * Run controllers only while this replica holds a Lease (controller-runtime's
   * `LeaderElection`); informers run regardless, so a new leader starts with warm caches.
   */
  leaderElection?: ManagerLeaderElectionOptions;
  /** Serve `/healthz`, `/readyz` and `/metrics` on this port (0: any free one) and host. */
  http?: { port: number; host?: string };
  /**
   * Where metrics go and `/metrics` reads them: default, when `http` is set, `prometheusExporter()`
   * of `@rxkube/controller/prometheus` on a registry of its own, loaded at `start()` (it needs
   * `prom-client`); `false` for none.
   */
  metrics?: MetricsExporter | false;
  /**
   * How long `stop()` lets the reconciles in flight finish before aborting them, in
   * milliseconds. Default 30,000 (controller-runtime's `GracefulShutdownTimeout`).
   */
  gracefulShutdownTimeout?: number;
  /**
   * Stop on these signals (handlers installed by `start()`, removed by `stop()`): `true` for
   * `SIGTERM` and `SIGINT`. Default: none.
   */
  stopOnSignals?: boolean | readonly NodeJS.Signals[];
  /** The scheduler of the shutdown deadline. Default: `asyncScheduler`. */
  scheduler?: SchedulerLike;
}

/**
 * Checks what cannot be expressed in types.
 *
 * @param options - the manager's options
 * @throws {@link ManagerConfigError} for the first option that cannot work
 */
export function validateManagerOptions(options: ManagerOptions): void {
  if (options.kubeConfig === undefined || options.kubeConfig === null)
    throw new ManagerConfigError('kubeConfig', 'is required');
  const port = options.http?.port;
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65_535))
    throw new ManagerConfigError('http.port', `must be an integer from 0 to 65535, not ${port}`);
  const timeout = options.gracefulShutdownTimeout;
  if (timeout !== undefined && !(Number.isFinite(timeout) && timeout >= 0))
    throw new ManagerConfigError('gracefulShutdownTimeout', `must be 0 or more, not ${timeout}`);
}

/**
 * The signals `stopOnSignals` names.
 *
 * @param option - the option
 * @returns the signals
 */
export function signalsOf(option: ManagerOptions['stopOnSignals']): readonly NodeJS.Signals[] {
  if (option === true) return ['SIGTERM', 'SIGINT'];
  return option === false || option === undefined ? [] : option;
}
