// The parts of Kubernetes objects the page reads, as the API's JSON has them (timestamps are
// strings: the objects come from `fetch`, not from client-node's model classes).

/** An owner reference, as `metadata.ownerReferences` holds it. */
export interface OwnerReference {
  readonly kind: string;
  readonly name: string;
  readonly uid: string;
  readonly controller?: boolean;
}

/** The metadata the page reads. */
export interface ObjectMeta {
  readonly name?: string;
  readonly namespace?: string;
  readonly uid?: string;
  readonly resourceVersion?: string;
  readonly creationTimestamp?: string;
  readonly labels?: Readonly<Record<string, string>>;
  readonly ownerReferences?: readonly OwnerReference[];
}

/** A pod condition. */
export interface PodCondition {
  readonly type: string;
  readonly status: string;
  readonly reason?: string;
  readonly message?: string;
  readonly lastTransitionTime?: string | null;
}

/** A container's status. */
export interface ContainerStatus {
  readonly name: string;
  readonly ready?: boolean;
  readonly restartCount?: number;
  readonly image?: string;
  readonly state?: Readonly<
    Record<string, { readonly reason?: string; readonly startedAt?: string } | undefined>
  >;
}

/** A Pod. */
export interface Pod {
  readonly metadata: ObjectMeta;
  readonly spec?: { readonly nodeName?: string };
  readonly status?: {
    readonly phase?: string;
    readonly conditions?: readonly PodCondition[];
    readonly containerStatuses?: readonly ContainerStatus[];
  };
}

/** A Deployment or a ReplicaSet: a controller of pods with a label selector. */
export interface PodController {
  readonly metadata: ObjectMeta;
  readonly spec?: {
    readonly replicas?: number;
    readonly selector?: { readonly matchLabels?: Readonly<Record<string, string>> };
  };
}

/** A Namespace. */
export interface Namespace {
  readonly metadata: ObjectMeta;
  readonly status?: { readonly phase?: string };
}
