/** Object metadata as the fake server reads and writes it; other fields pass through untouched. */
export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  finalizers?: string[];
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  managedFields?: ManagedFieldsEntry[];
  [field: string]: unknown;
}

/** One entry of `metadata.managedFields`, as kube-apiserver writes it for an `Update`. */
export interface ManagedFieldsEntry {
  manager: string;
  operation: 'Update' | 'Apply';
  apiVersion: string;
  time: string;
  fieldsType: 'FieldsV1';
  fieldsV1: FieldSet;
  subresource?: string;
}

/** A `FieldsV1` set: a trie of `f:<field>`, `k:<list key>` and `.` (the node itself) keys. */
export interface FieldSet {
  [path: string]: FieldSet;
}

/** A reference from a dependent object to its owner (for example a Pod to its ReplicaSet). */
export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

/** Any Kubernetes object: `kind`/`apiVersion` are optional because list items of built-ins omit them. */
export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  [field: string]: unknown;
}

/** The event types a watch stream can carry. */
export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';

/** One line of a watch stream. */
export interface WatchEvent {
  type: WatchEventType;
  object: KubeObject | Status;
}

/** The `List` envelope of a collection GET. */
export interface KubeList {
  apiVersion: string;
  kind: string;
  metadata: {
    resourceVersion: string;
    continue?: string;
    remainingItemCount?: number;
    /** The applied `shardSelector`, echoed (KEP-5866): present only on sharded lists. */
    shardInfo?: { selector: string };
  };
  items: KubeObject[];
}

/** One cause in `Status.details.causes`. */
export interface StatusCause {
  reason?: string;
  message?: string;
  field?: string;
}

/** The `meta.k8s.io/v1` Status object used for every error body and `ERROR` event. */
export interface Status {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: { continue?: string };
  status: 'Failure' | 'Success';
  message: string;
  reason: string;
  details?: {
    name?: string;
    group?: string;
    kind?: string;
    uid?: string;
    causes?: StatusCause[];
    retryAfterSeconds?: number;
  };
  code: number;
}
