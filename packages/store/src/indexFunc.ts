import type { KubeObject } from './kubeObject.js';

/**
 * Computes the values under which an object is indexed. An object may have several values
 * (it then appears in several buckets of the index) or none (it is not indexed).
 *
 * Must be pure and deterministic: the store calls it again on the stored object when that object
 * is replaced or deleted, to find the buckets to leave.
 *
 * @typeParam T - the object type
 */
export type IndexFunc<T = KubeObject> = (obj: T) => string[];

/**
 * Named index functions, as given to an Indexer. The name is what `byIndex`, `indexKeys` and the
 * selectors refer to.
 *
 * @typeParam T - the object type
 */
export type Indexers<T = KubeObject> = Record<string, IndexFunc<T>>;

/** Name under which {@link metaNamespaceIndexFunc} is conventionally registered. */
export const NamespaceIndex = 'namespace';

/**
 * Indexes an object by its namespace. Cluster-scoped objects are indexed under `''`, as in
 * client-go.
 *
 * @param obj - a Kubernetes object
 * @returns `[namespace]`
 * @throws TypeError if the object has no metadata
 * @example
 * ```ts
 * const pods = new Indexer<Pod>({ indexers: { [NamespaceIndex]: metaNamespaceIndexFunc } });
 * pods.byIndex(NamespaceIndex, 'kube-system');
 * ```
 */
export function metaNamespaceIndexFunc(obj: KubeObject): string[] {
  return [namespaceOf(obj)];
}

function namespaceOf(obj: KubeObject): string {
  const meta = obj?.metadata;
  if (meta === null || typeof meta !== 'object') throw new TypeError('object has no metadata');
  return meta.namespace ?? '';
}

/**
 * Makes an index function that indexes objects by the value of one label. Objects without that
 * label are left out of the index.
 *
 * @param labelKey - the label whose value is the index value, e.g. `app.kubernetes.io/name`
 * @returns an index function giving `[value]`, or `[]` when the label is absent
 * @example
 * ```ts
 * const pods = new Indexer<Pod>({ indexers: { byApp: labelIndexFunc('app') } });
 * pods.byIndex('byApp', 'web');
 * ```
 */
export function labelIndexFunc(labelKey: string): IndexFunc<KubeObject> {
  const single = (obj: KubeObject): string | undefined => {
    const value = obj?.metadata?.labels?.[labelKey];
    return typeof value === 'string' ? value : undefined;
  };
  const func = (obj: KubeObject): string[] => {
    const value = single(obj);
    return value === undefined ? [] : [value];
  };
  singleForms.set(func, single);
  return func;
}

/**
 * The allocation-free form of an index function that gives at most one value: that value, or
 * `undefined` for none. Equivalent to the function it stands for, throwing what it throws.
 *
 * @internal
 */
export type SingleIndexFunc<T> = (obj: T) => string | undefined;

// The store calls the index functions twice per write (old and new object); for the built-in
// single-valued ones it calls these forms instead and allocates no array.
const singleForms = new WeakMap<IndexFunc<never>, SingleIndexFunc<never>>([
  [metaNamespaceIndexFunc, namespaceOf],
]);

/**
 * @param func - an index function
 * @returns its {@link SingleIndexFunc} form when it is one of the built-in single-valued
 *   functions, else `undefined`
 * @internal
 */
export function singleFormOf<T>(func: IndexFunc<T>): SingleIndexFunc<T> | undefined {
  return singleForms.get(func as IndexFunc<never>) as SingleIndexFunc<T> | undefined;
}
