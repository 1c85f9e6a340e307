import type { KubeObject } from './kubeObject.js';

/**
 * A transform that drops `metadata.managedFields`, server-side apply's bookkeeping, which a
 * cache rarely reads and which often makes up a quarter or more of an object's JSON
 * (controller-runtime's `TransformStripManagedFields`). Give it to an `Indexer`/`Store`
 * (`transform`) or an informer (`transform`).
 *
 * The input is left untouched: an object that has managed fields yields a new object whose
 * `metadata` is a copy without them (every other member is shared); one that has none is
 * returned as it is.
 *
 * @typeParam T - the object type
 * @param obj - an object
 * @returns the object without `metadata.managedFields`
 * @example
 * ```ts
 * const pods = new Indexer<V1Pod>({ transform: stripManagedFields });
 * ```
 */
export function stripManagedFields<T extends KubeObject>(obj: T): T {
  const metadata = obj.metadata as
    (KubeObject['metadata'] & { managedFields?: unknown }) | undefined;
  if (metadata === undefined || metadata === null || !('managedFields' in metadata)) return obj;
  const { managedFields: _dropped, ...rest } = metadata;
  return { ...obj, metadata: rest };
}
