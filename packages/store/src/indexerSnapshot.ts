import type { IndexerState } from './indexerState.js';
import { IndexerView } from './indexerView.js';

/**
 * An immutable view of an {@link Indexer} at one point in time: every read method of the
 * Indexer, plus `size` and `resourceVersion`, answering as the Indexer did when the snapshot was
 * taken. Later writes never change it.
 *
 * Snapshots share structure with the Indexer and with each other, so taking one is O(1) and
 * holding many costs only what differs between them.
 *
 * @typeParam T - the cached object type
 * @example
 * ```ts
 * const before = indexer.snapshot();
 * indexer.delete(pod);
 * before.getByKey('default/web'); // still the pod
 * ```
 */
export class IndexerSnapshot<T> extends IndexerView<T> {
  /**
   * @param state - a frozen state that nothing edits any more
   * @internal
   */
  constructor(state: IndexerState<T>) {
    super(state);
  }
}
