import type { MetricsProvider, RateLimiter, WorkQueueMetricsProvider } from '@rxkube/queue';
import type { Observable, SchedulerLike } from 'rxjs';
import type { ControllerShards } from '../sharding/shardGate.js';
import type { EventSource } from './eventSource.js';
import type { InformerSource, PrimaryInformerSource } from './informerSource.js';
import type { ControllerObject } from './objectMeta.js';
import type { OwnerKind } from './ownerMapping.js';
import type { Predicate } from './predicate.js';
import type { ReconcileRequest } from './reconcileRequest.js';
import type { ReconcileResult } from './reconcileResult.js';

/**
 * What a reconcile receives: the request, and the object's current state in the primary
 * informer's cache, or `deleted: true` when the cache does not hold it (it was deleted, or
 * never existed: the reconcile should make sure nothing is left of it).
 *
 * @typeParam T - the primary object type
 */
export type ReconcileContext<T> = ReconcileRequest & {
  /**
   * Aborts if the controller's run is torn down while the reconcile runs (unsubscribed, e.g.
   * because leadership was lost). A graceful `stop()` does not abort it. Pass it on to
   * requests that should not outlive the run.
   */
  readonly signal: AbortSignal;
  /** How many times this key has been retried by the rate limiter since it last succeeded. */
  readonly retries: number;
} & (
    | { readonly deleted: false; readonly object: T }
    | { readonly deleted: true; readonly object: undefined }
  );

/**
 * The reconcile function: makes the world match the object (level-based: it reads the current
 * state, never the event that caused it). Returns a {@link ReconcileResult} directly, through
 * a promise, or as the last value of an Observable; throws or rejects to be retried with
 * backoff.
 *
 * @typeParam T - the primary object type
 */
export type Reconcile<T> = (
  context: ReconcileContext<T>,
) => ReconcileResult | PromiseLike<ReconcileResult> | Observable<ReconcileResult>;

/** An informer whose objects the controller owns, with optional predicates. */
export interface OwnsOptions {
  /** The owned objects' informer. */
  informer: InformerSource<ControllerObject>;
  /** Events must pass every one of them. */
  predicates?: readonly Predicate<ControllerObject>[];
}

/**
 * How to build a controller (controller-runtime's `Builder`: `For`, `Owns`, `Watches`,
 * `WithEventFilter`, `WithOptions`).
 *
 * @typeParam T - the primary object type
 */
export interface ControllerOptions<T extends ControllerObject> {
  /** Names the controller in outcomes and its work queue's metrics. Default `controller`. */
  name?: string;
  /**
   * The informer of the objects to reconcile. Its events enqueue the object's key; its cache
   * is what each reconcile reads.
   */
  for: PrimaryInformerSource<T>;
  /**
   * Filters the primary informer's events: each must pass every predicate. Periodic resyncs
   * are not filtered.
   */
  predicates?: readonly Predicate<T>[];
  /**
   * The primary kind, as owner references name it. Required with `owns`: an owned object's
   * event reconciles its controller owner only if the owner reference names this kind.
   */
  kind?: OwnerKind;
  /**
   * Informers of objects this controller creates and owns: their events reconcile the object
   * named by their controller owner reference (`controller: true`), when it is of `kind`.
   */
  owns?: readonly (InformerSource<ControllerObject> | OwnsOptions)[];
  /** Other sources of keys: {@link watch} for another informer with a mapper, {@link watchRequests}. */
  watches?: readonly EventSource[];
  /** The reconcile function. */
  reconcile: Reconcile<T>;
  /** How many keys are reconciled at once (never the same key twice). Default 1. */
  concurrency?: number;
  /**
   * Reconcile every cached primary object this often (ms), through the primary handler's
   * resync; 0 (default) for never. Values under 1 s are raised to 1 s by the informer.
   */
  resyncPeriod?: number;
  /** A resync schedule of your own for the primary handler; overrides `resyncPeriod`. */
  resync$?: Observable<unknown>;
  /**
   * Paces retries of failed keys. Default: a fresh `defaultControllerRateLimiter` for every
   * run (5 ms doubling to 1000 s per key, 10 per second overall). A limiter passed here is
   * shared by every run, so backoffs survive a change of leader within the process.
   */
  rateLimiter?: RateLimiter<string>;
  /**
   * Where the work queue reports its metrics, as client-go's and controller-runtime's
   * `workqueue_*` series labelled with the controller's `name`: the same provider informers
   * take (`prometheusMetrics()` of `@rxkube/controller/prometheus` for Prometheus, `MemoryMetrics` in tests).
   */
  metrics?: MetricsProvider;
  /**
   * Where the work queue reports its metrics, one factory per metric (client-go's
   * `workqueue.MetricsProvider`). Give this or `metrics`, not both.
   */
  metricsProvider?: WorkQueueMetricsProvider;
  /**
   * How many of the latest reconcile outcomes (and of the latest event handler errors)
   * `outcomes$` (and `errors$`) replay to a new subscriber, so that a late subscriber still
   * sees what just happened. Default {@link defaultOutcomeReplay}; 0 for none.
   */
  outcomeReplay?: number;
  /** Clock and timers (work queue, backoff, durations). Default `asyncScheduler`. */
  scheduler?: SchedulerLike;
  /**
   * Work on one shard only: this replica's share as a `ShardCoordinator` gives it. Give the
   * `for` informer the same coordinator's `shard$`, so that its cache holds the shard only.
   * Events of primary objects outside the current ranges are ignored (the deletes of objects
   * that left the shard reconcile nothing), owned objects count by the hash of their
   * controller owner's uid (or namespace), keys whose range left while they waited are
   * dropped, and the coordinator keeps claiming a range until the reconciles in flight on it
   * have ended. Default: every object.
   */
  shards?: ControllerShards;
}

/** How many outcomes `outcomes$` replays by default (see `outcomeReplay`). */
export const defaultOutcomeReplay = 100;

/** A controller option that cannot work, found when the controller is built. */
export class ControllerConfigError extends Error {
  /**
   * @param option - the option at fault
   * @param message - what is wrong
   */
  constructor(
    readonly option: string,
    message: string,
  ) {
    super(`${option}: ${message}`);
    this.name = 'ControllerConfigError';
  }
}

/**
 * Checks what cannot be expressed in types.
 *
 * @typeParam T - the primary object type
 * @param options - the options
 * @throws {@link ControllerConfigError} for a bad option
 */
export function validateControllerOptions<T extends ControllerObject>(
  options: ControllerOptions<T>,
): void {
  const {
    concurrency = 1,
    resyncPeriod = 0,
    owns = [],
    kind,
    outcomeReplay = defaultOutcomeReplay,
  } = options;
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new ControllerConfigError(
      'concurrency',
      `must be a positive integer, got ${concurrency}`,
    );
  if (!(resyncPeriod >= 0) || !Number.isFinite(resyncPeriod))
    throw new ControllerConfigError(
      'resyncPeriod',
      `must be a finite number ≥ 0, got ${resyncPeriod}`,
    );
  if (!Number.isInteger(outcomeReplay) || outcomeReplay < 0)
    throw new ControllerConfigError(
      'outcomeReplay',
      `must be an integer ≥ 0, got ${outcomeReplay}`,
    );
  if (options.metrics !== undefined && options.metricsProvider !== undefined)
    throw new ControllerConfigError('metrics', 'give metrics or metricsProvider, not both');
  if (owns.length > 0 && (kind === undefined || kind.kind === '' || kind.apiVersion === ''))
    throw new ControllerConfigError(
      'kind',
      'owns needs the primary kind ({ apiVersion, kind }) to match owner references',
    );
}
