import { type Owner, forEachEntry } from './hamt.js';
import { IndexerState, stateOf } from './indexerState.js';

/**
 * The fewest unread writes after which the objects move into a map, so that a small cache does
 * not switch back and forth.
 */
const minUnreadWrites = 1024;

/**
 * Where the live Indexer keeps its objects: in its state's persistent trie, or in a `Map`.
 *
 * Writes that nobody reads as a whole (an informer with only event handlers) need no persistent
 * trie. Once more writes went unread than the Indexer holds objects (and at least
 * {@link minUnreadWrites}), and while `indexer$` has no subscribers, the objects move into a
 * map; the trie is dropped, so memory does not grow unless a snapshot taken before is still
 * held. A write then costs a map update instead of trie edits. The next read of the trie (a
 * snapshot, an index, a list) or a write while `indexer$` has subscribers rebuilds it. Each move
 * costs O(objects), paid for by at least as many writes.
 *
 * @typeParam T - the object type
 * @internal
 */
export class LiveObjects<T> {
  /** The objects by key while they are out of the trie. */
  private map: Map<string, T> | undefined;
  // Writes since the trie was last read.
  private unreadWrites = 0;

  /** @returns the objects by key while they are in the map (point reads), else `undefined` */
  get inMap(): ReadonlyMap<string, T> | undefined {
    return this.map;
  }

  /**
   * Called for every write: decides where it goes, moving the objects if the time has come.
   *
   * @param state - the Indexer's state
   * @param observed - whether `indexer$` has subscribers
   * @param owner - the edit token, for a rebuilt trie
   * @returns the map to write to, or `undefined` to write to the trie
   * @throws IndexFuncError when the trie is rebuilt and an index function is not pure
   */
  forWrite(state: IndexerState<T>, observed: boolean, owner: Owner): Map<string, T> | undefined {
    if (this.map !== undefined) {
      if (!observed) return this.map;
      this.toTrie(state, owner);
      return undefined;
    }
    if (++this.unreadWrites <= Math.max(state.size, minUnreadWrites) || observed) return undefined;
    const map = new Map<string, T>();
    forEachEntry(state.items, (key, obj) => map.set(key, obj));
    state.assign(IndexerState.empty(state.table, state.keyFunc, state.resourceVersion));
    this.map = map;
    return map;
  }

  /**
   * Called before the trie is read: brings the objects back into it.
   *
   * @param state - the Indexer's state
   * @param owner - the edit token
   * @throws IndexFuncError when an index function is not pure (the objects stay in the map)
   */
  forRead(state: IndexerState<T>, owner: Owner): void {
    this.unreadWrites = 0;
    this.toTrie(state, owner);
  }

  /** Forgets the map and the count: the state was just built anew (`replace`). */
  reset(): void {
    this.map = undefined;
    this.unreadWrites = 0;
  }

  private toTrie(state: IndexerState<T>, owner: Owner): void {
    const { map } = this;
    if (map === undefined) return;
    // Built before the map is dropped: if an index function throws on an object it accepted
    // when it was written, the objects stay in the map and only the read fails.
    state.assign(stateOf(state.table, state.keyFunc, state.resourceVersion, map, owner));
    this.map = undefined;
  }
}
