import { IndexConflictError, IndexFuncError } from './indexErrors.js';
import { type IndexFunc, type Indexers, type SingleIndexFunc, singleFormOf } from './indexFunc.js';

/**
 * An object's values in one index, as the write path carries them: one value as a plain string,
 * no value as `undefined`, several (or the result of a function with no single form) as an array.
 *
 * @internal
 */
export type IndexValues = string | readonly string[] | undefined;

/**
 * The immutable set of index functions of one Indexer state, each at a fixed position that the
 * state's index array is aligned with. `addIndexers` replaces the table, so a snapshot keeps
 * the table it was taken with.
 *
 * @internal
 */
export class IndexerTable<T> {
  /** Index names, by position. */
  readonly names: readonly string[];
  /** Index functions, by position. */
  readonly funcs: readonly IndexFunc<T>[];
  /** The indexers as given, frozen; what `getIndexers` returns. */
  readonly record: Readonly<Indexers<T>>;
  /** Allocation-free forms of the index functions, by position, where one is known. */
  private readonly singles: readonly (SingleIndexFunc<T> | undefined)[];
  private readonly positions: ReadonlyMap<string, number>;

  /** @param indexers - the index functions by name */
  constructor(indexers: Indexers<T>) {
    this.names = Object.keys(indexers);
    this.funcs = this.names.map((name) => indexers[name] as IndexFunc<T>);
    this.singles = this.funcs.map((func) => singleFormOf(func));
    this.positions = new Map(this.names.map((name, position) => [name, position]));
    this.record = Object.freeze({ ...indexers });
  }

  /**
   * @param name - an index name
   * @returns the index position, or `undefined` when no index has that name
   */
  positionOf(name: string): number | undefined {
    return this.positions.get(name);
  }

  /**
   * @param added - index functions to register
   * @returns a table with the current indexers followed by `added`
   * @throws {@link IndexConflictError} if a name in `added` is registered already
   */
  with(added: Indexers<T>): IndexerTable<T> {
    const conflicts = Object.keys(added).filter((name) => this.positions.has(name));
    if (conflicts.length > 0) throw new IndexConflictError(conflicts);
    return new IndexerTable({ ...this.record, ...added });
  }

  /**
   * Runs one index function.
   *
   * @param position - the index position
   * @param obj - the object to index
   * @param key - the object's key, for the error message
   * @returns the index values
   * @throws {@link IndexFuncError} wrapping whatever the index function threw
   */
  valuesOf(position: number, obj: T, key: string | undefined): string[] {
    try {
      return (this.funcs[position] as IndexFunc<T>)(obj);
    } catch (error) {
      throw new IndexFuncError(this.names[position] as string, key, error);
    }
  }

  /**
   * Runs one index function, through its single-valued form when it has one, which allocates
   * nothing.
   *
   * @param position - the index position
   * @param obj - the object to index
   * @param key - the object's key, for the error message
   * @returns the index values
   * @throws {@link IndexFuncError} wrapping whatever the index function threw
   */
  indexValuesOf(position: number, obj: T, key: string): IndexValues {
    const single = this.singles[position];
    if (single === undefined) return this.valuesOf(position, obj, key);
    try {
      return single(obj);
    } catch (error) {
      throw new IndexFuncError(this.names[position] as string, key, error);
    }
  }
}
