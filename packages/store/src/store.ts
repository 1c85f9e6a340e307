import { Indexer } from './indexer.js';
import type { IndexerOptions } from './indexerOptions.js';
import type { KubeObject } from './kubeObject.js';

/** Options of a {@link Store}: those of an Indexer without index functions. */
export type StoreOptions<T> = Omit<IndexerOptions<T>, 'indexers'>;

/**
 * client-go's `Store`: a key → object cache without indices. As in client-go, it is an
 * {@link Indexer} with no index functions (which `addIndexers` can still add).
 *
 * @typeParam T - the cached object type
 * @example
 * ```ts
 * const nodes = new Store<Node>();
 * nodes.add(node);
 * nodes.getByKey('node-1');
 * ```
 */
export class Store<T extends object = KubeObject> extends Indexer<T> {
  /** @param options - key function and coalescing */
  constructor(options: StoreOptions<T> = {}) {
    super({ ...options, indexers: {} });
  }
}
