import type { WorkQueueMetricsSnapshot } from '@rxkube/queue';
import { asyncScheduler, Observable, ReplaySubject, Subject, type Subscription } from 'rxjs';
import { whileLeader, type LeadershipSource } from '../leaderelection/whileLeader.js';
import { controllerRun, type ActiveRun } from './controllerRun.js';
import { controllerSources } from './controllerSources.js';
import {
  defaultOutcomeReplay,
  validateControllerOptions,
  type ControllerOptions,
} from './controllerOptions.js';
import type { EventHandlerError } from './eventHandlerError.js';
import { KeyedExclusion } from './keyedExclusion.js';
import type { ControllerObject } from './objectMeta.js';
import type { ReconcileOutcome } from './reconcileOutcome.js';
import { ShardGate } from '../sharding/shardGate.js';

/** A subject replaying its latest `size` values; ReplaySubject would keep one for 0. */
function replaying<V>(size: number): Subject<V> {
  return size === 0 ? new Subject<V>() : new ReplaySubject<V>(size);
}

/** Options of {@link ReconcileController.start}. */
export interface ControllerStartOptions {
  /** Run only while this replica leads: an elector or its `leadership$`. */
  leadership?: LeadershipSource;
}

/**
 * A controller: watches informers, queues the keys of the objects their events concern, and
 * reconciles them with a rate-limited work queue (controller-runtime's controller). Build it
 * with {@link controller}.
 *
 * - **De-duplicated.** Events for a key that is waiting collapse into one reconcile.
 * - **Exclusive.** A key is never reconciled twice at once; up to `concurrency` different
 *   keys are.
 * - **Retried.** A failed reconcile is retried with the rate limiter's backoff; a success
 *   resets it.
 *
 * A controller runs through {@link ReconcileController.run}, a cold Observable (each
 * subscription is one run with its own queue), or {@link ReconcileController.start}.
 *
 * @typeParam T - the primary object type
 */
export class ReconcileController<T extends ControllerObject> {
  /** The controller's name. */
  readonly name: string;
  /**
   * Every reconcile outcome of every run, with its duration: for logs and metrics. A new
   * subscriber first receives the latest outcomes (`outcomeReplay`, default
   * {@link defaultOutcomeReplay}). Completes after `stop()`; errors if a run started by
   * `start()` fails.
   */
  readonly outcomes$: Observable<ReconcileOutcome>;
  /**
   * Every event a predicate or mapper threw on, as an {@link EventHandlerError}: the event
   * was skipped and the controller kept running. Replays the latest ones as `outcomes$`
   * does; completes with it.
   */
  readonly errors$: Observable<EventHandlerError>;

  private readonly outcomes: Subject<ReconcileOutcome>;
  private readonly errors: Subject<EventHandlerError>;
  private readonly exclusion = new KeyedExclusion();
  private readonly runs = new Set<ActiveRun>();
  private readonly ended = new Set<Promise<void>>();
  private lastQueue: ActiveRun['queue'] | undefined;
  private stopping: Promise<void> | undefined;
  private readonly gate: ShardGate | undefined;
  private readonly unregisterWork: () => void;

  /**
   * @param options - see {@link ControllerOptions}
   * @throws {@link ControllerConfigError} for an option that cannot work
   */
  constructor(private readonly options: ControllerOptions<T>) {
    validateControllerOptions(options);
    this.name = options.name ?? 'controller';
    const replay = options.outcomeReplay ?? defaultOutcomeReplay;
    this.outcomes = replaying(replay);
    this.errors = replaying(replay);
    this.outcomes$ = this.outcomes.asObservable();
    this.errors$ = this.errors.asObservable();
    if (options.shards === undefined) {
      this.gate = undefined;
      this.unregisterWork = () => undefined;
    } else {
      this.gate = new ShardGate(options.shards);
      this.unregisterWork = options.shards.registerWork(this.gate);
    }
  }

  /**
   * One run of the controller, as a cold Observable of its reconcile outcomes. Subscribing
   * registers handlers on every informer (which must be started by their owner), waits for
   * their caches to sync, then reconciles. Unsubscribing tears the run down at once: running
   * reconciles see their `signal` abort. It completes after `stop()`.
   *
   * Each subscription is a fresh run whose handlers receive every cached object first, so
   * every object is reconciled again: what a new leader needs. Gate it with `whileLeader`.
   *
   * @returns the run
   */
  run(): Observable<ReconcileOutcome> {
    return new Observable<ReconcileOutcome>((subscriber) => {
      if (this.stopping !== undefined) {
        subscriber.complete();
        return undefined;
      }
      let end: () => void = () => undefined;
      const ended = new Promise<void>((resolve) => (end = resolve));
      this.ended.add(ended);
      const subscription = controllerRun({
        sources: controllerSources(this.options, this.gate),
        concurrency: this.options.concurrency ?? 1,
        queueOptions: {
          name: this.name,
          scheduler: this.options.scheduler,
          metrics: this.options.metrics,
          metricsProvider: this.options.metricsProvider,
          rateLimiter: this.options.rateLimiter,
        },
        step: {
          name: this.name,
          cache: this.options.for.getIndexer(),
          reconcile: this.options.reconcile,
          scheduler: this.options.scheduler ?? asyncScheduler,
          exclusion: this.exclusion,
          report: (outcome) => this.outcomes.next(outcome),
          gate: this.gate,
        },
        reportError: (error) => this.errors.next(error),
        track: (run, active) => {
          if (active) {
            this.runs.add(run);
            this.lastQueue = run.queue;
          } else {
            this.runs.delete(run);
            this.ended.delete(ended);
            end();
          }
        },
      }).subscribe(subscriber);
      return subscription;
    });
  }

  /**
   * Runs the controller until `stop()`: `run()` subscribed, gated on leadership if asked.
   *
   * @param options - leadership gating
   * @returns the subscription; unsubscribing tears the run down at once (prefer `stop()`)
   */
  start(options: ControllerStartOptions = {}): Subscription {
    const runs =
      options.leadership === undefined
        ? this.run()
        : this.run().pipe(whileLeader(options.leadership));
    return runs.subscribe({ error: (error: unknown) => this.outcomes.error(error) });
  }

  /**
   * Graceful shutdown: every run stops taking events and keys, the reconciles in flight
   * finish (their signals are not aborted), then the runs complete, `outcomes$` completes and
   * the promise resolves. Keys still queued are not reconciled: a restarted or new leader
   * reconciles every object anyway. Later runs complete at once. Idempotent.
   *
   * Stop the controller before its leader elector, so that the work ends before the Lease is
   * released.
   *
   * @returns a promise resolved once nothing runs
   */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      await Promise.all([...this.runs].map((run) => run.drain()));
      await Promise.all(this.ended);
      // Reconciles left running by runs torn down earlier.
      await this.exclusion.idle();
      this.unregisterWork();
      this.errors.complete();
      this.outcomes.complete();
    })();
    return this.stopping;
  }

  /** @returns whether `stop()` was called */
  isStopped(): boolean {
    return this.stopping !== undefined;
  }

  /**
   * @returns the work queue's metrics (depth, adds, latency, work duration, retries…) of the
   *   current run, or of the last one; `undefined` before the first run
   */
  metrics(): WorkQueueMetricsSnapshot | undefined {
    return this.lastQueue?.metrics();
  }
}

/**
 * Builds a controller: the reactive counterpart of controller-runtime's builder.
 *
 * @typeParam T - the primary object type
 * @param options - `for`, `owns`, `watches`, `reconcile`, `concurrency`…; see {@link ControllerOptions}
 * @returns the controller, not running yet
 * @throws {@link ControllerConfigError} for an option that cannot work
 * @example
 * ```ts
 * const ctrl = controller({
 *   name: 'config-hash',
 *   for: configMaps,
 *   kind: { apiVersion: 'v1', kind: 'ConfigMap' },
 *   owns: [deployments],
 *   predicates: [or(resourceVersionChanged(), labelsChanged())],
 *   concurrency: 4,
 *   resyncPeriod: 10 * 60_000,
 *   reconcile: async ({ namespace, name, object, deleted }) => {
 *     if (deleted) return deleteDeployment(namespace, name);
 *     await ensureDeployment(object);
 *     return { requeueAfter: 60_000 };
 *   },
 * });
 * ctrl.outcomes$.subscribe((o) => log(o.request.key, o.result, o.durationMs));
 * ctrl.start({ leadership: elector });
 * process.once('SIGTERM', async () => {
 *   await ctrl.stop();
 *   await elector.stop();
 * });
 * ```
 */
export function controller<T extends ControllerObject>(
  options: ControllerOptions<T>,
): ReconcileController<T> {
  return new ReconcileController(options);
}
