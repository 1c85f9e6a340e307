import type { AddressInfo } from 'node:net';
import type { InformerForOptions, SharedIndexInformer } from '@rxkube/informer';
import { SharedInformerFactory } from '@rxkube/informer';
import { listerWatcherSource } from '@rxkube/informer/node';
import { noopMetrics, type MetricsProvider } from '@rxkube/queue';
import type { Subscription } from 'rxjs';
import { asyncScheduler, firstValueFrom, from, race, timer } from 'rxjs';
import { EventsV1Api } from '@kubernetes/client-node';
import {
  eventRecorder,
  type EventRecorder,
  type EventRecorderOptions,
} from '../objects/eventRecorder.js';
import { ObjectApi } from '../objects/objectApi.js';
import { LeaderElector } from '../leaderelection/leaderElector.js';
import { countActiveWorkers } from '../metrics/countActiveWorkers.js';
import type { MetricsExporter } from '../metrics/metricsExporter.js';
import { reconcileMetrics } from '../metrics/reconcileMetrics.js';
import { reportLeadership } from '../metrics/leadershipMetrics.js';
import type { ControllerOptions } from '../reconcile/controllerOptions.js';
import type { ControllerObject } from '../reconcile/objectMeta.js';
import { ReconcileController } from '../reconcile/reconcileController.js';
import type { ResourceDescription } from '../resources/resource.js';
import { resourceClient, type ResourceClient } from '../resources/resourceClient.js';
import { deferredMetrics } from './deferredMetrics.js';
import { ManagerConfigError, ManagerStateError } from './errors.js';
import type { ManagerOptions } from './managerOptions.js';
import { signalsOf, validateManagerOptions } from './managerOptions.js';
import {
  serveOperatorEndpoints,
  type OperatorEndpoints,
  type ReadinessCheck,
} from './operatorEndpoints.js';
import { onSignals } from './signalHandlers.js';

/** Where a manager is in its life: each state follows the one before, never back. */
export type ManagerState = 'idle' | 'starting' | 'running' | 'stopping' | 'stopped';

/** A controller of the manager and, once started, its run. */
interface Registered {
  readonly controller: ReconcileController<ControllerObject>;
  run?: Subscription;
}

const defaultGracefulShutdownTimeout = 30_000;

/**
 * controller-runtime's Manager: one shared informer factory, the controllers built on it, an
 * optional leader elector and the operator's HTTP endpoints, started and stopped together.
 * Build it with {@link manager}.
 *
 * `start()`: endpoints listen (`/readyz` fails until the caches sync), informers start and
 * sync, then the elector stands and controllers run (only while leading, if election is
 * configured). `stop()`, in reverse: controllers drain (reconciles in flight finish, or are
 * aborted after `gracefulShutdownTimeout`), the elector releases the Lease, informers stop,
 * the endpoints close. A stopped manager does not start again.
 */
export class Manager {
  /** The leader elector, when `leaderElection` is configured. */
  readonly elector: LeaderElector | undefined;

  private readonly factory: SharedInformerFactory;
  private readonly metrics = deferredMetrics();
  private readonly controllers: Registered[] = [];
  /** Every informer handed out, for readiness: one asked for while running must sync too. */
  private readonly informers = new Set<SharedIndexInformer<object>>();
  private readonly clients = new Map<ResourceDescription<object>, ResourceClient<object>>();
  private readonly aborted = new AbortController();
  private api: ObjectApi | undefined;
  private status: ManagerState = 'idle';
  private starting: Promise<void> | undefined;
  /** The start-up itself, which a stop waits for (`starting` also waits for that stop). */
  private startingUp: Promise<void> | undefined;
  private stopping: Promise<void> | undefined;
  private endpoints: OperatorEndpoints | undefined;
  private exporter: MetricsExporter | undefined;
  private removeSignalHandlers: () => void = () => undefined;
  private leadershipReport: Subscription | undefined;
  private leadershipKnown = false;
  private cachesSynced = false;

  /**
   * @param options - see {@link ManagerOptions}
   * @throws {@link ManagerConfigError} for an option that cannot work
   * @throws LeaderElectionConfigError for invalid `leaderElection` options
   */
  constructor(private readonly options: ManagerOptions) {
    validateManagerOptions(options);
    this.factory = new SharedInformerFactory(
      options.listerWatchers ?? listerWatcherSource(options.kubeConfig),
      {
        namespace: options.namespace,
        informer: { metrics: this.metrics.provider, ...options.informer },
      },
    );
    const election = options.leaderElection;
    this.elector =
      election === undefined
        ? undefined
        : new LeaderElector(election.client ?? options.kubeConfig, election);
  }

  /** @returns where the manager is in its life */
  get state(): ManagerState {
    return this.status;
  }

  /**
   * Where the endpoints listen, once `start()` has opened them.
   *
   * @returns the address, or undefined before `start()`, after `stop()` or without `http`
   */
  get address(): AddressInfo | undefined {
    return this.endpoints?.address;
  }

  /**
   * The provider informers and controllers of this manager report to: give it to those built
   * outside it.
   *
   * @returns the provider
   */
  get metricsProvider(): MetricsProvider {
    return this.metrics.provider;
  }

  /**
   * The shared informer of a kind (one per kind, namespace and selectors), started with the
   * manager, or at once when the manager runs already.
   *
   * @typeParam T - the objects' type
   * @param description - the kind (`resources.configMaps`, or `resource({...})`)
   * @param options - namespace (ignored for cluster-scoped kinds), selectors, indices
   * @returns the informer
   * @throws Error once the manager has stopped
   */
  informer<T extends object>(
    description: ResourceDescription<T>,
    options: InformerForOptions = {},
  ): SharedIndexInformer<T> {
    // '' lists a cluster-scoped kind without the manager's default namespace in its path.
    const scoped = description.namespaced ? options : { ...options, namespace: '' };
    const informer = this.factory.informerFor<T>(description, scoped);
    this.informers.add(informer as unknown as SharedIndexInformer<object>);
    return informer;
  }

  /**
   * A typed client for get, create, update, patch and delete of a kind (one per description).
   *
   * @typeParam T - the objects' type
   * @param description - the kind
   * @returns the client
   */
  client<T extends object>(description: ResourceDescription<T>): ResourceClient<T> {
    let client = this.clients.get(description);
    if (client === undefined) {
      client = resourceClient(
        this.options.kubeConfig,
        description as ResourceDescription<object>,
        this.objectApi,
      );
      this.clients.set(description, client);
    }
    return client as ResourceClient<T>;
  }

  /**
   * The manager's client-node client for any kind, built once from its `kubeConfig` (the one its
   * `client()`s send through): what the object helpers take (`createOrUpdate`, `finalizer`,
   * `serverSideApply`, `mergePatch`), so that an operator never builds client-node clients.
   *
   * @returns the client
   */
  get objectApi(): ObjectApi {
    this.api ??= ObjectApi.makeApiClient(this.options.kubeConfig);
    return this.api;
  }

  /**
   * An event recorder writing `events.k8s.io/v1` Events through the manager's `kubeConfig`
   * (controller-runtime's `mgr.GetEventRecorderFor`).
   *
   * @param options - the reporting controller and instance, series window, cache size; the
   *   client is the manager's
   * @returns the recorder
   */
  eventRecorder(options: Omit<EventRecorderOptions, 'client'>): EventRecorder {
    return eventRecorder({
      ...options,
      client: this.options.kubeConfig.makeApiClient(EventsV1Api),
    });
  }

  /**
   * Builds a controller that runs with the manager: its work queue reports to the manager's
   * metrics (unless `metrics` or `metricsProvider` is given), and so do its reconciles
   * (`controller_runtime_*`). Added to a running manager, it starts at once.
   *
   * @typeParam T - the primary object type
   * @param options - see {@link ControllerOptions}
   * @returns the controller; the manager starts and stops it
   * @throws {@link ControllerConfigError} for an option that cannot work
   * @throws {@link ManagerStateError} once the manager is stopping
   */
  controller<T extends ControllerObject>(options: ControllerOptions<T>): ReconcileController<T> {
    if (this.status === 'stopping' || this.status === 'stopped')
      throw new ManagerStateError(this.status, 'a stopping manager takes no new controllers');
    const provider = this.metrics.provider;
    const name = options.name ?? 'controller';
    const series = reconcileMetrics(provider, name, options.concurrency ?? 1);
    const reportsQueue = options.metrics !== undefined || options.metricsProvider !== undefined;
    const ctrl = new ReconcileController<T>({
      ...options,
      ...(reportsQueue ? {} : { metrics: provider }),
      reconcile: countActiveWorkers(options.reconcile, series.activeWorkers),
    });
    ctrl.outcomes$.subscribe({
      next: (outcome) => series.observe(outcome),
      error: () => undefined,
    });
    const registered: Registered = {
      controller: ctrl as unknown as ReconcileController<ControllerObject>,
    };
    this.controllers.push(registered);
    if (this.status === 'running') this.run(registered);
    return ctrl;
  }

  /**
   * The readiness checks `/readyz` reports: informers synced (those asked for while running
   * too) and, with leader election, the leadership known (this replica leads, or knows who
   * does).
   *
   * @returns each check and whether it passes
   */
  readiness(): ReadinessCheck[] {
    const synced = this.cachesSynced && [...this.informers].every((i) => i.hasSynced());
    const checks: ReadinessCheck[] = [{ name: 'informers synced', ok: synced }];
    if (this.elector !== undefined)
      checks.push({ name: 'leader election', ok: this.leadershipKnown });
    return checks;
  }

  /** @returns whether every readiness check passes */
  isReady(): boolean {
    return this.readiness().every((check) => check.ok);
  }

  /**
   * Starts everything: the endpoints, the informers, then (once every cache has synced) the
   * elector and the controllers. Idempotent.
   *
   * @returns a promise resolved once the controllers have started (or `stop()` interrupted);
   *   rejected when the endpoints cannot listen or metrics cannot be loaded, the manager then
   *   being stopped
   * @throws {@link ManagerStateError} (rejected) once stopped
   */
  start(): Promise<void> {
    if (this.stopping !== undefined)
      return Promise.reject(
        new ManagerStateError(this.status, 'a stopped manager cannot start again'),
      );
    if (this.starting === undefined) {
      this.startingUp = this.startUp();
      this.starting = this.startingUp.catch(async (error: unknown) => {
        await this.stop();
        throw error;
      });
    }
    return this.starting;
  }

  /**
   * Stops everything, in reverse order: controllers drain (for at most
   * `gracefulShutdownTimeout`, then their reconciles are aborted), the elector steps down and
   * releases the Lease, informers stop, the endpoints close and the signal handlers go.
   * Idempotent.
   *
   * @returns a promise resolved once everything is torn down; it never rejects
   */
  stop(): Promise<void> {
    this.stopping ??= this.shutDown();
    return this.stopping;
  }

  private async startUp(): Promise<void> {
    this.status = 'starting';
    const signals = signalsOf(this.options.stopOnSignals);
    if (signals.length > 0) this.removeSignalHandlers = onSignals(signals, () => void this.stop());
    this.exporter = await this.loadExporter();
    this.metrics.bind(this.exporter?.provider ?? noopMetrics);
    const { http } = this.options;
    if (http !== undefined) {
      this.endpoints = await serveOperatorEndpoints({
        port: http.port,
        host: http.host,
        readiness: () => this.readiness(),
        metrics: this.exporter,
      });
      if (this.stopping !== undefined) return;
    }
    this.factory.start();
    const synced = await this.factory.waitForCacheSync(this.aborted.signal);
    if (this.stopping !== undefined) return;
    this.cachesSynced = [...synced.values()].every(Boolean);
    if (this.elector !== undefined) {
      const lease = this.options.leaderElection?.lock.name ?? '';
      this.elector.start();
      this.leadershipReport = reportLeadership(this.metrics.provider, lease, this.elector);
      this.leadershipReport.add(
        this.elector.leadership$.subscribe({
          next: (state) => {
            this.leadershipKnown ||= state.isLeader || state.leader !== undefined;
          },
          // A failed election shows on the elector's errors$; readiness stays as it was.
          error: () => undefined,
        }),
      );
    }
    this.status = 'running';
    for (const registered of this.controllers) this.run(registered);
  }

  private async loadExporter(): Promise<MetricsExporter | undefined> {
    const { metrics, http } = this.options;
    if (metrics === false) return undefined;
    if (metrics !== undefined) return metrics;
    if (http === undefined) return undefined;
    // Loaded here, not imported: `@rxkube/controller` alone must not need prom-client.
    const prometheus = await import('../entryPoints/prometheus.js').catch((error: unknown) => {
      throw new ManagerConfigError(
        'metrics',
        'serving /metrics needs prom-client (an optional peer dependency): install it, or pass metrics: false',
        { cause: error },
      );
    });
    return prometheus.prometheusExporter();
  }

  private run(registered: Registered): void {
    registered.run = registered.controller.start({ leadership: this.elector });
  }

  private async shutDown(): Promise<void> {
    this.status = 'stopping';
    this.aborted.abort(new Error('the manager is stopping'));
    // Let a start() in its first steps see the stop before tearing down under it.
    await this.startingUp?.catch(() => undefined);
    await this.drainControllers();
    await this.elector?.stop();
    this.leadershipReport?.unsubscribe();
    this.factory.shutdown();
    await this.endpoints?.close();
    this.endpoints = undefined;
    this.removeSignalHandlers();
    this.status = 'stopped';
  }

  private async drainControllers(): Promise<void> {
    const timeout = this.options.gracefulShutdownTimeout ?? defaultGracefulShutdownTimeout;
    const drained = Promise.all(this.controllers.map(({ controller }) => controller.stop()));
    const deadline = timer(timeout, this.options.scheduler ?? asyncScheduler);
    await firstValueFrom(race(from(drained), deadline));
    // Past the deadline, tearing the runs down aborts the reconciles' signals.
    for (const { run } of this.controllers) run?.unsubscribe();
  }
}

/**
 * Builds a {@link Manager}: controller-runtime's `ctrl.NewManager` for rxkube.
 *
 * @param options - see {@link ManagerOptions}
 * @returns the manager, not started
 * @throws {@link ManagerConfigError} for an option that cannot work
 * @example
 * ```ts
 * const mgr = manager({
 *   kubeConfig,
 *   http: { port: 8080 },
 *   leaderElection: { lock: { namespace: 'operators', name: 'config-hash' }, identity: hostname() },
 *   stopOnSignals: true,
 * });
 * const configMaps = mgr.informer(resources.configMaps, { labelSelector: 'deploy=true' });
 * const deployments = mgr.client(resources.deployments);
 * mgr.controller({
 *   name: 'config-hash',
 *   for: configMaps,
 *   reconcile: async ({ namespace, name, object }) => {
 *     // read and write through `deployments`
 *   },
 * });
 * await mgr.start();
 * ```
 */
export function manager(options: ManagerOptions): Manager {
  return new Manager(options);
}
