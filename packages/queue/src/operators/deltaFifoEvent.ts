import type { KeyError } from '@rxkube/store';
import type { PoppedDeltas } from '../poppedDeltas.js';
import type { FifoInput } from './fifoInput.js';

/**
 * The queue took an input: the keys it queued a change for, as the `DeltaFIFO` method reported
 * them. For a `replace`, the listed keys and those that received a tombstone (a relist started
 * when there are any); for a `resync`, the keys that received a `Sync`; for `add` and
 * `update`, the key; for a `delete`, the key, or none when the deletion was skipped; for a
 * `bookmark`, none. An input whose objects were skipped for lack of a key reports the keys of
 * its other objects. Emitted before any key it queued is popped.
 *
 * @typeParam I - the inputs
 */
export interface DeltaFifoQueued<I> {
  readonly type: 'queued';
  readonly input: I;
  readonly keys: readonly string[];
}

/**
 * Every key a relist (a `replace`) queued has been popped and processed, including those queued
 * by relists that arrived before it was done: the cache holds the list's result. Emitted right
 * after the `popped` (or last `processed`) of the last such key, or right after the `queued` of
 * a `replace` that queued nothing.
 */
export interface DeltaFifoRelistApplied {
  readonly type: 'relistApplied';
  /** The version of the latest of those lists. */
  readonly resourceVersion: string;
}

/**
 * The initial list has been processed (the queue `hasSynced`), or an add, update or delete
 * came before any list. Emitted once.
 */
export interface DeltaFifoSynced {
  readonly type: 'synced';
}

/**
 * The queue's depth changed: how many keys have changes waiting (a key being processed is not
 * counted). Emitted after an input queued a new key (before its `queued`), when a key is taken
 * for processing (before its `popped`), and when a failed step's changes are requeued. The
 * depth is 0 until told otherwise.
 */
export interface DeltaFifoDepth {
  readonly type: 'depth';
  readonly depth: number;
}

/**
 * An object without a key was skipped (with `keyErrors: 'skip'`): a write is dropped, a
 * `replace` goes ahead with its other objects. Emitted before the input's `queued`.
 *
 * @typeParam I - the inputs
 */
export interface DeltaFifoSkipped<I> {
  readonly type: 'skipped';
  readonly error: KeyError;
  readonly input: I;
}

/**
 * A value the `process` step emitted for a key.
 *
 * @typeParam R - what `process` emits
 */
export interface DeltaFifoProcessed<R> {
  readonly type: 'processed';
  /** The key being processed. */
  readonly key: string;
  readonly value: R;
}

/**
 * What the `deltaFifo` operator did, in the order it did it. Without a `process` step a key's
 * changes come out as `popped`, and processing of the key ends when the downstream's
 * synchronous `next` returns.
 *
 * @typeParam T - the object type
 * @typeParam I - the inputs
 * @example
 * ```ts
 * const applied$ = inputs$.pipe(
 *   deltaFifo({ knownObjects: indexer }),
 *   filter((event): event is PoppedDeltas<Pod> => event.type === 'popped'),
 * );
 * ```
 */
export type DeltaFifoEvent<T, I = FifoInput<T>> =
  | DeltaFifoQueued<I>
  | PoppedDeltas<T>
  | DeltaFifoRelistApplied
  | DeltaFifoSynced
  | DeltaFifoDepth
  | DeltaFifoSkipped<I>;

/**
 * What the `deltaFifo` operator emits when given a `process` step: the values of the step
 * instead of `popped`, and the rest of {@link DeltaFifoEvent}.
 *
 * @typeParam T - the object type
 * @typeParam R - what `process` emits
 * @typeParam I - the inputs
 */
export type DeltaFifoProcessEvent<T, R, I = FifoInput<T>> =
  Exclude<DeltaFifoEvent<T, I>, PoppedDeltas<T>> | DeltaFifoProcessed<R>;

/** The `synced` event: one frozen value, since it carries nothing. */
export const syncedEvent: DeltaFifoSynced = Object.freeze({ type: 'synced' });

// Depth events are frozen and shared per depth, so that reporting the depth on the path of
// every watch event (a key queued, then popped) allocates nothing. Depths past the cache are
// rare (that many distinct keys waiting) and allocate.
const depthEvents: DeltaFifoDepth[] = [];
const cachedDepths = 4096;

/**
 * @param depth - the queue's depth
 * @returns the `depth` event for it
 * @internal
 */
export function depthEvent(depth: number): DeltaFifoDepth {
  if (depth >= cachedDepths) return { type: 'depth', depth };
  return (depthEvents[depth] ??= Object.freeze({ type: 'depth', depth }));
}
