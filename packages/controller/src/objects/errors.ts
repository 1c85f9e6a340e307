import type { OwnerReference } from '../reconcile/objectMeta.js';

/** Why an owner reference was refused (controller-runtime's `validateOwner` rules). */
export type OwnerReferenceProblem =
  /** The owner lacks the name, uid, apiVersion or kind a reference needs. */
  | 'incompleteOwner'
  /** A namespaced owner of a cluster-scoped object. */
  | 'namespacedOwnerOfClusterScopedObject'
  /** An owner in another namespace than the object's. */
  | 'crossNamespace';

/**
 * An owner reference that the API server's garbage collector could not honour: refused before
 * anything is written, as controller-runtime's `controllerutil` does.
 */
export class OwnerReferenceError extends Error {
  override readonly name = 'OwnerReferenceError';

  /**
   * @param problem - what is wrong
   * @param message - the details
   */
  constructor(
    readonly problem: OwnerReferenceProblem,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The object already has a controller owner other than the one being set
 * (controller-runtime's `AlreadyOwnedError`): an object has at most one controller.
 */
export class AlreadyOwnedError extends Error {
  override readonly name = 'AlreadyOwnedError';

  /**
   * @param objectName - the object's name
   * @param owner - its current controller owner reference
   */
  constructor(
    readonly objectName: string,
    readonly owner: OwnerReference,
  ) {
    super(
      `object ${objectName} is already owned by another ${owner.kind} controller ${owner.name}`,
    );
  }
}

/** A `createOrUpdate` mutate function changed what identifies the object. */
export class ObjectIdentityChangedError extends Error {
  override readonly name = 'ObjectIdentityChangedError';

  /** @param field - the field it changed (`metadata.name`, `metadata.namespace`, `kind`…) */
  constructor(readonly field: string) {
    super(`the mutate function cannot change ${field}`);
  }
}

/** Which step of {@link finalizer} failed. */
export type FinalizerStep = 'invalid' | 'addFinalizer' | 'apply' | 'cleanup' | 'removeFinalizer';

/**
 * A step of {@link finalizer} failed (kube-rs's `finalizer::Error`). `invalid`: an empty
 * finalizer name, or an object without a name. `apply` and `cleanup`
 * carry what the callback threw; `addFinalizer` and `removeFinalizer` the API error, a 422
 * when a concurrent writer changed the finalizers first (the patch's `test` failed): retry
 * the reconcile on the fresh object.
 */
export class FinalizerError extends Error {
  override readonly name = 'FinalizerError';

  /**
   * @param step - the step that failed
   * @param finalizerName - the finalizer
   * @param cause - what it threw
   */
  constructor(
    readonly step: FinalizerStep,
    readonly finalizerName: string,
    override readonly cause: unknown,
  ) {
    super(
      `finalizer ${finalizerName}: ${step} failed: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }
}
