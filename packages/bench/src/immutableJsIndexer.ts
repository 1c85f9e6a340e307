import { Map as ImmutableMap } from 'immutable';
import type { IndexFunc, Indexers, KeyFunc } from '@rxkube/store';

type Bucket<T> = ImmutableMap<string, T>;
type Index<T> = ImmutableMap<string, Bucket<T>>;

/** What a snapshot of {@link ImmutableJsIndexer} holds. */
export interface ImmutableJsSnapshot<T> {
  items: ImmutableMap<string, T>;
  indices: Index<T>[];
}

/**
 * The same design as `@rxkube/store`'s Indexer (items map, and per index a map from value to a
 * bucket map key → object), built on immutable.js 5 instead of the store's own trie: the
 * alternative the store's choice is measured against. Outside `batch` every write is a
 * persistent update; inside, the maps are edited as transients (`asMutable`) and frozen again
 * (`asImmutable`) at the end.
 */
export class ImmutableJsIndexer<T> {
  private items: ImmutableMap<string, T> = ImmutableMap();
  private indices: Index<T>[];
  private readonly names: string[];
  private readonly funcs: IndexFunc<T>[];
  private transient = false;
  private readonly touched = new Set<Bucket<T>>();

  /**
   * @param keyFunc - key function
   * @param indexers - index functions by name
   */
  constructor(
    private readonly keyFunc: KeyFunc<T>,
    indexers: Indexers<T>,
  ) {
    this.names = Object.keys(indexers);
    this.funcs = this.names.map((name) => indexers[name] as IndexFunc<T>);
    this.indices = this.names.map(() => ImmutableMap());
  }

  /** @returns the current content as an immutable snapshot */
  snapshot(): ImmutableJsSnapshot<T> {
    return { items: this.items, indices: this.indices.slice() };
  }

  /**
   * Applies `writes` on transient maps, then freezes them.
   *
   * @param writes - the writes
   */
  batch(writes: () => void): void {
    this.items = this.items.asMutable();
    this.indices = this.indices.map((index) => index.asMutable());
    this.transient = true;
    try {
      writes();
    } finally {
      this.transient = false;
      this.items = this.items.asImmutable();
      this.indices = this.indices.map((index) => index.asImmutable());
      for (const bucket of this.touched) bucket.asImmutable();
      this.touched.clear();
    }
  }

  /** @param obj - object to add or replace */
  update(obj: T): void {
    const key = this.keyFunc(obj);
    const old = this.items.get(key);
    this.items = this.items.set(key, obj);
    for (let i = 0; i < this.funcs.length; i++) {
      const fn = this.funcs[i] as IndexFunc<T>;
      const after = fn(obj);
      const before = old === undefined ? [] : fn(old);
      let index = this.indices[i] as Index<T>;
      for (const value of before) {
        if (!after.includes(value)) index = this.leave(index, value, key);
      }
      for (const value of after) index = this.join(index, value, key, obj);
      this.indices[i] = index;
    }
  }

  /**
   * @param snapshot - the snapshot to read
   * @param position - the index's position among the indexers
   * @param value - index value
   * @returns the objects under that value
   */
  static byIndex<T>(snapshot: ImmutableJsSnapshot<T>, position: number, value: string): T[] {
    const bucket = snapshot.indices[position]?.get(value);
    return bucket === undefined ? [] : Array.from(bucket.values());
  }

  private join(index: Index<T>, value: string, key: string, obj: T): Index<T> {
    const bucket = index.get(value) ?? ImmutableMap<string, T>();
    if (!this.transient) return index.set(value, bucket.set(key, obj));
    const mutable = bucket.asMutable();
    mutable.set(key, obj);
    this.touched.add(mutable);
    return mutable === bucket ? index : index.set(value, mutable);
  }

  private leave(index: Index<T>, value: string, key: string): Index<T> {
    const bucket = index.get(value);
    if (bucket === undefined) return index;
    if (!this.transient) {
      const next = bucket.delete(key);
      return next.size === 0 ? index.delete(value) : index.set(value, next);
    }
    const mutable = bucket.asMutable();
    mutable.delete(key);
    if (mutable.size === 0) {
      this.touched.delete(mutable);
      return index.delete(value);
    }
    this.touched.add(mutable);
    return mutable === bucket ? index : index.set(value, mutable);
  }
}
