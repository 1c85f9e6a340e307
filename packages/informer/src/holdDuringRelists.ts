import type { FifoInput } from '@rxkube/queue';
import type { IndexerEvent } from './applyToIndexer.js';
import { tap, type MonoTypeOperatorFunction } from 'rxjs';

/** What {@link holdDuringRelists} drives: a snapshot stream that can be held. */
export interface Holdable {
  /** Holds emission at the current snapshot. */
  hold(): void;
  /** Ends a hold, emitting the current snapshot once. */
  release(): void;
}

/**
 * Holds a snapshot stream while a relist is being applied, so that its readers go from one
 * consistent state to the next in ONE emission: holds at the `queued` event of a `replace`
 * that queued keys (before any of them is popped), releases at `relistApplied` (after the
 * last of them, and of those of relists that came meanwhile, has been applied). A `replace`
 * that queued nothing holds nothing. Every event passes through unchanged.
 *
 * ```
 * source: -r-a-a-R-a-|     (r: queued replace with keys, a: applied pop, R: relistApplied)
 * held:    ^-----^         (the stream emits once at R, then after each pop again)
 * ```
 *
 * @typeParam T - the object type
 * @typeParam I - the queue's inputs
 * @param holder - the stream to hold, e.g. the informer's `indexer$`
 * @returns an operator that passes every event on
 * @example
 * ```ts
 * inputs$.pipe(
 *   deltaFifo({ knownObjects: indexer, emitDeltaTypeReplaced: true }),
 *   applyToIndexer(indexer, context),
 *   holdDuringRelists(holder),
 * );
 * ```
 */
export function holdDuringRelists<T, I extends FifoInput<T>>(
  holder: Holdable,
): MonoTypeOperatorFunction<IndexerEvent<T, I>> {
  return tap(holdDuringRelistsStep<T, I>(holder));
}

/**
 * What {@link holdDuringRelists} does with each event, as a function: for a pipeline that
 * runs several such steps in one `tap`, since every operator costs each event a hop.
 *
 * @typeParam T - the object type
 * @typeParam I - the queue's inputs
 * @param holder - the stream to hold
 * @returns the step, to call with every event in order
 * @internal
 */
export function holdDuringRelistsStep<T, I extends FifoInput<T>>(
  holder: Holdable,
): (event: IndexerEvent<T, I>) => void {
  return (event) => {
    if (event.type === 'relistApplied') holder.release();
    else if (event.type === 'queued' && event.input.type === 'replace' && event.keys.length > 0) {
      holder.hold();
    }
  };
}
