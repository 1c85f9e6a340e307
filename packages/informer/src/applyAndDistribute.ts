import {
  DeltaType,
  type DeltaFifoEvent,
  type FifoInput,
  type FifoKind,
  type PoppedDeltas,
} from '@rxkube/queue';
import type { Indexer, KeyFunc } from '@rxkube/store';
import type { OperatorFunction } from 'rxjs';
import { applyPops, type PopSink } from './applyPops.js';
import type { ErrorContext } from './errors.js';
import type { MemoizedKeyFunc } from './lastKeyMemo.js';
import type { ObjectFailure } from './objectFailure.js';
import type { SharedProcessor } from './sharedProcessor.js';

/**
 * What {@link applyAndDistribute} emits: the queue's events without its pops, and an
 * {@link ObjectFailure} for each change the cache refused.
 *
 * @typeParam T - the object type
 * @typeParam I - the queue's inputs
 * @internal
 */
export type DistributedEvent<T, I> = Exclude<DeltaFifoEvent<T, I>, PoppedDeltas<T>> | ObjectFailure;

/**
 * The informer's per-event path in one step: `applyToIndexer` followed by the distribution of
 * each pop to the handlers (`fanOutToHandlers`' `applied` branch), fused. Each delta is
 * written with one `Indexer.put` (one key lookup) and handed to the processor as it is
 * applied, so a watch event makes the handlers' event and no intermediate `ResourceEvent` nor
 * `AppliedPop`. The cache's resource version, the batches and the failures are
 * `applyToIndexer`'s; handlers still run later, from their own buffers.
 *
 * ```
 * source: -q-p-s-|     (q: queued, p: popped, s: synced)
 * output: -q---s-|     (p's changes now in the Indexer and in the handlers' buffers)
 * ```
 *
 * @typeParam T - the object type
 * @typeParam I - the queue's inputs
 * @param indexer - the cache to write
 * @param errorContext - the resource and version to name in an `ObjectError`
 * @param fifo - the queue the events come from
 * @param processor - the informer's handlers
 * @param keyFunc - the Indexer's key function, to expand changes of the whole cache (a
 *   {@link MemoizedKeyFunc} learns each popped object's key, see `applyPops`)
 * @returns an operator from the queue's events to {@link DistributedEvent}s
 * @internal
 */
export function applyAndDistribute<T extends object, I extends FifoInput<T>>(
  indexer: Indexer<T>,
  errorContext: () => ErrorContext,
  fifo: FifoKind,
  processor: Pick<SharedProcessor<T>, 'startKey' | 'added' | 'updated' | 'deleted'>,
  keyFunc?: KeyFunc<T> | MemoizedKeyFunc<T>,
): OperatorFunction<DeltaFifoEvent<T, I>, DistributedEvent<T, I>> {
  const sink = (): PopSink<T, never> => ({
    start: (key) => processor.startKey(key),
    apply: (delta, isInInitialList) => {
      if (delta.type === DeltaType.Deleted) {
        indexer.delete(delta.object);
        processor.deleted(delta.object);
        return;
      }
      const old = indexer.put(delta.object);
      if (old === undefined) processor.added(delta.object, isInInitialList);
      else processor.updated(old, delta.object, delta.type);
    },
    popped: () => undefined,
  });
  return applyPops<T, I, never>(indexer, errorContext, fifo, sink, keyFunc);
}
