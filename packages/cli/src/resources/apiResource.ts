/** A resource type the cluster serves, as discovery describes it. */
export interface ApiResource {
  /** API group; `''` for the core group. */
  readonly group: string;
  readonly version: string;
  /** Plural name, as used in URLs: `pods`. */
  readonly plural: string;
  readonly singular: string;
  readonly kind: string;
  readonly namespaced: boolean;
  readonly shortNames: readonly string[];
  readonly verbs: readonly string[];
}

/**
 * The name kubectl prints for a resource: `pods`, `deployments.apps`.
 *
 * @param resource - the resource
 * @returns its qualified plural name
 */
export function qualifiedName(resource: ApiResource): string {
  return resource.group === '' ? resource.plural : `${resource.plural}.${resource.group}`;
}
