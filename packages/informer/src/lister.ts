import { NamespaceIndex, type IndexerView, type KubeObject } from '@rxkube/store';

/**
 * Synchronous reads of an informer's cache, as client-go's generated listers offer them.
 *
 * @typeParam T - the object type
 */
export interface Lister<T> {
  /** @returns every cached object, in no particular order */
  list(): readonly T[];
  /**
   * @param key - `namespace/name`, or `name` for cluster-scoped objects
   * @returns the cached object, or `undefined`
   */
  get(key: string): T | undefined;
  /**
   * @param namespace - a namespace
   * @returns the reads restricted to that namespace
   */
  namespace(namespace: string): NamespaceLister<T>;
}

/**
 * Reads within one namespace.
 *
 * @typeParam T - the object type
 */
export interface NamespaceLister<T> {
  /** @returns the namespace's cached objects */
  list(): readonly T[];
  /**
   * @param name - an object name
   * @returns the cached object, or `undefined`
   */
  get(name: string): T | undefined;
}

/**
 * Builds a lister over any Indexer view (the live Indexer or a snapshot). Namespace lists use
 * the `namespace` index when the Indexer has it, and a scan otherwise.
 *
 * @typeParam T - the object type
 * @param view - the cache to read
 * @returns the lister
 * @example
 * ```ts
 * const pods = listerFor(informer.getIndexer());
 * pods.namespace('shop').get('web-0');
 * ```
 */
export function listerFor<T extends object = KubeObject>(view: IndexerView<T>): Lister<T> {
  const indexed = NamespaceIndex in view.getIndexers();
  return {
    list: () => view.list(),
    get: (key) => view.getByKey(key),
    namespace: (namespace) => ({
      list: () =>
        indexed
          ? view.byIndex(NamespaceIndex, namespace)
          : view.list().filter((obj) => (obj as KubeObject).metadata?.namespace === namespace),
      get: (name) => view.getByKey(`${namespace}/${name}`),
    }),
  };
}
