import type { KubeObject, ObjectMeta } from './kubeObject.js';

/** The `kind` of a metadata-only object as kube-apiserver serves it. */
export const partialObjectMetadataKind = 'PartialObjectMetadata';

/** The `apiVersion` of a metadata-only object and of its list. */
export const metaV1ApiVersion = 'meta.k8s.io/v1';

/**
 * One entry of `metadata.managedFields`: which manager set which fields, by which operation
 * (server-side apply's bookkeeping). As plain JSON, `time` is an RFC 3339 string.
 */
export interface ManagedFieldsEntry {
  /** The field manager, e.g. `kubectl-client-side-apply` or `kube-controller-manager`. */
  manager?: string;
  /** `Apply` or `Update`. */
  operation?: string;
  /** The version of the object the fields are written in. */
  apiVersion?: string;
  /** When the manager last changed the fields. */
  time?: string;
  /** The format of `fieldsV1`: always `FieldsV1`. */
  fieldsType?: string;
  /** The set of fields, as a trie of `f:<name>` keys. */
  fieldsV1?: Record<string, unknown>;
  /** The subresource written (`status`, `scale`), if any. */
  subresource?: string;
}

/** A reference from a dependent object to its owner, as plain JSON. */
export interface OwnerReference {
  /** The owner's API version. */
  apiVersion: string;
  /** The owner's kind. */
  kind: string;
  /** The owner's name. */
  name: string;
  /** The owner's uid. */
  uid: string;
  /** Whether the owner is the managing controller. */
  controller?: boolean;
  /** Whether the owner cannot be deleted before this object. */
  blockOwnerDeletion?: boolean;
}

/** The whole `metadata` of an object as plain JSON (timestamps are strings). */
export interface FullObjectMeta extends ObjectMeta {
  /** Prefix the server generated the name from. */
  generateName?: string;
  /** Sequence number of the desired state's changes. */
  generation?: number;
  /** When the object was created (RFC 3339). */
  creationTimestamp?: string;
  /** When the object's deletion was requested (RFC 3339). */
  deletionTimestamp?: string;
  /** Seconds the object is given to terminate once deleted. */
  deletionGracePeriodSeconds?: number;
  /** Annotations. */
  annotations?: Record<string, string>;
  /** Finalizers that must be removed before the object goes away. */
  finalizers?: string[];
  /** The objects this one depends on. */
  ownerReferences?: OwnerReference[];
  /** Server-side apply's record of who owns which fields. */
  managedFields?: ManagedFieldsEntry[];
}

/**
 * An object reduced to its metadata: what kube-apiserver answers a list or watch asked for
 * `as=PartialObjectMetadataList` / `as=PartialObjectMetadata` (client-go's
 * `metav1.PartialObjectMetadata`), and what metadata-only informers cache. A cache of these costs
 * a fraction of one of whole objects, for controllers that only need names, labels, owners or
 * finalizers.
 */
export interface PartialObjectMetadata extends KubeObject {
  /** `PartialObjectMetadata`. */
  kind?: string;
  /** `meta.k8s.io/v1`. */
  apiVersion?: string;
  /** The object's metadata. */
  metadata: FullObjectMeta;
}

/**
 * The metadata-only form of an object, as kube-apiserver builds it: `kind` and `apiVersion` of
 * a {@link PartialObjectMetadata}, and the object's own `metadata` (shared, not copied). Used
 * when a server answers a metadata-only request with whole objects.
 *
 * @param obj - any object with metadata
 * @returns a new object; `obj` is left untouched
 */
export function asPartialObjectMetadata(obj: KubeObject): PartialObjectMetadata {
  return {
    kind: partialObjectMetadataKind,
    apiVersion: metaV1ApiVersion,
    metadata: (obj.metadata ?? {}) as FullObjectMeta,
  };
}
