import type { OwnerKind } from '../reconcile/ownerMapping.js';
import type { ControllerObject } from '../reconcile/objectMeta.js';
import {
  existingReference,
  ownerReferenceTo,
  upsertOwnerReference,
  type OwnerObject,
} from './ownerReferences.js';

/**
 * Makes `owner` an owner of `object` (controller-runtime's `controllerutil.SetOwnerReference`),
 * so that the garbage collector deletes `object` once `owner` is gone. Not a controller
 * reference: see {@link setControllerReference} for that. Setting it again updates the
 * reference in place (its apiVersion and uid); a `controller` or `blockOwnerDeletion` flag
 * the existing reference carries is kept. Nothing is written to the API server: write the
 * object afterwards (e.g. in a `createOrUpdate` mutate function).
 *
 * @typeParam T - the object type
 * @param owner - the owner, with its apiVersion and kind unless `kind` gives them
 * @param object - the object to own, changed in place
 * @param kind - the owner's apiVersion and kind, when the owner object lacks them
 * @returns `object`
 * @throws {@link OwnerReferenceError} for an incomplete owner, a namespaced owner of a
 *   cluster-scoped object or an owner in another namespace
 * @example
 * ```ts
 * setOwnerReference(app, configMap, { apiVersion: 'example.com/v1', kind: 'App' });
 * ```
 */
export function setOwnerReference<T extends ControllerObject>(
  owner: OwnerObject,
  object: T,
  kind?: Pick<OwnerKind, 'apiVersion' | 'kind'>,
): T {
  const reference = ownerReferenceTo(owner, object, kind);
  const existing = existingReference(object, reference);
  upsertOwnerReference(object, {
    ...reference,
    ...(existing?.controller === undefined ? {} : { controller: existing.controller }),
    ...(existing?.blockOwnerDeletion === undefined
      ? {}
      : { blockOwnerDeletion: existing.blockOwnerDeletion }),
  });
  return object;
}
