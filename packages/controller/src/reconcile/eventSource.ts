import type { InformerEvent } from '@rxkube/informer';
import { from, map, mergeMap, type Observable } from 'rxjs';
import { EventHandlerError, guarded } from './eventHandlerError.js';
import type { InformerSource } from './informerSource.js';
import { objectOf } from './objectMeta.js';
import type { ObjectMapper } from './ownerMapping.js';
import type { Predicate } from './predicate.js';
import { targetKey, type ReconcileTarget } from './reconcileRequest.js';

/**
 * Something that tells a controller which keys to reconcile: controller-runtime's `Source` and
 * event handler in one. Built with {@link watch} or {@link watchRequests}; the controller's
 * `for` and `owns` build theirs the same way.
 */
export interface EventSource {
  /**
   * The keys to enqueue, subscribed once for every run of the controller, and the
   * {@link EventHandlerError}s of events that could not be mapped (reported on the
   * controller's `errors$`, never enqueued).
   */
  readonly keys$: Observable<string | EventHandlerError>;
  /**
   * Resolves `true` once the source's cache is synced (workers start when every source's
   * is), `false` if that never happens.
   */
  waitForSync(signal: AbortSignal): Promise<boolean>;
}

/** Options of {@link watch}. */
export interface WatchOptions<O> {
  /** Events must pass every one of them to be mapped. */
  predicates?: readonly Predicate<O>[];
}

/**
 * @returns whether the event passes every predicate, or the error of the one that threw
 * @internal
 */
export function passes<O>(
  predicates: readonly Predicate<O>[],
  event: InformerEvent<O>,
): boolean | EventHandlerError {
  return guarded('predicate', event, () => predicates.every((predicate) => predicate(event)));
}

/**
 * The objects an event maps to. An update maps both its old and its new object, so that a
 * relation that moved (an owner reference changed, a label selector stopped matching) also
 * reconciles the side it left.
 */
function mapEvent<O>(
  mapper: ObjectMapper<O>,
  event: InformerEvent<O>,
): Set<string> | [EventHandlerError] {
  const keys = guarded('mapper', event, () => {
    const found = new Set<string>();
    const objects = event.type === 'update' ? [event.oldObject, event.object] : [objectOf(event)];
    for (const object of objects) {
      if (object === undefined) continue;
      for (const target of mapper(object)) found.add(targetKey(target));
    }
    return found;
  });
  // All or nothing: a mapper that throws on the new object enqueues nothing for the old one.
  return keys instanceof EventHandlerError ? [keys] : keys;
}

/**
 * Watches another informer and reconciles the objects its events map to (controller-runtime's
 * `Watches` with `EnqueueRequestsFromMapFunc`): e.g. every primary that references a changed
 * Secret. A mapper or predicate that throws skips the event: the controller reports an
 * {@link EventHandlerError} on its `errors$` and keeps running.
 *
 * @typeParam O - the watched object type
 * @param informer - the informer to watch
 * @param mapper - the objects to reconcile for one watched object
 * @param options - predicates to skip noise
 * @returns the source, for the controller's `watches`
 * @example
 * ```ts
 * watch(secrets, (secret) =>
 *   apps.lister().list().filter((app) => app.spec.secretName === secret.metadata?.name),
 * );
 * ```
 */
export function watch<O>(
  informer: InformerSource<O>,
  mapper: ObjectMapper<O>,
  options: WatchOptions<O> = {},
): EventSource {
  const predicates = options.predicates ?? [];
  return {
    keys$: informer.handle().pipe(
      mergeMap((event) => {
        const passed = passes(predicates, event);
        if (passed instanceof EventHandlerError) return [passed];
        return passed ? mapEvent(mapper, event) : [];
      }),
    ),
    waitForSync: (signal) => informer.waitForCacheSync(signal),
  };
}

/**
 * Reconciles whatever an Observable names: controller-runtime's channel source, for triggers
 * that are not Kubernetes objects (a webhook, a timer, a message bus). Subscribed once per run
 * of the controller; it needs no sync.
 *
 * @param requests$ - keys, or namespaces and names, to reconcile
 * @returns the source, for the controller's `watches`
 */
export function watchRequests(requests$: Observable<ReconcileTarget>): EventSource {
  return {
    keys$: from(requests$).pipe(map(targetKey)),
    waitForSync: () => Promise.resolve(true),
  };
}
