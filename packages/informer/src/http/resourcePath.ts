/**
 * A resource collection: its API group (empty or absent for the core group), version and plural
 * name, e.g. `{ version: 'v1', plural: 'pods' }` or
 * `{ group: 'apps', version: 'v1', plural: 'deployments' }`.
 */
export interface GroupVersionResource {
  /** API group; `''` or absent for the core group (`/api/v1`). */
  group?: string;
  /** API version, e.g. `v1`. */
  version: string;
  /** Plural resource name, e.g. `pods`. */
  plural: string;
}

/**
 * What a lister-watcher lists: a {@link GroupVersionResource}, or a collection path such as
 * `/api/v1/namespaces/default/pods` (the namespace option is then ignored).
 */
export type ResourceRef = GroupVersionResource | string;

/**
 * Builds the collection path of a resource.
 *
 * @param resource - group/version/plural or a path
 * @param namespace - restrict to one namespace (ignored for paths)
 * @returns the path, e.g. `/apis/apps/v1/namespaces/shop/deployments`
 * @example
 * ```ts
 * collectionPath({ version: 'v1', plural: 'pods' }, 'default'); // '/api/v1/namespaces/default/pods'
 * ```
 */
export function collectionPath(resource: ResourceRef, namespace?: string): string {
  if (typeof resource === 'string') return resource;
  const prefix =
    resource.group === undefined || resource.group === ''
      ? `/api/${resource.version}`
      : `/apis/${resource.group}/${resource.version}`;
  const scope =
    namespace === undefined || namespace === ''
      ? ''
      : `/namespaces/${encodeURIComponent(namespace)}`;
  return `${prefix}${scope}/${resource.plural}`;
}

/**
 * A short human-readable name of a resource and its scope, for errors and logs.
 *
 * @param resource - group/version/plural or a path
 * @param namespace - the namespace, if any
 * @returns e.g. `pods in default` or `deployments.apps`
 */
export function describeResource(resource: ResourceRef, namespace?: string): string {
  if (typeof resource === 'string') return resource;
  const name =
    resource.group === undefined || resource.group === ''
      ? resource.plural
      : `${resource.plural}.${resource.group}`;
  return namespace === undefined || namespace === '' ? name : `${name} in ${namespace}`;
}
