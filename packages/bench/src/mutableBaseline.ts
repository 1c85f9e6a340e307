import type { IndexFunc, Indexers, KeyFunc } from '@rxkube/store';

/**
 * The baseline every figure is compared with: a plain mutable `Map` of items plus, per index,
 * a `Map` from index value to a `Set` of keys, maintained on every write exactly as client-go's
 * `threadSafeMap` does (same-single-value fast path, empty sets removed). No snapshots.
 */
export class MutableBaseline<T> {
  /** Items by key. */
  readonly items = new Map<string, T>();
  private readonly names: string[];
  private readonly funcs: IndexFunc<T>[];
  private readonly indices: Map<string, Set<string>>[];

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
    this.indices = this.names.map(() => new Map());
  }

  /** @param obj - object to add or replace */
  update(obj: T): void {
    const key = this.keyFunc(obj);
    const old = this.items.get(key);
    this.items.set(key, obj);
    for (let i = 0; i < this.funcs.length; i++) {
      const fn = this.funcs[i] as IndexFunc<T>;
      const index = this.indices[i] as Map<string, Set<string>>;
      const after = fn(obj);
      const before = old === undefined ? [] : fn(old);
      if (before.length === 1 && after.length === 1 && before[0] === after[0]) continue;
      for (const value of before) {
        const keys = index.get(value);
        if (keys === undefined) continue;
        keys.delete(key);
        if (keys.size === 0) index.delete(value);
      }
      for (const value of after) {
        let keys = index.get(value);
        if (keys === undefined) index.set(value, (keys = new Set()));
        keys.add(key);
      }
    }
  }

  /**
   * @param indexName - index name
   * @param value - index value
   * @returns the objects under that value
   */
  byIndex(indexName: string, value: string): T[] {
    const keys = this.indices[this.names.indexOf(indexName)]?.get(value);
    const out: T[] = [];
    if (keys !== undefined) for (const key of keys) out.push(this.items.get(key) as T);
    return out;
  }
}
