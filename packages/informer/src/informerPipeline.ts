import { deltaFifo, discards, type DeltaFifoEvent, type FifoKind } from '@rxkube/queue';
import type { Indexer, KeyFunc } from '@rxkube/store';
import {
  asyncScheduler,
  filter,
  identity,
  map,
  mergeWith,
  retry,
  tap,
  timer,
  type MonoTypeOperatorFunction,
  type Observable,
  type SchedulerLike,
} from 'rxjs';
import { applyAndDistribute } from './applyAndDistribute.js';
import type { IndexerEvent } from './applyToIndexer.js';
import { InternalError, type ErrorContext } from './errors.js';
import { fanOutToHandlersStep, type ResyncRequest } from './fanOutToHandlers.js';
import { holdDuringRelistsStep } from './holdDuringRelists.js';
import type { InformerProgress } from './informerProgress.js';
import type { InformerTelemetry } from './informerTelemetry.js';
import type { MemoizedKeyFunc } from './lastKeyMemo.js';
import { microtaskScheduler } from './microtaskScheduler.js';
import type { ListerWatcher } from './listerWatcher.js';
import { listsToReplace, type ReflectorInput } from './listsToReplace.js';
import { prepareObjects } from './prepareObjects.js';
import { timePops } from './timePops.js';
import type { ProcessorListener } from './processorListener.js';
import { reflector } from './reflector.js';
import type { ReflectorEvent } from './reflectorEvent.js';
import type { ReflectorOptions } from './reflectorOptions.js';
import type { SharedProcessor } from './sharedProcessor.js';
import type { SnapshotHolder } from './snapshotHolder.js';

/** What the informer queues: the Reflector's inputs and the handlers' resyncs. */
export type InformerInput<T> = ReflectorInput<T> | ResyncRequest<T>;

/**
 * The parts of a `SharedIndexInformer` its pipeline is made of.
 *
 * @internal
 */
export interface InformerPipelineParts<T extends object> {
  readonly lw: ListerWatcher<T>;
  readonly reflector: ReflectorOptions;
  /**
   * The Reflector's events when they do not come from one Reflector on `lw` (a shard that
   * changes, see `followShards`).
   */
  readonly events?: Observable<ReflectorEvent<T>> | undefined;
  readonly indexer: Indexer<T>;
  /** The Indexer's key function, memoized: each pop tells it the key of what it writes. */
  readonly keyFunc: KeyFunc<T> | MemoizedKeyFunc<T>;
  readonly transform: ((obj: T) => T) | undefined;
  readonly freeze: boolean;
  readonly fifo: FifoKind;
  /** Whether a `'real'` queue records relists and resyncs as one change each. */
  readonly atomicEvents: boolean;
  readonly scheduler: SchedulerLike;
  /** The clock of the processing latency, in ms. */
  readonly now: () => number;
  /** Publishes `indexer$`; with `hold`, a relist comes out as one snapshot. */
  readonly snapshots: SnapshotHolder<T>;
  readonly hold: boolean;
  readonly processor: SharedProcessor<T>;
  /** Emits a handler each time its resync is due. */
  readonly resyncRequests: Observable<ProcessorListener<T>>;
  readonly progress: InformerProgress;
  readonly telemetry: InformerTelemetry;
  readonly errorContext: () => ErrorContext;
}

/**
 * The informer as one pipeline of values (subscribing runs it, unsubscribing stops the watch
 * and drops the queue): the Reflector's lists and watch events are prepared and queued; each
 * pop is applied to the Indexer as one batch, `indexer$` is held while a relist is applied,
 * and the pop's events go to the handlers. Progress and failures are read off the stream. A
 * defect in the pipeline itself is reported as an `InternalError`, and it starts over a second
 * later with a new queue (which relists) rather than going silent.
 *
 * @typeParam T - the object type
 * @param parts - the informer's parts
 * @returns the pipeline's events; it never completes or errors
 * @internal
 */
export function informerPipeline<T extends object>(
  parts: InformerPipelineParts<T>,
): Observable<IndexerEvent<T, InformerInput<T>>> {
  const { indexer, snapshots, progress, errorContext } = parts;
  // The steps every event of the queue goes through after the cache, run in ONE `tap`: each
  // operator would cost every event (several per watch event) a hop of its own.
  const hold = parts.hold ? holdDuringRelistsStep<T, InformerInput<T>>(snapshots) : undefined;
  const fanOut = fanOutToHandlersStep<T, InformerInput<T>>(parts.processor);
  const resyncs = parts.resyncRequests.pipe(
    map((due): ResyncRequest<T> => ({ type: 'resync', due })),
  );
  // Two pipes, so that RxJS types each step (its typings stop at nine); `retry` resubscribes
  // to the whole chain, Reflector and queue included.
  const queued = (parts.events ?? reflector(parts.lw, parts.reflector)).pipe(
    listsToReplace(),
    tap((input) => progress.arrived(input)),
    prepareObjects({ transform: parts.transform, freeze: parts.freeze, errorContext }),
    // Observing in the filter spares each input a hop: failures are read, then dropped.
    filter((input): input is ReflectorInput<T> => {
      progress.observe(input);
      return input.type !== 'objectError';
    }),
    mergeWith(resyncs),
    deltaFifo<T, InformerInput<T>>({
      fifo: parts.fifo,
      atomicEvents: parts.atomicEvents,
      knownObjects: indexer,
      keyFunction: parts.keyFunc,
      emitDeltaTypeReplaced: true,
      scheduler: parts.scheduler,
      // A drain per burst of watch events: on the real clock, a microtask at less cost than
      // `asapScheduler`'s; under a virtual one, the default `asapScheduler`, which it follows.
      drainScheduler: parts.scheduler === asyncScheduler ? microtaskScheduler : undefined,
      keyErrors: 'skip',
      // With consistent snapshots, the keys popped in one turn are published as one snapshot:
      // a burst of watch events costs one seal of the trie, not one per key.
      aroundDrain: parts.hold ? (drain) => indexer.batch(drain) : undefined,
    }),
  );
  const latency = parts.telemetry.series.processingLatency;
  // Two clock reads per pop are wasted on a histogram that discards them (no metrics provider).
  const timed: MonoTypeOperatorFunction<DeltaFifoEvent<T, InformerInput<T>>> = discards(latency)
    ? identity
    : timePops(parts.now, (seconds) => latency.observe(seconds));
  return queued.pipe(
    timed,
    // Applies each pop and hands its changes to the handlers in one step (no intermediate
    // event per change); `fanOutToHandlers` then only sees the queued resyncs it plans.
    applyAndDistribute<T, InformerInput<T>>(
      indexer,
      errorContext,
      parts.fifo,
      parts.processor,
      parts.keyFunc,
    ),
    tap({
      subscribe: () => progress.resetDepth(),
      next: (event) => {
        hold?.(event);
        fanOut(event);
        progress.observe(event);
      },
    }),
    retry({
      delay: (err: unknown) => {
        parts.telemetry.report(new InternalError(errorContext(), err));
        snapshots.release();
        return timer(1000, parts.scheduler);
      },
    }),
  );
}
