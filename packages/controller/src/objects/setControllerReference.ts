import type { ControllerObject } from '../reconcile/objectMeta.js';
import type { OwnerKind } from '../reconcile/ownerMapping.js';
import { AlreadyOwnedError } from './errors.js';
import {
  ownerReferenceTo,
  sameOwner,
  upsertOwnerReference,
  type OwnerObject,
} from './ownerReferences.js';

/**
 * Makes `owner` the controller of `object` (controller-runtime's
 * `controllerutil.SetControllerReference`): an owner reference with `controller: true` and
 * `blockOwnerDeletion: true`, which a controller's `owns` maps back to the owner and the
 * garbage collector follows. Setting it again updates it in place. Nothing is written to the
 * API server: write the object afterwards.
 *
 * @typeParam T - the object type
 * @param owner - the owner, with its apiVersion and kind unless `kind` gives them
 * @param object - the object to control, changed in place
 * @param kind - the owner's apiVersion and kind, when the owner object lacks them
 * @returns `object`
 * @throws {@link AlreadyOwnedError} when another object already controls `object`
 * @throws {@link OwnerReferenceError} for an incomplete owner, a namespaced owner of a
 *   cluster-scoped object or an owner in another namespace
 * @example
 * ```ts
 * const deployment = setControllerReference(app, desiredDeployment(app), {
 *   apiVersion: 'example.com/v1',
 *   kind: 'App',
 * });
 * ```
 */
export function setControllerReference<T extends ControllerObject>(
  owner: OwnerObject,
  object: T,
  kind?: Pick<OwnerKind, 'apiVersion' | 'kind'>,
): T {
  const reference = ownerReferenceTo(owner, object, kind);
  const controller = object.metadata?.ownerReferences?.find((ref) => ref.controller === true);
  if (controller !== undefined && !sameOwner(controller, reference))
    throw new AlreadyOwnedError(object.metadata?.name ?? '', controller);
  upsertOwnerReference(object, { ...reference, controller: true, blockOwnerDeletion: true });
  return object;
}
