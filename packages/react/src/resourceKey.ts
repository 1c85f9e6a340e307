import type { ResourceRef } from '@rxkube/informer';

/**
 * The key under which an {@link InformerRegistry} shares an informer: equal for resources that
 * name the same collection, however the object was written. A path is its own key; an object's
 * own fields are sorted, and an absent or empty `group` both mean the core group, so
 * `{ version: 'v1', plural: 'pods' }` and `{ plural: 'pods', group: '', version: 'v1' }` share
 * one informer. Fields other than group, version and plural (a namespace, selectors) are part of
 * the key, so a reference that narrows the collection gets an informer of its own.
 *
 * @param resource - group/version/plural (with any further fields) or a collection path
 * @returns a string that identifies the collection
 * @example
 * ```ts
 * resourceKey({ group: 'apps', version: 'v1', plural: 'deployments' });
 * // '{"group":"apps","plural":"deployments","version":"v1"}'
 * ```
 */
export function resourceKey(resource: ResourceRef): string {
  if (typeof resource === 'string') return resource;
  const fields: Record<string, unknown> = { ...resource, group: resource.group ?? '' };
  const sorted = Object.keys(fields)
    .filter((name) => fields[name] !== undefined)
    .sort()
    .map((name) => [name, fields[name]]);
  return JSON.stringify(Object.fromEntries(sorted));
}
