/**
 * The part of a Kubernetes object's metadata that the cache reads.
 *
 * Structurally compatible with `V1ObjectMeta` from `@kubernetes/client-node`, so its model
 * classes and plain parsed JSON both fit.
 */
export interface ObjectMeta {
  /** Object name, unique within its namespace (or the cluster for cluster-scoped kinds). */
  name?: string;
  /** Namespace; absent or empty for cluster-scoped objects. */
  namespace?: string;
  /** Opaque version string of the object's last write. */
  resourceVersion?: string;
  /** Label map used by selectors and label indexes. */
  labels?: Record<string, string>;
  /** Unique id assigned by the API server. */
  uid?: string;
}

/**
 * Any object that carries Kubernetes metadata. The default key and index functions accept it.
 */
export interface KubeObject {
  /** Standard object metadata. */
  metadata?: ObjectMeta;
}
