import { DestroyRef, type Injector, type Signal } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import type { InformerError, InformerStatus, SharedIndexInformer } from '@rxkube/informer';
import { IndexNotFoundError } from '@rxkube/store';
import type { Observable } from 'rxjs';
import { ConsumerDestroyedError } from './errors.js';

/**
 * One consumer's view of a shared informer: the cache as Observables and as signals, for
 * `OnPush` components and zoneless change detection alike.
 *
 * Every answer keeps its reference while it does not change (the informer's selectors share
 * structure), so a signal notifies, and an `OnPush` view is marked for check, only when its own
 * answer changes: a write to another pod, or to another namespace's index bucket, wakes nothing.
 * The cache streams hold a current value, so the list, object, sync and status signals are created with
 * `requireSync` and never show a placeholder. Signals unsubscribe when the consumer is destroyed; the informer
 * stops when its last consumer is.
 *
 * Obtained from {@link injectInformer} (or {@link InformerRegistry.view}).
 *
 * @typeParam T - the object type
 */
export class InformerView<T extends object> {
  /** `false` until the informer's initial list is in the cache, then `true`. */
  readonly synced$: Observable<boolean>;
  /** Every failure of the informer, typed; it keeps running and converging. */
  readonly errors$: Observable<InformerError>;
  /**
   * The informer's liveness (its `status$`): `phase` (`syncing`, `watching`, `backingOff` until
   * `retryAt`, `relisting`), `hasSynced`, `staleSince` (since when the cache is no longer known
   * to be current) and the last failure. The current value on subscription, then each change.
   */
  readonly status$: Observable<InformerStatus>;
  private live = true;

  /**
   * @param informer - the shared informer (started, held for this consumer)
   * @param injector - the consumer's injector, whose `DestroyRef` ends the view
   * @param description - the resource and scope, for errors
   */
  constructor(
    /** The shared informer, for what the view does not cover (event handlers, metrics). */
    readonly informer: SharedIndexInformer<T>,
    private readonly injector: Injector,
    private readonly description: string,
  ) {
    this.synced$ = informer.hasSynced$;
    this.errors$ = informer.errors$;
    this.status$ = informer.status$;
    injector.get(DestroyRef).onDestroy(() => (this.live = false));
  }

  /**
   * @param predicate - optional filter (pure)
   * @returns the cached objects, emitted when that answer changes
   * @throws {@link ConsumerDestroyedError} after the consumer was destroyed
   */
  list$(predicate?: (obj: T) => boolean): Observable<readonly T[]> {
    this.assertLive();
    return this.informer.list$(predicate);
  }

  /**
   * @param key - `namespace/name`, or `name` for cluster-scoped objects
   * @returns the cached object or `undefined`, emitted when it changes
   * @throws {@link ConsumerDestroyedError} after the consumer was destroyed
   */
  get$(key: string): Observable<T | undefined> {
    this.assertLive();
    return this.informer.get$(key);
  }

  /**
   * @param indexName - an index of the informer (give it in the request's `indexers`)
   * @param value - the indexed value, e.g. a namespace
   * @returns the objects under that value, emitted when they change
   * @throws `IndexNotFoundError` (from `@rxkube/store`) at once when the informer has no such
   *   index, rather than from the stream or the signal later
   * @throws {@link ConsumerDestroyedError} after the consumer was destroyed
   */
  byIndex$(indexName: string, value: string): Observable<readonly T[]> {
    this.assertLive();
    if (!(indexName in this.informer.getIndexer().getIndexers())) {
      throw new IndexNotFoundError(indexName);
    }
    return this.informer.byIndex$(indexName, value);
  }

  /**
   * @param predicate - optional filter (pure)
   * @returns the cached objects as a signal, which changes only when that answer changes
   * @throws {@link ConsumerDestroyedError} after the consumer was destroyed
   */
  listSignal(predicate?: (obj: T) => boolean): Signal<readonly T[]> {
    return this.signalOf(this.list$(predicate));
  }

  /**
   * @param key - `namespace/name`, or `name` for cluster-scoped objects
   * @returns the cached object (or `undefined`) as a signal, which changes only with it
   * @throws {@link ConsumerDestroyedError} after the consumer was destroyed
   */
  objectSignal(key: string): Signal<T | undefined> {
    return this.signalOf(this.get$(key));
  }

  /**
   * @param indexName - an index of the informer (give it in the request's `indexers`)
   * @param value - the indexed value, e.g. a namespace
   * @returns the objects under that value as a signal, which changes only when they do
   * @throws `IndexNotFoundError` (from `@rxkube/store`) when the informer has no such index
   * @throws {@link ConsumerDestroyedError} after the consumer was destroyed
   */
  byIndexSignal(indexName: string, value: string): Signal<readonly T[]> {
    return this.signalOf(this.byIndex$(indexName, value));
  }

  /**
   * @returns whether the initial list is in the cache, as a signal
   * @throws {@link ConsumerDestroyedError} after the consumer was destroyed
   */
  syncedSignal(): Signal<boolean> {
    this.assertLive();
    return this.signalOf(this.synced$);
  }

  /**
   * @returns the informer's liveness as a signal (see {@link InformerView.status$}): a template
   *   can say "reconnecting at …" while `phase` is `backingOff`, and "stale since …" while
   *   `staleSince` is set
   * @throws {@link ConsumerDestroyedError} after the consumer was destroyed
   */
  statusSignal(): Signal<InformerStatus> {
    this.assertLive();
    return this.signalOf(this.status$);
  }

  /**
   * @returns the latest failure since the view was made (`undefined` before any), as a signal
   * @throws {@link ConsumerDestroyedError} after the consumer was destroyed
   */
  errorSignal(): Signal<InformerError | undefined> {
    this.assertLive();
    return toSignal(this.errors$, { injector: this.injector, initialValue: undefined });
  }

  /** A signal of a stream that has a current value, unsubscribed with the consumer. */
  private signalOf<V>(stream: Observable<V>): Signal<V> {
    return toSignal(stream, { injector: this.injector, requireSync: true });
  }

  private assertLive(): void {
    if (!this.live) throw new ConsumerDestroyedError(this.description);
  }
}
