import type { DeletedFinalStateUnknown } from '@rxkube/store';
import type { Observable } from 'rxjs';

/**
 * client-go's `ResourceEventHandler`, in camelCase. Every method is optional and may return a
 * promise: the handler's next event waits for it (each handler has its own buffer, so a slow
 * handler delays only itself). A handler that throws or rejects is reported on `errors$` and
 * keeps receiving later events.
 *
 * @typeParam T - the object type
 */
export interface ResourceEventHandler<T> {
  /**
   * An object entered the cache.
   *
   * @param obj - the object
   * @param isInInitialList - whether it came with the initial list (or, for a handler added
   *   later, with the cache's contents at that time)
   */
  onAdd?(obj: T, isInInitialList: boolean): unknown;
  /**
   * A cached object was written again: a change, or a periodic resync / relist (then
   * `oldObj` and `newObj` have the same resource version).
   *
   * @param oldObj - the object before
   * @param newObj - the object now
   */
  onUpdate?(oldObj: T, newObj: T): unknown;
  /**
   * An object left the cache.
   *
   * @param obj - the last known state, or a {@link DeletedFinalStateUnknown} tombstone when the
   *   deletion was inferred by a relist (its `obj` is the last state seen, possibly undefined)
   */
  onDelete?(obj: T | DeletedFinalStateUnknown<T>): unknown;
}

/**
 * One event as delivered to a handler: the reactive form used by `informer.handle()`.
 *
 * @typeParam T - the object type
 */
export type InformerEvent<T> =
  | {
      readonly type: 'add';
      readonly object: T;
      readonly oldObject?: undefined;
      readonly isInInitialList: boolean;
    }
  | {
      readonly type: 'update';
      readonly object: T;
      readonly oldObject: T;
      readonly isInInitialList: false;
    }
  | {
      readonly type: 'delete';
      readonly object: T | DeletedFinalStateUnknown<T>;
      readonly oldObject?: undefined;
      readonly isInInitialList: false;
    };

/** Options of `addEventHandler` and `handle`. */
export interface HandlerOptions {
  /**
   * How often this handler receives every cached object again as an update (ms); 0 for never.
   * Default: the informer's `resyncPeriod`. Values below 1 s are raised to 1 s, as in client-go.
   */
  resyncPeriod?: number;
  /**
   * This handler's own resync schedule: each emission makes its resync due. Overrides
   * `resyncPeriod` (which stands for `interval(resyncPeriod, scheduler)`), e.g. to resync on
   * demand or on a calendar.
   */
  resync$?: Observable<unknown>;
  /** A name for errors and metrics. Default `handler-<n>`. */
  name?: string;
}

/** What `addEventHandler` returns: client-go's `ResourceEventHandlerRegistration`. */
export interface HandlerRegistration {
  /** The handler's name. */
  readonly name: string;
  /**
   * @returns whether the informer has synced and this handler has processed every event of
   *   the initial list (for a late handler: every synthetic add)
   */
  hasSynced(): boolean;
  /** Stops delivery to this handler; events still buffered for it are dropped. */
  remove(): void;
}

/**
 * Adapts a {@link ResourceEventHandler} to the event form.
 *
 * @typeParam T - the object type
 * @param handler - the handler
 * @returns a function delivering one event to it, returning what the handler returned
 * @internal
 */
export function handlerDelivery<T>(
  handler: ResourceEventHandler<T>,
): (event: InformerEvent<T>) => unknown {
  return (event) => {
    switch (event.type) {
      case 'add':
        return handler.onAdd?.(event.object, event.isInInitialList);
      case 'update':
        return handler.onUpdate?.(event.oldObject, event.object);
      case 'delete':
        return handler.onDelete?.(event.object);
    }
  };
}
