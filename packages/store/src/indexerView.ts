import { type TrieNode, collectKeys, forEachEntry, lookup, sealedValues } from './hamt.js';
import { IndexNotFoundError } from './indexErrors.js';
import type { Indexers } from './indexFunc.js';
import type { IndexerState } from './indexerState.js';
import { stringHash } from './stringHash.js';

const noObjects: readonly never[] = Object.freeze([]);

/**
 * The read half of client-go's `Indexer`, shared by the live {@link Indexer} and its immutable
 * {@link IndexerSnapshot}s.
 *
 * Lookups return `undefined` for a missing key. Object lists (`list`, `byIndex`, `index`) are
 * read-only arrays in no particular order (as with client-go's maps): reading the same answer
 * again between two writes returns the same array without rebuilding it, so never modify one
 * (copy it before sorting). Key lists are fresh arrays. No method scans all items except `list` and
 * `listKeys`.
 *
 * @typeParam T - the cached object type
 */
export abstract class IndexerView<T> {
  /**
   * @param state - the state read by every method
   * @internal
   */
  protected constructor(
    /** @internal */
    readonly state: IndexerState<T>,
  ) {}

  /** Number of objects held. */
  get size(): number {
    return this.state.size;
  }

  /**
   * Resource version the content corresponds to: the one given to the last `replace`, moved by
   * every write of an object carrying `metadata.resourceVersion` and by `setResourceVersion`.
   * `''` until then.
   */
  get resourceVersion(): string {
    return this.state.resourceVersion;
  }

  /**
   * @param obj - an object whose key (under the store's key function) is looked up
   * @returns the stored object with the same key, or `undefined`
   * @throws KeyError if the key function cannot compute a key
   */
  get(obj: T): T | undefined {
    return this.getByKey(this.state.keyFunc(obj));
  }

  /**
   * @param key - a cache key, e.g. `namespace/name`
   * @returns the stored object, or `undefined`
   */
  getByKey(key: string): T | undefined {
    return lookup(this.state.items, key, stringHash(key));
  }

  /** @returns every stored object (read-only and shared; see the class description) */
  list(): readonly T[] {
    return this.valuesOf(this.state.items);
  }

  /** @returns every key */
  listKeys(): string[] {
    return collectKeys(this.state.items, []);
  }

  /**
   * Objects that share at least one index value with `obj` (each listed once).
   *
   * @param indexName - a registered index
   * @param obj - an object to compute index values from (it need not be stored)
   * @returns the matching stored objects
   * @throws {@link IndexNotFoundError} for an unknown index
   * @throws IndexFuncError if the index function throws on `obj`
   */
  index(indexName: string, obj: T): readonly T[] {
    const position = this.positionOf(indexName);
    const values = this.state.table.valuesOf(position, obj, undefined);
    if (values.length === 1) return this.byIndex(indexName, values[0] as string);
    // Several values may name the same object: deduplicate by key.
    const byKey = new Map<string, T>();
    for (const value of values) {
      const bucket = this.state.bucket(position, value);
      if (bucket !== undefined) forEachEntry(bucket, (key, obj) => byKey.set(key, obj));
    }
    return [...byKey.values()];
  }

  /**
   * @param indexName - a registered index
   * @param indexedValue - an index value
   * @returns keys of the objects indexed under that value (`[]` if none)
   * @throws {@link IndexNotFoundError} for an unknown index
   */
  indexKeys(indexName: string, indexedValue: string): string[] {
    const bucket = this.bucket(indexName, indexedValue);
    return bucket === undefined ? [] : collectKeys(bucket, []);
  }

  /**
   * @param indexName - an index name
   * @returns every value with at least one object under it; `[]` for an unknown index, as in
   *   client-go
   */
  listIndexFuncValues(indexName: string): string[] {
    const position = this.state.table.positionOf(indexName);
    if (position === undefined) return [];
    return collectKeys(this.state.indices[position] as TrieNode<unknown>, []);
  }

  /**
   * @param indexName - a registered index
   * @param indexedValue - an index value
   * @returns the objects indexed under that value (`[]` if none): the same read-only array
   *   until a write changes that answer
   * @throws {@link IndexNotFoundError} for an unknown index
   * @example
   * ```ts
   * indexer.byIndex(NamespaceIndex, 'default'); // every object in namespace "default"
   * ```
   */
  byIndex(indexName: string, indexedValue: string): readonly T[] {
    const bucket = this.bucket(indexName, indexedValue);
    return bucket === undefined ? noObjects : this.valuesOf(bucket);
  }

  /** @returns the registered index functions by name (frozen) */
  getIndexers(): Readonly<Indexers<T>> {
    return this.state.table.record;
  }

  /**
   * The bucket behind `byIndex(indexName, indexedValue)`. Two snapshots return the same bucket
   * object iff that answer is the same, which is what the selectors compare.
   *
   * @internal
   */
  bucket(indexName: string, indexedValue: string): TrieNode<T> | undefined {
    return this.state.bucket(this.positionOf(indexName), indexedValue);
  }

  // Sound only on sealed state: the live Indexer answers these reads from its snapshot.
  private valuesOf(node: TrieNode<T>): readonly T[] {
    return sealedValues(node);
  }

  private positionOf(indexName: string): number {
    const position = this.state.table.positionOf(indexName);
    if (position === undefined) throw new IndexNotFoundError(indexName);
    return position;
  }
}
