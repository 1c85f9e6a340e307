import {
  type Owner,
  type TrieNode,
  assoc,
  dissoc,
  emptyRoot,
  forEachEntry,
  isEmpty,
  lookup,
} from './hamt.js';
import type { IndexValues, IndexerTable } from './indexerTable.js';
import type { KeyFunc } from './keys.js';
import { stringHash } from './stringHash.js';

/**
 * One index: index value → bucket, where a bucket maps each key indexed under that value to its
 * object. Keeping the object (not just the key) in the bucket lets `byIndex` read a bucket
 * without a lookup per key, and makes the bucket's identity change exactly when its answer does,
 * which is what the selectors compare.
 *
 * @internal
 */
export type IndexRoot<T> = TrieNode<TrieNode<T>>;

/**
 * Everything an Indexer holds: the items, one {@link IndexRoot} per indexer position, the item
 * count and the resource version. The live Indexer edits its state in place (through the
 * functions below, with its current edit token); a snapshot owns a frozen copy.
 *
 * Invariant: for every index position `i` and item `(key, obj)`, `obj` is stored under `key` in
 * exactly the buckets `table.funcs[i](obj)` names, and no bucket is empty.
 *
 * @internal
 */
export class IndexerState<T> {
  /**
   * @param items - key → object
   * @param indices - one index per indexer position
   * @param size - number of items
   * @param resourceVersion - the resource version
   * @param table - the indexers
   * @param keyFunc - the key function
   */
  constructor(
    public items: TrieNode<T>,
    public indices: IndexRoot<T>[],
    public size: number,
    public resourceVersion: string,
    public table: IndexerTable<T>,
    readonly keyFunc: KeyFunc<T>,
  ) {}

  /**
   * @param table - the indexers
   * @param keyFunc - the key function
   * @param resourceVersion - its resource version
   * @returns a state with no items
   */
  static empty<T>(
    table: IndexerTable<T>,
    keyFunc: KeyFunc<T>,
    resourceVersion = '',
  ): IndexerState<T> {
    return new IndexerState(
      emptyRoot(),
      table.funcs.map(() => emptyRoot()),
      0,
      resourceVersion,
      table,
      keyFunc,
    );
  }

  /** @returns a copy sharing all trie nodes (O(number of indexers)) */
  copy(): IndexerState<T> {
    return new IndexerState(
      this.items,
      this.indices.slice(),
      this.size,
      this.resourceVersion,
      this.table,
      this.keyFunc,
    );
  }

  /** @param other - the state whose contents this one takes over */
  assign(other: IndexerState<T>): void {
    this.items = other.items;
    this.indices = other.indices;
    this.size = other.size;
    this.resourceVersion = other.resourceVersion;
    this.table = other.table;
  }

  /**
   * @param position - an index position
   * @param indexedValue - an index value
   * @returns the bucket for that value, or `undefined` when no item has it
   */
  bucket(position: number, indexedValue: string): TrieNode<T> | undefined {
    return lookup(this.indices[position] as IndexRoot<T>, indexedValue, stringHash(indexedValue));
  }
}

/**
 * An object's values in every index of a table, computed when it is written: one
 * {@link IndexValues} when the table has one index (the common shape: no array per write), an
 * array of them by position when it has several, `undefined` when it has none.
 *
 * @internal
 */
export type AllIndexValues = IndexValues | readonly IndexValues[];

/**
 * Runs every index function of the state's table on `obj`. Called before anything is changed,
 * so an index function that throws leaves the state as it was.
 *
 * @param table - the indexers
 * @param obj - the object
 * @param key - its key, for error messages
 * @returns its index values (see {@link AllIndexValues})
 * @throws IndexFuncError if an index function throws
 * @internal
 */
export function indexValuesOf<T>(table: IndexerTable<T>, obj: T, key: string): AllIndexValues {
  const count = table.funcs.length;
  if (count === 0) return undefined;
  if (count === 1) return table.indexValuesOf(0, obj, key);
  const values: IndexValues[] = new Array(count);
  for (let i = 0; i < count; i++) values[i] = table.indexValuesOf(i, obj, key);
  return values;
}

/**
 * Builds a fresh state holding `entries` (a later entry wins over an earlier one with the same
 * key). Nothing else is touched, so a state that throws half-way is simply dropped.
 *
 * @param table - the indexers
 * @param keyFunc - the key function
 * @param resourceVersion - the new state's resource version
 * @param entries - keys and objects
 * @param owner - the edit token
 * @returns the new state
 * @throws IndexFuncError if an index function throws
 * @internal
 */
export function stateOf<T>(
  table: IndexerTable<T>,
  keyFunc: KeyFunc<T>,
  resourceVersion: string,
  entries: Iterable<readonly [string, T]>,
  owner: Owner,
): IndexerState<T> {
  const next = IndexerState.empty(table, keyFunc, resourceVersion);
  for (const [key, obj] of entries) {
    const hash = stringHash(key);
    const after = indexValuesOf(table, obj, key);
    upsertWith(next, key, hash, lookup(next.items, key, hash), obj, after, owner);
  }
  return next;
}

/**
 * Stores `obj` under `key` in place of `old`, with `obj`'s index values computed already. The
 * values of `old` are computed before anything is edited, so an index function that throws on
 * it (one that is not pure, or an object mutated since it was stored) changes nothing.
 *
 * @param state - the state to edit
 * @param key - the object's key
 * @param hash - `stringHash(key)`
 * @param old - the object stored under `key` now, or `undefined`
 * @param obj - the object
 * @param after - `obj`'s index values ({@link indexValuesOf})
 * @param owner - the edit token
 * @throws IndexFuncError if an index function throws on `old`
 * @internal
 */
export function upsertWith<T>(
  state: IndexerState<T>,
  key: string,
  hash: number,
  old: T | undefined,
  obj: T,
  after: AllIndexValues,
  owner: Owner,
): void {
  if (old === obj) return;
  const { table } = state;
  const count = table.funcs.length;
  if (count === 1) {
    // Computed before any edit: an index function that throws on `old` changes nothing.
    const before = old === undefined ? undefined : table.indexValuesOf(0, old, key);
    state.items = assoc(state.items, key, hash, obj, owner);
    if (old === undefined) state.size++;
    state.indices[0] = moveInIndex(
      state.indices[0] as IndexRoot<T>,
      before,
      after as IndexValues,
      key,
      hash,
      obj,
      owner,
    );
    return;
  }
  const before: IndexValues[] = new Array(count);
  for (let i = 0; i < count; i++) {
    before[i] = old === undefined ? undefined : table.indexValuesOf(i, old, key);
  }
  state.items = assoc(state.items, key, hash, obj, owner);
  if (old === undefined) state.size++;
  for (let i = 0; i < count; i++) {
    state.indices[i] = moveInIndex(
      state.indices[i] as IndexRoot<T>,
      before[i],
      (after as readonly IndexValues[])[i],
      key,
      hash,
      obj,
      owner,
    );
  }
}

/**
 * Removes the object under `key`, from the items and from every bucket holding it.
 *
 * @param state - the state to edit
 * @param key - the key to remove
 * @param owner - the edit token
 * @returns whether the key was present
 * @throws IndexFuncError if an index function throws on the stored object (nothing is removed)
 * @internal
 */
export function remove<T>(state: IndexerState<T>, key: string, owner: Owner): boolean {
  const hash = stringHash(key);
  const old = lookup(state.items, key, hash);
  if (old === undefined) return false;
  const { table } = state;
  const count = table.funcs.length;
  // Computed first: nothing is edited if an index function throws.
  const before: IndexValues[] = new Array(count);
  for (let i = 0; i < count; i++) before[i] = table.indexValuesOf(i, old, key);
  state.items = dissoc(state.items, key, hash, owner);
  state.size--;
  for (let i = 0; i < count; i++) {
    state.indices[i] = leaveAll(
      state.indices[i] as IndexRoot<T>,
      before[i],
      undefined,
      key,
      hash,
      owner,
    );
  }
  return true;
}

/**
 * Computes the index of a newly registered index position from the current items.
 *
 * @param items - the items to index
 * @param table - the indexers, including the new one
 * @param position - the new index's position
 * @param owner - the edit token
 * @returns the index
 * @throws IndexFuncError if the index function throws
 * @internal
 */
export function buildIndex<T>(
  items: TrieNode<T>,
  table: IndexerTable<T>,
  position: number,
  owner: Owner,
): IndexRoot<T> {
  let index: IndexRoot<T> = emptyRoot();
  forEachEntry(items, (key, obj) => {
    const hash = stringHash(key);
    for (const value of table.valuesOf(position, obj, key)) {
      index = joinBucket(index, value, key, hash, obj, owner);
    }
  });
  return index;
}

function moveInIndex<T>(
  index: IndexRoot<T>,
  before: IndexValues,
  after: IndexValues,
  key: string,
  hash: number,
  obj: T,
  owner: Owner,
): IndexRoot<T> {
  if (typeof after === 'string') {
    // The common case: one value, unchanged. The bucket stays, only the object in it changes.
    if (before !== after) index = leaveAll(index, before, after, key, hash, owner);
    return joinBucket(index, after, key, hash, obj, owner);
  }
  if (after === undefined) return leaveAll(index, before, after, key, hash, owner);
  // Several values: one array of one unchanged value is the common case too.
  if (after.length === 1 && before !== undefined && typeof before !== 'string') {
    if (before.length === 1 && before[0] === after[0]) {
      return joinBucket(index, after[0] as string, key, hash, obj, owner);
    }
  }
  index = leaveAll(index, before, after, key, hash, owner);
  for (const value of after) index = joinBucket(index, value, key, hash, obj, owner);
  return index;
}

// Leaves every bucket of `before` that `after` does not name.
function leaveAll<T>(
  index: IndexRoot<T>,
  before: IndexValues,
  after: IndexValues,
  key: string,
  hash: number,
  owner: Owner,
): IndexRoot<T> {
  if (before === undefined) return index;
  if (typeof before === 'string') {
    return names(after, before) ? index : leaveBucket(index, before, key, hash, owner);
  }
  for (const value of before) {
    if (!names(after, value)) index = leaveBucket(index, value, key, hash, owner);
  }
  return index;
}

function names(values: IndexValues, value: string): boolean {
  if (values === undefined) return false;
  return typeof values === 'string' ? values === value : values.includes(value);
}

function joinBucket<T>(
  index: IndexRoot<T>,
  value: string,
  key: string,
  hash: number,
  obj: T,
  owner: Owner,
): IndexRoot<T> {
  const valueHash = stringHash(value);
  const bucket = lookup(index, value, valueHash) ?? emptyRoot<T>();
  const next = assoc(bucket, key, hash, obj, owner);
  return next === bucket ? index : assoc(index, value, valueHash, next, owner);
}

function leaveBucket<T>(
  index: IndexRoot<T>,
  value: string,
  key: string,
  hash: number,
  owner: Owner,
): IndexRoot<T> {
  const valueHash = stringHash(value);
  const bucket = lookup(index, value, valueHash);
  if (bucket === undefined) return index;
  const next = dissoc(bucket, key, hash, owner);
  // Dropping empty buckets keeps memory bounded when index values are short-lived. Checked
  // before identity: an owned bucket may have been emptied in place.
  if (isEmpty(next)) return dissoc(index, value, valueHash, owner);
  return next === bucket ? index : assoc(index, value, valueHash, next, owner);
}
