import type { HandlerOptions, InformerEvent } from '@rxkube/informer';
import type { KeyGetter } from '@rxkube/store';
import type { Observable } from 'rxjs';

/**
 * What the controller needs from an informer whose events it watches. `SharedIndexInformer`
 * from `@rxkube/informer` fits; so does a test double.
 *
 * @typeParam T - the object type
 */
export interface InformerSource<T> {
  /**
   * Registers an event handler for as long as the Observable is subscribed; a handler added
   * to a running informer first receives an add for every cached object.
   */
  handle(options?: HandlerOptions): Observable<InformerEvent<T>>;
  /** Resolves `true` once the initial list is in the cache, `false` if that never happens. */
  waitForCacheSync(signal?: AbortSignal): Promise<boolean>;
}

/**
 * The informer of the objects a controller reconciles: its cache is where each reconcile reads
 * the current state of its object.
 *
 * @typeParam T - the object type
 */
export interface PrimaryInformerSource<T> extends InformerSource<T> {
  /** The live cache, keyed by `namespace/name`. */
  getIndexer(): KeyGetter<T>;
}
