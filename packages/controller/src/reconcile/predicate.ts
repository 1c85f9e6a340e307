import type { InformerEvent } from '@rxkube/informer';
import type { ControllerObject } from './objectMeta.js';

/**
 * Decides whether an informer event should lead to a reconcile (controller-runtime's
 * `predicate.Predicate`, as one function over the event). Return `false` to skip the event.
 * A deletion's `object` may be a `DeletedFinalStateUnknown` tombstone: read it with
 * {@link objectOf}.
 *
 * Periodic resyncs of the primary informer are not changes and never reach predicates (see
 * {@link isResync}).
 *
 * @typeParam T - the object type
 */
export type Predicate<T> = (event: InformerEvent<T>) => boolean;

/**
 * @typeParam T - the object type
 * @param predicates - the predicates to combine
 * @returns a predicate that passes when every one passes (all of them for none)
 */
export function and<T>(...predicates: readonly Predicate<T>[]): Predicate<T> {
  return (event) => predicates.every((predicate) => predicate(event));
}

/**
 * @typeParam T - the object type
 * @param predicates - the predicates to combine
 * @returns a predicate that passes when at least one passes (none for none)
 */
export function or<T>(...predicates: readonly Predicate<T>[]): Predicate<T> {
  return (event) => predicates.some((predicate) => predicate(event));
}

/**
 * @typeParam T - the object type
 * @param predicate - the predicate to negate
 * @returns a predicate that passes when `predicate` does not
 */
export function not<T>(predicate: Predicate<T>): Predicate<T> {
  return (event) => !predicate(event);
}

/**
 * Tells a periodic resync (or a relist finding an object unchanged) from a change: an update
 * whose old and new objects carry the same, non-empty resourceVersion. The API server bumps
 * the resourceVersion on every write, so such an update changed nothing.
 *
 * @param event - an informer event
 * @returns whether it is a resync
 */
export function isResync(event: InformerEvent<ControllerObject>): boolean {
  if (event.type !== 'update') return false;
  const version = event.object.metadata?.resourceVersion;
  return (
    version !== undefined && version !== '' && version === event.oldObject.metadata?.resourceVersion
  );
}
