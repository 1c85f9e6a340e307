import { noopMetrics, type FifoKind } from '@rxkube/queue';
import {
  Indexer,
  deletionHandlingMetaNamespaceKeyFunc,
  selectByIndex,
  selectKey,
  selectList,
  type IndexerSnapshot,
  type Indexers,
  type KeyFunc,
  type KubeObject,
  type ReadonlyBehaviorSubject,
  type Shard,
} from '@rxkube/store';
import {
  Observable,
  ReplaySubject,
  Subscription,
  asyncScheduler,
  distinctUntilChanged,
  interval,
  isObservable,
  map,
  takeUntil,
  type SchedulerLike,
} from 'rxjs';
import type { ReflectorOptions } from './reflectorOptions.js';
import type { ReflectorEvent } from './reflectorEvent.js';
import { SnapshotHolder } from './snapshotHolder.js';
import {
  handlerDelivery,
  type HandlerOptions,
  type HandlerRegistration,
  type InformerEvent,
  type ResourceEventHandler,
} from './eventHandler.js';
import { HandlerError, ShardError, type ErrorContext, type InformerError } from './errors.js';
import { informerPipeline } from './informerPipeline.js';
import { InformerProgress } from './informerProgress.js';
import type { InformerStatus } from './informerStatus.js';
import { type SharedIndexInformerOptions, freezeByDefault } from './informerOptions.js';
import { listerFor, type Lister } from './lister.js';
import type { ListerWatcher } from './listerWatcher.js';
import { shardedListerWatcher } from './shardedListerWatcher.js';
import { followShards } from './followShards.js';
import { consoleFailureLogger } from './consoleFailureLogger.js';
import type { Logger } from './logger.js';
import type { InformerMetrics } from './metrics.js';
import { InformerTelemetry } from './informerTelemetry.js';
import { InformerSeries } from './informerSeries.js';
import { processingClock } from './processingClock.js';
import { HandlerRegistry } from './handlerRegistry.js';
import { waitForSync } from './waitForSync.js';
import { memoizeLastKey, type MemoizedKeyFunc } from './lastKeyMemo.js';
import { timerDelay } from './timerDelay.js';

/** Lifecycle of an informer: started once, stopped once. */
type InformerState = 'idle' | 'running' | 'stopped';

/**
 * client-go's `SharedIndexInformer` on RxJS: one list-watch feeding an indexed cache whose
 * immutable snapshots stream on {@link SharedIndexInformer.indexer$}, and any number of event
 * handlers, each with its own buffer and its own resync schedule.
 *
 * Start it with {@link SharedIndexInformer.start} (or `run(signal)`), read it synchronously
 * (`getIndexer()`, `lister()`) or reactively (`list$`, `get$`, `byIndex$`), react to changes
 * with `addEventHandler` or `handle()`, stop it with `stop()`. Failures never stop it: they go
 * to {@link SharedIndexInformer.errors$} as typed errors while it converges on the server's state.
 *
 * @typeParam T - the object type, e.g. client-node's `V1Pod`
 * @example
 * ```ts
 * const informer = new SharedIndexInformer(listerWatcher<V1Pod>(kc, { version: 'v1', plural: 'pods' }), {
 *   indexers: { [NamespaceIndex]: metaNamespaceIndexFunc },
 * });
 * informer.addEventHandler({ onAdd: (pod) => console.log('added', pod.metadata?.name) });
 * const running = informer.start();
 * await informer.waitForCacheSync();
 * informer.byIndex$(NamespaceIndex, 'shop').subscribe(render);
 * // later
 * running.unsubscribe();
 * ```
 */
export class SharedIndexInformer<T extends object = KubeObject> {
  /**
   * Snapshots of the cache: the current one on subscription, then one per change (never a
   * half-applied relist, unless `consistentSnapshots` is off). Completes on stop.
   */
  readonly indexer$: ReadonlyBehaviorSubject<IndexerSnapshot<T>>;
  /** Every failure, typed; the informer keeps running. */
  readonly errors$: Observable<InformerError>;
  /** `false` until the initial list has been fully processed, then `true`. */
  readonly hasSynced$: Observable<boolean>;
  /**
   * The informer's liveness: the current {@link InformerStatus} on subscription, then one value
   * per change. Its `phase` says whether it is syncing, watching, backing off (until
   * `retryAt`) or relisting, `staleSince` since when the cache is no longer known to be current,
   * `lastError` the last failure. Each failure is one value (a new `lastError`), published
   * after `metrics()` counts it and before `errors$` has it. Completes on stop.
   */
  readonly status$: Observable<InformerStatus>;

  private readonly indexer: Indexer<T>;
  /** Publishes `indexer$`, held while a relist is applied. */
  private readonly snapshots: SnapshotHolder<T>;
  private readonly keyFunc: MemoizedKeyFunc<T>;
  private readonly handlers: HandlerRegistry<T>;
  private readonly telemetry: InformerTelemetry;
  /** Last resource version, queue depth and sync, read off the pipeline. */
  private readonly progress: InformerProgress;
  /**
   * Emits once and completes when the informer stops; replays to later subscribers, so every
   * stream handed out (even after the stop) ends with it.
   */
  private readonly stopped = new ReplaySubject<true>(1);
  private readonly scheduler: SchedulerLike;
  private readonly logger: Logger;
  private readonly name: string;
  private state: InformerState = 'idle';
  private running = new Subscription();
  private transform: ((obj: T) => T) | undefined;
  private readonly freeze: boolean;
  private readonly fifo: FifoKind;
  private readonly lw: ListerWatcher<T>;
  /** The shards to follow, when the `shard` option is an Observable. */
  private readonly shards: Observable<Shard> | undefined;

  /**
   * @param lw - what to list and watch
   * @param options - indexers, resync, transform, freezing, queue, scheduler, logger…
   * @throws `RangeError` if `options.fifo` is neither `'real'` nor `'delta'`, or is `'delta'`
   *   with `options.atomicEvents`
   * @throws `ShardRangeError` (a `RangeError`) for an invalid `options.shard`
   */
  constructor(
    lw: ListerWatcher<T>,
    private readonly options: SharedIndexInformerOptions<T> = {},
  ) {
    const shard = options.shard;
    this.shards = isObservable(shard) ? shard : undefined;
    this.lw = shard === undefined || isObservable(shard) ? lw : shardedListerWatcher(lw, shard);
    this.fifo = options.fifo ?? 'real';
    if (this.fifo !== 'real' && this.fifo !== 'delta') {
      throw new RangeError(`fifo must be 'real' or 'delta', not ${String(options.fifo)}`);
    }
    if (options.atomicEvents === true && this.fifo !== 'real') {
      throw new RangeError("atomicEvents needs fifo: 'real'");
    }
    this.keyFunc = memoizeLastKey(
      options.keyFunc ?? (deletionHandlingMetaNamespaceKeyFunc as KeyFunc<T>),
    );
    // The informer sets the version itself, from the order of the stream: a DeltaFIFO applies
    // changes per key, and a relist's version holds only once all of it is applied.
    this.indexer = new Indexer<T>({
      indexers: options.indexers ?? {},
      keyFunc: this.keyFunc,
      resourceVersionFromWrites: false,
    });
    this.snapshots = new SnapshotHolder(this.indexer);
    this.indexer$ = this.snapshots.snapshots$;
    this.scheduler = options.scheduler ?? asyncScheduler;
    this.logger = options.logger ?? consoleFailureLogger({ now: () => this.scheduler.now() });
    this.name = options.name ?? lw.description;
    this.transform = options.transform;
    this.freeze = options.freeze ?? freezeByDefault();
    const series = new InformerSeries(options.metrics ?? noopMetrics, this.name);
    this.telemetry = new InformerTelemetry(this.name, this.logger, series, () =>
      this.scheduler.now(),
    );
    this.progress = new InformerProgress(this.telemetry, () => this.errorContext());
    this.errors$ = this.telemetry.errors.asObservable();
    this.hasSynced$ = this.progress.synced.pipe(distinctUntilChanged());
    this.status$ = this.telemetry.status.asObservable();
    this.handlers = new HandlerRegistry<T>({
      scheduler: this.scheduler,
      logger: this.logger,
      defaultResyncPeriod: options.resyncPeriod ?? 0,
      isRunning: () => this.state === 'running',
      hasSynced: () => this.progress.synced.value,
      cached: () => this.indexer.list(),
      handlerFailed: (name, event, err) =>
        this.telemetry.report(new HandlerError(name, event.type, this.errorContext(), err)),
      backlog: (name) => series.handlerBacklog(name),
    });
  }

  /**
   * Starts list-watch. Call once; the informer cannot be restarted after a stop.
   *
   * @returns a subscription whose `unsubscribe()` stops the informer
   * @throws Error if it was already started or stopped
   */
  start(): Subscription {
    if (this.state !== 'idle')
      throw new Error(
        `informer ${this.name} was already ${this.state === 'running' ? 'started' : 'stopped'}`,
      );
    this.state = 'running';
    this.logger.debug('informer starting', { informer: this.name });
    this.running.add(
      informerPipeline({
        lw: this.lw,
        reflector: this.reflectorOptions(),
        events: this.followedShards(),
        indexer: this.indexer,
        keyFunc: this.keyFunc,
        transform: this.transform,
        freeze: this.freeze,
        fifo: this.fifo,
        atomicEvents: this.options.atomicEvents === true,
        scheduler: this.scheduler,
        now: processingClock(this.scheduler),
        snapshots: this.snapshots,
        hold: this.options.consistentSnapshots !== false,
        processor: this.handlers.processor,
        resyncRequests: this.handlers.resyncRequests,
        progress: this.progress,
        telemetry: this.telemetry,
        errorContext: () => this.errorContext(),
      }).subscribe(),
    );
    this.handlers.start();
    return new Subscription(() => this.stop());
  }

  /**
   * With a `shard` Observable: the Reflector events that follow it. The shards go through a
   * replaying subject held by this run, so that the pipeline, restarted after an internal
   * error, starts again from the current shard.
   */
  private followedShards(): Observable<ReflectorEvent<T>> | undefined {
    if (this.shards === undefined) return undefined;
    const current = new ReplaySubject<Shard>(1);
    this.running.add(this.shards.subscribe(current));
    return followShards(this.lw, current, {
      reflector: this.reflectorOptions(),
      resourceVersion: () => this.progress.lastResourceVersion,
      rejected: (error) => this.telemetry.report(new ShardError(this.errorContext(), error)),
    });
  }

  private reflectorOptions(): ReflectorOptions {
    return {
      ...this.options.reflector,
      scheduler: this.scheduler,
      keyFunc: this.keyFunc as KeyFunc<unknown>,
      onError: (error) => this.telemetry.reportReflectorError(error),
      monitor: this.telemetry.monitor(),
    };
  }

  /**
   * Runs the informer until `signal` aborts, like client-go's blocking `Run(stopCh)`.
   *
   * @param signal - stops the informer when aborted
   * @returns a promise resolved once the informer has stopped
   */
  run(signal: AbortSignal): Promise<void> {
    this.start();
    return new Promise<void>((resolve) => {
      const stop = (): void => {
        this.stop();
        resolve();
      };
      if (signal.aborted) stop();
      else signal.addEventListener('abort', stop, { once: true });
    });
  }

  /**
   * Stops everything: the watch and any request in flight, timers, handler deliveries (buffered
   * events are dropped). Every stream the informer handed out completes: `indexer$`, `errors$`,
   * `hasSynced$`, `status$`, `list$`/`get$`/`byIndex$`, `handle()` and `metrics$()`. Idempotent.
   */
  stop(): void {
    if (this.state === 'stopped') return;
    this.state = 'stopped';
    this.running.unsubscribe();
    this.handlers.stop();
    this.progress.resetDepth();
    this.snapshots.close();
    this.indexer.close();
    this.telemetry.close();
    this.progress.synced.complete();
    this.stopped.next(true);
    this.stopped.complete();
    this.logger.debug('informer stopped', { informer: this.name });
  }

  /** @returns whether `start()` (or `run()`) has been called */
  isStarted(): boolean {
    return this.state !== 'idle';
  }

  /** @returns whether `stop()` has been called */
  isStopped(): boolean {
    return this.state === 'stopped';
  }

  /** @returns whether the initial list has been fully processed (client-go's `HasSynced`) */
  hasSynced(): boolean {
    return this.progress.synced.value;
  }

  /** @returns the informer's liveness now (see {@link SharedIndexInformer.status$}) */
  status(): InformerStatus {
    return this.telemetry.status.value;
  }

  /**
   * Waits for the initial list to be processed.
   *
   * @param signal - gives up when aborted
   * @returns true once synced; false if the informer stopped or `signal` aborted first
   */
  waitForCacheSync(signal?: AbortSignal): Promise<boolean> {
    if (this.progress.synced.value) return Promise.resolve(true);
    if (this.state === 'stopped') return Promise.resolve(false);
    return waitForSync(this.hasSynced$, signal);
  }

  /** @returns the live cache (client-go's `GetStore`); prefer snapshots for anything reactive */
  getStore(): Indexer<T> {
    return this.indexer;
  }

  /** @returns the live cache with its indices (client-go's `GetIndexer`) */
  getIndexer(): Indexer<T> {
    return this.indexer;
  }

  /** @returns synchronous reads of the live cache */
  lister(): Lister<T> {
    return listerFor(this.indexer);
  }

  /**
   * @param predicate - optional filter (pure)
   * @returns the cached objects, emitted when that answer changes
   */
  list$(predicate?: (obj: T) => boolean): Observable<readonly T[]> {
    return this.indexer$.pipe(selectList(predicate));
  }

  /**
   * @param key - `namespace/name` (or `name`)
   * @returns the cached object or `undefined`, emitted when it changes
   */
  get$(key: string): Observable<T | undefined> {
    return this.indexer$.pipe(selectKey(key));
  }

  /**
   * @param indexName - a registered index
   * @param value - the indexed value
   * @returns the objects under that value, emitted when they change
   */
  byIndex$(indexName: string, value: string): Observable<readonly T[]> {
    return this.indexer$.pipe(selectByIndex(indexName, value));
  }

  /**
   * Adds index functions; existing objects are indexed at once.
   *
   * @param indexers - index functions by name
   */
  addIndexers(indexers: Indexers<T>): void {
    this.indexer.addIndexers(indexers);
    this.snapshots.indexersAdded(this.keyFunc);
  }

  /**
   * Sets the transform applied to objects before they are queued (client-go's `SetTransform`).
   *
   * @param transform - the transform
   * @throws Error once the informer has started
   */
  setTransform(transform: (obj: T) => T): void {
    if (this.state !== 'idle')
      throw new Error('setTransform must be called before the informer starts');
    this.transform = transform;
  }

  /**
   * Sets the function told of every list/watch failure (client-go's `SetWatchErrorHandler`);
   * by default they are logged as warnings. `errors$` receives them either way.
   *
   * @param handler - receives each failure
   * @throws Error once the informer has started
   */
  setWatchErrorHandler(handler: (error: InformerError) => void): void {
    if (this.state !== 'idle')
      throw new Error('setWatchErrorHandler must be called before the informer starts');
    this.telemetry.watchErrorHandler = handler;
  }

  /** @returns the last resource version the reflector saw (client-go's `LastSyncResourceVersion`) */
  lastSyncResourceVersion(): string {
    return this.progress.lastResourceVersion;
  }

  /** @returns the smallest handler resync period (0 when no handler resyncs) */
  resyncCheckPeriod(): number {
    return this.handlers.processor.resyncCheckPeriod();
  }

  /**
   * Registers a handler. Added before start, it receives the initial list as adds; added
   * later, it first receives an add for every cached object (`isInInitialList` true), then live
   * events, with no gap and no duplicate.
   *
   * @param handler - `onAdd`, `onUpdate`, `onDelete`; each may be async
   * @param options - its own resync period or schedule, and a name
   * @returns the registration: `hasSynced()`, `remove()`
   * @throws Error if the informer was stopped
   */
  addEventHandler(
    handler: ResourceEventHandler<T>,
    options: HandlerOptions = {},
  ): HandlerRegistration {
    return this.addListener(handlerDelivery(handler), options);
  }

  private addListener(
    deliver: (event: InformerEvent<T>) => unknown,
    options: HandlerOptions,
  ): HandlerRegistration {
    if (this.state === 'stopped')
      throw new Error(`informer ${this.name} has stopped; handler not added`);
    return this.handlers.add(deliver, options);
  }

  /**
   * Removes a handler (same as `registration.remove()`).
   *
   * @param registration - what `addEventHandler` returned
   */
  removeEventHandler(registration: HandlerRegistration): void {
    registration.remove();
  }

  /**
   * The reactive form of {@link SharedIndexInformer.addEventHandler}: subscribing registers a
   * handler with its own buffer and resync schedule, unsubscribing removes it. It completes when
   * the informer stops (at once when subscribed after the stop).
   *
   * @param options - resync period or schedule, name
   * @returns an Observable of events
   * @example
   * ```ts
   * informer.handle({ resyncPeriod: 60_000 })
   *   .pipe(filter((e) => e.type !== 'delete'), concatMap((e) => reconcile(e.object)))
   *   .subscribe();
   * ```
   */
  handle(options: HandlerOptions = {}): Observable<InformerEvent<T>> {
    // `stopped` replays its value, so after a stop this completes before registering anything.
    return new Observable<InformerEvent<T>>((subscriber) => {
      const registration = this.addListener((event) => subscriber.next(event), options);
      return () => registration.remove();
    }).pipe(takeUntil(this.stopped));
  }

  /** @returns the informer's counters now */
  metrics(): InformerMetrics {
    return this.telemetry.snapshot({
      resyncs: this.handlers.resyncs,
      lastResourceVersion: this.progress.lastResourceVersion,
      fifoDepth: this.progress.fifoDepth,
      cached: this.indexer.size,
      listeners: this.handlers.processor.all(),
    });
  }

  /**
   * @param periodMs - sampling period
   * @returns {@link SharedIndexInformer.metrics} every `periodMs`, until the informer stops
   *   (then it completes, and its timer is gone)
   */
  metrics$(periodMs: number): Observable<InformerMetrics> {
    return interval(timerDelay(periodMs), this.scheduler).pipe(
      takeUntil(this.stopped),
      map(() => this.metrics()),
    );
  }

  private errorContext(): ErrorContext {
    return { resource: this.name, resourceVersion: this.progress.lastResourceVersion };
  }
}
