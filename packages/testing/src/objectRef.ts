/** Names one object for the programmatic API. */
export interface ObjectRef {
  /** e.g. `v1`, `apps/v1`, `example.com/v1`. */
  readonly apiVersion: string;
  /** e.g. `Pod`. */
  readonly kind: string;
  /** The namespace (namespaced resources only). */
  readonly namespace?: string;
  /** The object name. */
  readonly name: string;
}
