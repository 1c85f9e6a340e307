import { InjectionToken } from '@angular/core';
import type { ListerWatcher, ResourceRef, SharedIndexInformerOptions } from '@rxkube/informer';
import type { Indexers } from '@rxkube/store';

/**
 * What a component asks to list and watch besides the resource: the namespace and selectors
 * (which, with the resource, pick the shared informer) and the indices it needs.
 */
export interface InformerRequest {
  /** Only this namespace. Default: all namespaces. */
  readonly namespace?: string;
  /** Label selector, e.g. `app=web`. */
  readonly labelSelector?: string;
  /** Field selector, e.g. `status.phase=Running`. */
  readonly fieldSelector?: string;
  /**
   * Indices this consumer reads with `byIndex$`/`byIndexSignal`. An informer shared with earlier
   * consumers gains the ones it lacks (names it already has are kept as they are).
   */
  readonly indexers?: Indexers<never>;
}

/**
 * The request options a lister-watcher receives: the {@link InformerRequest} without the
 * indices, which belong to the cache, not to the requests.
 */
export type ListerWatcherRequest = Omit<InformerRequest, 'indexers'>;

/** Configuration of rxkube in an Angular application, given to {@link provideRxkube}. */
export interface RxkubeConfig {
  /**
   * Builds the lister-watcher of one shared informer. In a page, a lister-watcher on `fetch`
   * against a same-origin proxy of the API server; in tests, a scripted one.
   *
   * @param resource - `{ group, version, plural }` or a collection path
   * @param request - namespace and selectors
   * @returns the lister-watcher the informer lists and watches through
   */
  readonly listerWatcherFor: (
    resource: ResourceRef,
    request: ListerWatcherRequest,
  ) => ListerWatcher<unknown>;
  /**
   * Options every informer is created with: resync period, transform, scheduler, logger,
   * reflector settings. Indices come with each request.
   */
  readonly informer?: Omit<SharedIndexInformerOptions<never>, 'indexers' | 'keyFunc' | 'name'>;
}

/** The injection token under which {@link provideRxkube} provides the {@link RxkubeConfig}. */
export const RXKUBE_CONFIG = new InjectionToken<RxkubeConfig>('RXKUBE_CONFIG');
