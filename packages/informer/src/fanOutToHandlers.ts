import type { FifoInput, FifoResync } from '@rxkube/queue';
import { tap, type MonoTypeOperatorFunction } from 'rxjs';
import type { IndexerEvent } from './applyToIndexer.js';
import type { ProcessorListener } from './processorListener.js';
import type { SharedProcessor } from './sharedProcessor.js';

/**
 * A resync made due by one handler, on its way into the queue.
 *
 * @typeParam T - the object type
 */
export interface ResyncRequest<T> extends FifoResync {
  /** The handler whose resync is due. */
  readonly due: ProcessorListener<T>;
}

/**
 * Hands the cache's changes to the informer's handlers (client-go's `sharedProcessor`): each
 * applied pop's events are distributed (changes to every handler, `Sync` updates only to the
 * handlers whose resync queued them), and the `queued` event of each {@link ResyncRequest}
 * plans who gets the `Sync`s it queued. Handlers buffer what they receive and run
 * asynchronously, so this step is synchronous and short. Every event passes through unchanged.
 *
 * ```
 * source: -q-a-|     (q: queued resync of handler h, a: applied pop of a key it queued)
 * h gets:  ---u      (the Sync update; other handlers get nothing)
 * ```
 *
 * @typeParam T - the object type
 * @typeParam I - the queue's inputs
 * @param processor - the informer's handlers
 * @returns an operator that passes every event on
 * @internal
 */
export function fanOutToHandlers<T, I extends FifoInput<T>>(
  processor: Pick<SharedProcessor<T>, 'distribute' | 'planResync'>,
): MonoTypeOperatorFunction<IndexerEvent<T, I>> {
  return tap(fanOutToHandlersStep<T, I>(processor));
}

/**
 * What {@link fanOutToHandlers} does with each event, as a function: for a pipeline that runs
 * several such steps in one `tap`, since every operator costs each event a hop.
 *
 * @typeParam T - the object type
 * @typeParam I - the queue's inputs
 * @param processor - the informer's handlers
 * @returns the step, to call with every event in order
 * @internal
 */
export function fanOutToHandlersStep<T, I extends FifoInput<T>>(
  processor: Pick<SharedProcessor<T>, 'distribute' | 'planResync'>,
): (event: IndexerEvent<T, I>) => void {
  return (event) => {
    if (event.type === 'applied') processor.distribute(event.key, event.events);
    else if (event.type === 'queued' && isResyncRequest<T>(event.input)) {
      processor.planResync(event.keys, event.input.due);
    }
  };
}

function isResyncRequest<T>(input: FifoInput<unknown>): input is ResyncRequest<T> {
  return input.type === 'resync' && 'due' in input;
}
