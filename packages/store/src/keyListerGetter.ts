/** Something that can list the keys it holds. */
export interface KeyLister {
  /** @returns every key currently held */
  listKeys(): string[];
}

/** Something that can look an object up by key. */
export interface KeyGetter<T = unknown> {
  /**
   * @param key - a cache key
   * @returns the object stored under `key`, or `undefined` when there is none
   */
  getByKey(key: string): T | undefined;
}

/**
 * What `DeltaFIFO` needs from the store it feeds (its `knownObjects`): normally the Indexer.
 */
export interface KeyListerGetter<T = unknown> extends KeyLister, KeyGetter<T> {}
