import { DeltaFIFO } from './deltaFifoQueue.js';
import type { DeltaFIFOOptions } from './deltaFifoQueueOptions.js';
import type { DrainableQueue } from './drainableQueue.js';
import { RealFIFOOptionsError } from './errors.js';
import { RealFIFO } from './realFifo.js';
import {
  KeyedRelistProgress,
  OrderedRelistProgress,
  type RelistProgress,
} from './relistProgress.js';

/**
 * Which queue sits between the Reflector and the cache:
 *
 * - `'real'`: client-go's `RealFIFO` (its informers' default since `InOrderInformers`, GA in
 *   1.36): every change is kept and popped on its own, in the order of the watch stream.
 * - `'delta'`: client-go's `DeltaFIFO`: changes are coalesced per key, a key is popped with its
 *   whole history, and keys come out in the order they were first queued.
 */
export type FifoKind = 'delta' | 'real';

/**
 * The queue of a kind, and how its relists are followed.
 *
 * @param kind - which queue
 * @param options - its options (`emitDeltaTypeReplaced` is `DeltaFIFO`'s alone: `RealFIFO`
 *   always records `Replaced`; `atomicEvents` is `RealFIFO`'s alone, and drops
 *   `knownObjects`, which an atomic queue never reads, as client-go's informer does)
 * @returns the queue and a fresh {@link RelistProgress} for it
 * @throws `RangeError` for a kind that is neither (from untyped callers)
 * @throws `RealFIFOOptionsError` for `atomicEvents` with a `DeltaFIFO`
 * @internal
 */
export function createFifo<T>(
  kind: FifoKind,
  options: DeltaFIFOOptions<T> & { readonly atomicEvents?: boolean | undefined },
): { readonly queue: DrainableQueue<T>; readonly relists: RelistProgress } {
  const { atomicEvents = false, ...deltaFifoOptions } = options;
  if (kind === 'real') {
    const { keyFunction, knownObjects, transformer } = deltaFifoOptions;
    return {
      queue: new RealFIFO<T>({
        keyFunction,
        knownObjects: atomicEvents ? undefined : knownObjects,
        transformer,
        atomicEvents,
      }),
      relists: new OrderedRelistProgress(),
    };
  }
  if (kind !== 'delta') throw new RangeError(`fifo must be 'delta' or 'real', not ${String(kind)}`);
  if (atomicEvents) throw new RealFIFOOptionsError("atomicEvents needs fifo: 'real'");
  return { queue: new DeltaFIFO<T>(deltaFifoOptions), relists: new KeyedRelistProgress() };
}
