import { shardSelectorText, type Indexers, type KubeObject, type Shard } from '@rxkube/store';
import { isObservable, type Observable } from 'rxjs';
import { collectionPath, type ResourceRef } from './http/resourcePath.js';
import type { SharedIndexInformerOptions } from './informerOptions.js';
import type { ListerWatcher } from './listerWatcher.js';
import { SharedIndexInformer } from './sharedIndexInformer.js';

/** What identifies a shared informer: the resource and the request options. */
export interface InformerForOptions {
  /** Only this namespace. */
  namespace?: string;
  /** Label selector. */
  labelSelector?: string;
  /** Field selector. */
  fieldSelector?: string;
  /**
   * Cache objects' metadata only (`PartialObjectMetadata`, see `metadataListerWatcher`), as
   * controller-runtime's `OnlyMetadata` and client-go's `metadatainformer` do. A metadata-only
   * informer and a whole-object one for the same resource are separate informers. Default: the
   * factory's `metadataOnly`.
   */
  metadataOnly?: boolean;
  /**
   * Only one shard of the objects (see `SharedIndexInformerOptions.shard`): a fixed one, or the
   * ranges a shard coordinator assigns as they change. Informers of different shards of the same
   * resource are separate informers; so are those of different Observables.
   */
  shard?: Shard | Observable<Shard>;
  /**
   * Indices the caller needs. An informer shared with earlier callers gains the ones it lacks
   * (names it already has are kept as they are).
   */
  indexers?: Indexers<never>;
}

/**
 * Builds the lister-watcher of each informer a {@link SharedInformerFactory} creates, for a
 * resource and the namespace and selectors asked for. `listerWatcherSource(kc)` of
 * `@rxkube/informer/node` lists and watches through client-node, `fetchListerWatcherSource`
 * through the platform `fetch`; any function of this shape will do.
 */
export type ListerWatcherSource = (
  resource: ResourceRef,
  options: InformerForOptions,
) => ListerWatcher<unknown>;

/** Options of a {@link SharedInformerFactory}. */
export interface SharedInformerFactoryOptions {
  /** Default namespace of `informerFor` calls that give none. Default: all namespaces. */
  namespace?: string;
  /**
   * Whether `informerFor` calls that do not say cache objects' metadata only: a factory of
   * metadata-only informers, like client-go's `metadatainformer.NewSharedInformerFactory`.
   * Default false.
   */
  metadataOnly?: boolean;
  /** Options every informer is created with (resync period, scheduler, logger, reflector…). */
  informer?: Omit<SharedIndexInformerOptions<never>, 'indexers' | 'keyFunc' | 'name'>;
}

/**
 * client-go's `SharedInformerFactory`: hands out one shared informer per resource and request
 * options, so that every part of a program asking for "pods in shop with app=web" shares one
 * list-watch and one cache.
 *
 * @example
 * ```ts
 * const factory = new SharedInformerFactory(listerWatcherSource(kc), {
 *   informer: { resyncPeriod: 600_000 },
 * });
 * const pods = factory.informerFor<V1Pod>({ version: 'v1', plural: 'pods' }, { namespace: 'shop' });
 * const deployments = factory.informerFor<V1Deployment>({ group: 'apps', version: 'v1', plural: 'deployments' });
 * factory.start();
 * await factory.waitForCacheSync();
 * // …
 * factory.shutdown();
 * ```
 */
export class SharedInformerFactory {
  private readonly informers = new Map<string, SharedIndexInformer<object>>();
  private readonly shardStreams = new Map<Observable<Shard>, number>();
  private started = false;
  private stopped = false;

  /**
   * @param listerWatchers - builds each informer's lister-watcher: `listerWatcherSource(kc)`
   *   of `@rxkube/informer/node`, `fetchListerWatcherSource`, or a function of your own
   * @param options - defaults for every informer
   */
  constructor(
    private readonly listerWatchers: ListerWatcherSource,
    private readonly options: SharedInformerFactoryOptions = {},
  ) {}

  /**
   * Returns the informer for a resource and request options, creating it the first time.
   * Informers requested after `start()` are started at once.
   *
   * @typeParam T - the object type
   * @param resource - `{ group, version, plural }` or a collection path
   * @param options - namespace, selectors, indices
   * @returns the shared informer
   * @throws Error after `shutdown()`
   */
  informerFor<T extends object = KubeObject>(
    resource: ResourceRef,
    options: InformerForOptions = {},
  ): SharedIndexInformer<T> {
    if (this.stopped) throw new Error('the informer factory has been shut down');
    const effective = {
      ...options,
      namespace: options.namespace ?? this.options.namespace,
      metadataOnly: options.metadataOnly ?? this.options.metadataOnly ?? false,
    };
    const key = JSON.stringify([
      collectionPath(resource, effective.namespace),
      effective.labelSelector ?? '',
      effective.fieldSelector ?? '',
      ...(effective.metadataOnly ? ['metadata'] : []),
      ...(effective.shard === undefined ? [] : [this.shardKey(effective.shard)]),
    ]);
    let informer = this.informers.get(key);
    if (informer === undefined) {
      const lw = this.listerWatchers(resource, effective);
      informer = new SharedIndexInformer<object>(lw as ListerWatcher<object>, {
        ...(this.options.informer as SharedIndexInformerOptions<object>),
        indexers: effective.indexers as Indexers<object> | undefined,
        shard: effective.shard,
      });
      this.informers.set(key, informer);
      if (this.started) informer.start();
    } else if (effective.indexers !== undefined) {
      const have = informer.getIndexer().getIndexers();
      const missing = Object.entries(effective.indexers).filter(([name]) => !(name in have));
      if (missing.length > 0) informer.addIndexers(Object.fromEntries(missing) as Indexers<object>);
    }
    return informer as unknown as SharedIndexInformer<T>;
  }

  /** Changing shards by identity: the ranges of one Observable are not known in advance. */
  private shardKey(shard: Shard | Observable<Shard>): string {
    if (!isObservable(shard)) return shardSelectorText(shard);
    let id = this.shardStreams.get(shard);
    if (id === undefined) {
      id = this.shardStreams.size + 1;
      this.shardStreams.set(shard, id);
    }
    return `shard$ ${id}`;
  }

  /** Starts every informer not started yet; later ones start when requested. */
  start(): void {
    if (this.stopped) throw new Error('the informer factory has been shut down');
    this.started = true;
    for (const informer of this.informers.values()) {
      if (!informer.isStarted()) informer.start();
    }
  }

  /**
   * Waits until every informer requested so far has synced.
   *
   * @param signal - gives up when aborted
   * @returns each informer's key and whether it synced
   */
  async waitForCacheSync(signal?: AbortSignal): Promise<Map<string, boolean>> {
    const entries = [...this.informers.entries()];
    const results = await Promise.all(
      entries.map(([, informer]) => informer.waitForCacheSync(signal)),
    );
    return new Map(entries.map(([key], i) => [key, results[i] ?? false]));
  }

  /** Stops every informer; the factory cannot be used afterwards. */
  shutdown(): void {
    this.stopped = true;
    for (const informer of this.informers.values()) informer.stop();
  }
}
