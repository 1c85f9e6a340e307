/**
 * Where a resource's `/scale` subresource finds the replica counts and the selector, as JSON
 * paths of the form `.spec.replicas` (a CRD's `subresources.scale`).
 */
export interface ScalePaths {
  /** The desired replicas, e.g. `.spec.replicas`. */
  readonly specReplicasPath: string;
  /** The observed replicas, e.g. `.status.replicas`. */
  readonly statusReplicasPath: string;
  /**
   * A label selector in its string form (`app=web`), e.g. `.status.selector`. Built-in kinds
   * read their `spec.selector` instead (see `selectorFromSpec`).
   */
  readonly labelSelectorPath?: string;
  /**
   * Built-in workloads (Deployments, ReplicaSets): the selector is the object's structured
   * `spec.selector`, written as a string in the Scale, and `spec.replicas` defaults to 1.
   */
  readonly selectorFromSpec?: boolean;
}

/** The subresources a resource serves beside its main resource. */
export interface Subresources {
  /**
   * `/status`: the main resource ignores changes to `status`, and `/status` ignores changes to
   * everything else.
   */
  readonly status?: boolean;
  /** `/scale`: an `autoscaling/v1` Scale view of the object's replicas. */
  readonly scale?: ScalePaths;
}
