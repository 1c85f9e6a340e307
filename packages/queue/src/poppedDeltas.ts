import type { Deltas } from './deltas.js';

/**
 * A key's changes taken off a `DeltaFIFO` for processing: what the `deltaFifo` operator emits
 * as its `popped` event. The queue keeps this very record as its item in flight until the
 * processing ends, so a pop allocates nothing beyond it and its `Deltas`.
 *
 * @typeParam T - the object type
 * @example
 * ```ts
 * const applied = (popped: PoppedDeltas<Pod>): void =>
 *   void applyDeltas(indexer, popped.deltas, popped.isInInitialList);
 * ```
 */
export interface PoppedDeltas<T> {
  readonly type: 'popped';
  /** The key the changes were queued under. */
  readonly key: string;
  /** The key's changes, oldest first. */
  readonly deltas: Deltas<T>;
  /** Whether the changes belong to the initial list (the queue has not synced yet). */
  readonly isInInitialList: boolean;
}
