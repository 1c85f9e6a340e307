import {
  applyDelta,
  type DeltaFifoEvent,
  type FifoInput,
  type FifoKind,
  type PoppedDeltas,
  type ResourceEvent,
} from '@rxkube/queue';
import { deletionHandlingMetaNamespaceKeyFunc, type Indexer, type KeyFunc } from '@rxkube/store';
import type { OperatorFunction } from 'rxjs';
import { applyPops } from './applyPops.js';
import type { ErrorContext } from './errors.js';
import type { ObjectFailure } from './objectFailure.js';

/**
 * One pop of the queue, applied to the Indexer: the key and the events its handlers receive.
 *
 * The same object, and the same `events` array, serve every pop of a subscription: they are
 * valid during the synchronous `next` that delivers them, and emptied once it returns, so the
 * hot path allocates nothing per pop and no object is held past its pop. Copy what you keep.
 *
 * @typeParam T - the object type
 */
export interface AppliedPop<T> {
  readonly type: 'applied';
  /** The key whose changes were applied. */
  readonly key: string;
  /** What the changes did to the cache, in order (as `applyDeltas` returns them). */
  readonly events: readonly ResourceEvent<T>[];
}

/**
 * What {@link applyToIndexer} emits: the queue's events with each `popped` replaced by its
 * {@link AppliedPop}, and an {@link ObjectFailure} for each change the cache refused.
 *
 * @typeParam T - the object type
 * @typeParam I - the queue's inputs
 */
export type IndexerEvent<T, I> =
  Exclude<DeltaFifoEvent<T, I>, PoppedDeltas<T>> | AppliedPop<T> | ObjectFailure;

/** The mutable form of {@link AppliedPop}, kept inside the operator. */
interface AppliedPopSlot<T> {
  readonly type: 'applied';
  key: string;
  readonly events: ResourceEvent<T>[];
}

/**
 * Applies each pop of the `deltaFifo` operator to `indexer` as ONE Indexer batch (one
 * snapshot per pop), the way client-go's informer processes deltas, and keeps the Indexer's
 * resource version: the version of the last input (list, watch event, bookmark) such that it
 * and every input before it, in stream order, have been applied (a `VersionWatermark` for a
 * `DeltaFIFO`, a `StreamVersion` for a `RealFIFO`, fed from the `queued` and `popped` events). The version never goes backwards and never claims a
 * change still queued. An input that queued nothing (an empty list, a bookmark, the deletion of
 * an unknown key) moves it at once; one that queued keys moves it when its last key is applied.
 * Resyncs carry cached objects and move no version.
 *
 * A change the cache refuses (an index function that throws) is skipped and emitted as an
 * {@link ObjectFailure} (stage `cache`) before the pop's {@link AppliedPop}; the key's other
 * changes are applied. Every other event passes through in order.
 *
 * A change of the whole cache (from a `RealFIFO` with `atomicEvents`) is expanded against the
 * Indexer (`expandAtomicDelta`) and applied in the same single batch, so the cache and the
 * handlers see what the per-object changes would have given: a `ReplacedAll` comes out as one
 * {@link AppliedPop} per object it touched (under that object's key, as each would have been
 * popped), a `SyncAll` as one {@link AppliedPop} under the key it was queued under, where the
 * handlers due for the resync were planned.
 *
 * The Indexer must not take its version from writes (`resourceVersionFromWrites: false`).
 *
 * ```
 * source: -q-p-s-|     (q: queued, p: popped, s: synced)
 * output: -q-a-s-|     (a: the AppliedPop of p, its changes now in the Indexer)
 * ```
 *
 * @typeParam T - the object type
 * @typeParam I - the queue's inputs
 * @param indexer - the cache to write
 * @param errorContext - the resource and version to name in an `ObjectError`
 * @param fifo - the queue the events come from (default `'delta'`): how the version follows
 *   its pops (`resourceVersionTracker` in `@rxkube/queue`)
 * @param keyFunc - the Indexer's key function, to expand changes of the whole cache (default
 *   `deletionHandlingMetaNamespaceKeyFunc`, the Indexer's default)
 * @returns an operator from the queue's events to {@link IndexerEvent}s
 * @example
 * ```ts
 * const indexer = new Indexer<Pod>({ resourceVersionFromWrites: false });
 * inputs$.pipe(
 *   deltaFifo({ knownObjects: indexer, emitDeltaTypeReplaced: true }),
 *   applyToIndexer(indexer, () => ({ resource: 'pods' })),
 * ).subscribe((event) => {
 *   if (event.type === 'applied') console.log(event.key, event.events.length);
 * });
 * ```
 */
export function applyToIndexer<T extends object, I extends FifoInput<T>>(
  indexer: Indexer<T>,
  errorContext: () => ErrorContext,
  fifo: FifoKind = 'delta',
  keyFunc: KeyFunc<T> = deletionHandlingMetaNamespaceKeyFunc,
): OperatorFunction<DeltaFifoEvent<T, I>, IndexerEvent<T, I>> {
  return applyPops<T, I, AppliedPop<T>>(
    indexer,
    errorContext,
    fifo,
    () => {
      const applied: AppliedPopSlot<T> = { type: 'applied', key: '', events: [] };
      return {
        start: () => undefined,
        apply: (delta, isInInitialList) => {
          applied.events.push(applyDelta(indexer, delta, isInInitialList));
        },
        popped: (key, next) => {
          applied.key = key;
          try {
            next(applied);
          } finally {
            // Holds no object past its pop.
            applied.events.length = 0;
          }
        },
      };
    },
    keyFunc,
  );
}
