import {
  DeletedFinalStateUnknown,
  type OwnerReference as StoreOwnerReference,
} from '@rxkube/store';
import type { InformerEvent } from '@rxkube/informer';

/**
 * An owner reference as the controller reads it: `@rxkube/store`'s, structurally compatible with
 * client-node's `V1OwnerReference`.
 */
export type OwnerReference = StoreOwnerReference;

/**
 * The metadata the controller and its predicates read. Structurally compatible with
 * client-node's `V1ObjectMeta`, so its model types and plain decoded JSON both fit.
 */
export interface ControllerObjectMeta {
  /** Object name. */
  name?: string;
  /** Namespace; absent or empty for cluster-scoped objects. */
  namespace?: string;
  /** Opaque version of the object's last write. */
  resourceVersion?: string;
  /** Bumped by the API server when the object's desired state (usually `spec`) changes. */
  generation?: number;
  /** Labels. */
  labels?: Record<string, string>;
  /** Annotations. */
  annotations?: Record<string, string>;
  /** Unique id assigned by the API server. */
  uid?: string;
  /** The objects this one belongs to. */
  ownerReferences?: OwnerReference[];
}

/** Any Kubernetes object, as the controller reads it. */
export interface ControllerObject {
  /** Standard object metadata. */
  metadata?: ControllerObjectMeta;
}

/**
 * The object an informer event is about, with a deletion tombstone unwrapped.
 *
 * @typeParam T - the object type
 * @param event - an informer event
 * @returns the object; for a deletion the relist inferred, its last known state, which may be
 *   `undefined` when the cache never held it
 */
export function objectOf<T>(event: InformerEvent<T>): T | undefined {
  const { object } = event;
  return object instanceof DeletedFinalStateUnknown ? object.obj : object;
}
