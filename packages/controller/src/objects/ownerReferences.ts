import type { ControllerObject, OwnerReference } from '../reconcile/objectMeta.js';
import { refersTo, type OwnerKind } from '../reconcile/ownerMapping.js';
import { OwnerReferenceError } from './errors.js';

/** An object that can own others: its identity, and its kind unless given separately. */
export interface OwnerObject extends ControllerObject {
  /** e.g. `apps/v1`; needed unless the kind is given separately. */
  apiVersion?: string;
  /** e.g. `Deployment`; needed unless the kind is given separately. */
  kind?: string;
}

/**
 * The reference to `owner`, checked as controller-runtime's `validateOwner` does: the owner
 * must be identified (name, uid, apiVersion, kind), and a namespaced owner must live in the
 * object's namespace (so it can neither own a cluster-scoped object nor one elsewhere).
 *
 * @param owner - the owner
 * @param object - the object it will own
 * @param kind - the owner's apiVersion and kind, when the owner object lacks them (objects in
 *   lists and informer caches usually do)
 * @returns the reference, without `controller` and `blockOwnerDeletion`
 * @throws {@link OwnerReferenceError} for a reference the garbage collector could not honour
 * @internal
 */
export function ownerReferenceTo(
  owner: OwnerObject,
  object: ControllerObject,
  kind?: Pick<OwnerKind, 'apiVersion' | 'kind'>,
): OwnerReference {
  const apiVersion = kind?.apiVersion ?? owner.apiVersion ?? '';
  const ownerKind = kind?.kind ?? owner.kind ?? '';
  const { name = '', uid = '', namespace: ownerNamespace = '' } = owner.metadata ?? {};
  if (apiVersion === '' || ownerKind === '' || name === '' || uid === '')
    throw new OwnerReferenceError(
      'incompleteOwner',
      `an owner needs apiVersion, kind, metadata.name and metadata.uid; got ${JSON.stringify({ apiVersion, kind: ownerKind, name, uid })}`,
    );
  const objectNamespace = object.metadata?.namespace ?? '';
  if (ownerNamespace !== '' && objectNamespace === '')
    throw new OwnerReferenceError(
      'namespacedOwnerOfClusterScopedObject',
      `cluster-scoped resource must not have a namespace-scoped owner, owner's namespace ${ownerNamespace}`,
    );
  if (ownerNamespace !== '' && ownerNamespace !== objectNamespace)
    throw new OwnerReferenceError(
      'crossNamespace',
      `cross-namespace owner references are disallowed, owner's namespace ${ownerNamespace}, obj's namespace ${objectNamespace}`,
    );
  return { apiVersion, kind: ownerKind, name, uid };
}

/** Whether two references name the same object: group, kind and name (not the version). */
export function sameOwner(a: OwnerReference, b: OwnerReference): boolean {
  return a.name === b.name && refersTo(a, b);
}

/**
 * Puts `reference` in the object's owner references, in place of one naming the same owner
 * (so setting it again changes nothing), or at the end.
 *
 * @param object - the object, changed in place
 * @param reference - the reference
 * @internal
 */
export function upsertOwnerReference(object: ControllerObject, reference: OwnerReference): void {
  object.metadata ??= {};
  const references = object.metadata.ownerReferences ?? [];
  const index = references.findIndex((existing) => sameOwner(existing, reference));
  object.metadata.ownerReferences =
    index < 0
      ? [...references, reference]
      : references.map((existing, i) => (i === index ? reference : existing));
}

/**
 * @param object - an object
 * @param reference - an owner reference
 * @returns the object's reference to the same owner, if any
 * @internal
 */
export function existingReference(
  object: ControllerObject,
  reference: OwnerReference,
): OwnerReference | undefined {
  return object.metadata?.ownerReferences?.find((existing) => sameOwner(existing, reference));
}
