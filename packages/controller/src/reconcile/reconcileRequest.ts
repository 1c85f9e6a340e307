import { splitMetaNamespaceKey } from '@rxkube/store';

/**
 * What to reconcile: one object, named by its cache key (`namespace/name`, or `name` for a
 * cluster-scoped kind). controller-runtime's `reconcile.Request`.
 */
export interface ReconcileRequest {
  /** The cache key, the unit of de-duplication and exclusivity. */
  readonly key: string;
  /** The namespace; `''` for a cluster-scoped object. */
  readonly namespace: string;
  /** The name. */
  readonly name: string;
}

/**
 * How event mappers name an object to reconcile: a cache key, or its namespace and name (no
 * namespace, or `''`, for a cluster-scoped object).
 */
export type ReconcileTarget = string | { readonly namespace?: string; readonly name: string };

/**
 * @param target - a key or a namespace and name
 * @returns the cache key
 */
export function targetKey(target: ReconcileTarget): string {
  if (typeof target === 'string') return target;
  return target.namespace ? `${target.namespace}/${target.name}` : target.name;
}

/**
 * @param key - a cache key
 * @returns the request for it
 * @throws `KeyError` from `@rxkube/store` for a malformed key
 */
export function requestFor(key: string): ReconcileRequest {
  const { namespace, name } = splitMetaNamespaceKey(key);
  return { key, namespace, name };
}
