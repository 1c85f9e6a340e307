import { DestroyRef, inject, type Injector } from '@angular/core';
import {
  SharedIndexInformer,
  collectionPath,
  describeResource,
  type ListerWatcher,
  type ResourceRef,
  type SharedIndexInformerOptions,
} from '@rxkube/informer';
import type { Indexers } from '@rxkube/store';
import { ConsumerDestroyedError } from './errors.js';
import { InformerView } from './informerView.js';
import { RXKUBE_CONFIG, type InformerRequest, type RxkubeConfig } from './rxkubeConfig.js';

/** One shared informer and how many consumers hold it. */
interface Entry {
  readonly informer: SharedIndexInformer<object>;
  /** Live consumers; the entry is in the registry iff this is above 0. */
  consumers: number;
}

/**
 * Shares one `SharedIndexInformer` per resource, namespace and selectors among the consumers
 * (components, directives, services) of an Angular application, like client-go's
 * `SharedInformerFactory`, and ties each informer's life to theirs: the first consumer starts
 * it, and it stops when the last one's `DestroyRef` fires. A consumer that comes later gets a
 * new informer, which lists again.
 *
 * Provided by {@link provideRxkube}; components use it through {@link injectInformer}.
 */
export class InformerRegistry {
  /** Live informers by {@link informerKey}; an informer leaves the map when it stops. */
  private readonly entries = new Map<string, Entry>();
  private destroyed = false;

  /**
   * Creates the registry of the current injector and stops its informers with it.
   *
   * @returns the registry
   */
  static create(): InformerRegistry {
    const registry = new InformerRegistry(inject(RXKUBE_CONFIG));
    inject(DestroyRef).onDestroy(() => registry.destroy());
    return registry;
  }

  /** @param config - how informers are built */
  constructor(private readonly config: RxkubeConfig) {}

  /**
   * A view of the shared informer for a resource, held until `injector`'s `DestroyRef` fires.
   *
   * @typeParam T - the object type
   * @param resource - `{ group, version, plural }` or a collection path
   * @param request - namespace, selectors and the indices the consumer reads
   * @param injector - the consumer's injector: its `DestroyRef` releases the informer, and the
   *   view's signals unsubscribe with it
   * @returns the view
   * @throws {@link ConsumerDestroyedError} when the consumer or the registry is already destroyed
   * @throws whatever `listerWatcherFor` throws for the resource; nothing is started then
   */
  view<T extends object>(
    resource: ResourceRef,
    request: InformerRequest,
    injector: Injector,
  ): InformerView<T> {
    const description = describeResource(resource, request.namespace);
    let destroyRef: DestroyRef;
    try {
      destroyRef = injector.get(DestroyRef);
    } catch (err) {
      // Every injector has a DestroyRef: only a destroyed one refuses it.
      throw new ConsumerDestroyedError(description, { cause: err });
    }
    const informer = this.acquire<T>(resource, request, destroyRef);
    return new InformerView(informer, injector, description);
  }

  /**
   * The shared informer for a resource, started if it was not, held until `consumer` is
   * destroyed. Prefer {@link InformerRegistry.view}, which also hands out its streams and signals.
   *
   * @typeParam T - the object type
   * @param resource - `{ group, version, plural }` or a collection path
   * @param request - namespace, selectors and the indices the consumer reads
   * @param consumer - the consumer's `DestroyRef`
   * @returns the running informer
   * @throws {@link ConsumerDestroyedError} when the consumer or the registry is already destroyed
   */
  acquire<T extends object>(
    resource: ResourceRef,
    request: InformerRequest,
    consumer: DestroyRef,
  ): SharedIndexInformer<T> {
    const description = describeResource(resource, request.namespace);
    if (this.destroyed) throw new ConsumerDestroyedError(description);
    const key = informerKey(resource, request);
    const entry = this.entries.get(key) ?? this.newEntry(resource, request);
    try {
      // Registered before anything is counted: a destroyed consumer makes Angular throw here.
      consumer.onDestroy(() => this.release(key, entry));
    } catch (err) {
      if (entry.consumers === 0) entry.informer.stop();
      throw new ConsumerDestroyedError(description, { cause: err });
    }
    if (request.indexers !== undefined) addMissingIndexers(entry.informer, request.indexers);
    entry.consumers += 1;
    if (entry.consumers === 1) {
      this.entries.set(key, entry);
      entry.informer.start();
    }
    return entry.informer as unknown as SharedIndexInformer<T>;
  }

  /** @returns how many informers are running (for diagnostics) */
  get size(): number {
    return this.entries.size;
  }

  /** Stops every informer; later requests throw {@link ConsumerDestroyedError}. Idempotent. */
  destroy(): void {
    this.destroyed = true;
    for (const entry of this.entries.values()) entry.informer.stop();
    this.entries.clear();
  }

  private newEntry(resource: ResourceRef, request: InformerRequest): Entry {
    const { indexers, ...listRequest } = request;
    const lw = this.config.listerWatcherFor(resource, listRequest);
    const informer = new SharedIndexInformer<object>(lw as ListerWatcher<object>, {
      ...(this.config.informer as SharedIndexInformerOptions<object>),
      indexers: indexers as Indexers<object> | undefined,
    });
    return { informer, consumers: 0 };
  }

  private release(key: string, entry: Entry): void {
    entry.consumers -= 1;
    if (entry.consumers > 0) return;
    if (this.entries.get(key) === entry) this.entries.delete(key);
    entry.informer.stop();
  }
}

/**
 * What identifies a shared informer: the collection and the selectors (as client-go's factory
 * keys its informers). Indices are not part of it: consumers add theirs to the shared cache.
 */
function informerKey(resource: ResourceRef, request: InformerRequest): string {
  return JSON.stringify([
    collectionPath(resource, request.namespace),
    request.labelSelector ?? '',
    request.fieldSelector ?? '',
  ]);
}

/** Adds the indices a consumer needs that the shared informer lacks. */
function addMissingIndexers(informer: SharedIndexInformer<object>, wanted: Indexers<never>): void {
  const have = informer.getIndexer().getIndexers();
  const missing = Object.entries(wanted).filter(([name]) => !(name in have));
  if (missing.length > 0) informer.addIndexers(Object.fromEntries(missing) as Indexers<object>);
}
