import type { ControllerObject, OwnerReference } from './objectMeta.js';
import type { ReconcileTarget } from './reconcileRequest.js';

/** The kind of the objects a controller manages, as owner references name it. */
export interface OwnerKind {
  /** `apiVersion` of the kind, e.g. `v1` or `example.com/v1`. Only its group is compared. */
  apiVersion: string;
  /** The kind, e.g. `ConfigMap`. */
  kind: string;
  /**
   * Whether the kind is namespaced (default true). An owner always lives in its owned
   * object's namespace when namespaced; a cluster-scoped owner is named without one.
   */
  namespaced?: boolean;
}

/** Maps an object to the objects to reconcile for it. */
export type ObjectMapper<O> = (object: O) => Iterable<ReconcileTarget>;

function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

/**
 * @param reference - an owner reference
 * @param owner - the owner kind
 * @returns whether the reference names an object of that kind. Versions are not compared: an
 *   owner reference written with `example.com/v1beta1` still names an `example.com/v1` object.
 */
export function refersTo(reference: OwnerReference, owner: OwnerKind): boolean {
  return (
    reference.kind === owner.kind && groupOf(reference.apiVersion) === groupOf(owner.apiVersion)
  );
}

/**
 * The mapper behind a controller's `owns`: an object maps to its controller owner (the owner
 * reference with `controller: true`) when that owner is of the given kind, and to nothing
 * otherwise. Plain (non-controller) owner references are ignored, as in controller-runtime's
 * `EnqueueRequestForOwner` with `OnlyControllerOwner`.
 *
 * @param owner - the kind of the owners
 * @returns the mapper
 */
export function controllerOwnerOf(owner: OwnerKind): ObjectMapper<ControllerObject> {
  const namespaced = owner.namespaced ?? true;
  return (object) => {
    const reference = object.metadata?.ownerReferences?.find((ref) => ref.controller === true);
    if (reference === undefined || !refersTo(reference, owner)) return [];
    const namespace = namespaced ? (object.metadata?.namespace ?? '') : '';
    return [{ namespace, name: reference.name }];
  };
}
