import type { KeyError } from '@rxkube/store';
import {
  Observable,
  Subscription,
  asyncScheduler,
  from,
  type ObservableInput,
  type OperatorFunction,
  type SchedulerLike,
} from 'rxjs';
import { DeltaFIFO } from '../deltaFIFO.js';
import type { DeltaFIFOOptions } from '../deltaFIFOOptions.js';
import type { Deltas } from '../deltas.js';
import { FIFOClosedError, RequeueError } from '../errors.js';
import { writeFifoInput, type FifoInput } from './fifoInput.js';

/**
 * The processing step of {@link deltaFifo}: handles one key's changes and returns what to emit
 * for them, as anything `from` accepts (like the projection of `concatMap`), or nothing for a
 * synchronous step that emits nothing. Processing of the key ends when that input completes (a
 * promise settles, an array is exhausted, an Observable completes); until then no other key is
 * processed.
 *
 * @typeParam T - the object type
 * @typeParam R - what the step emits
 * @param deltas - the key's changes, oldest first
 * @param isInInitialList - whether they belong to the initial list
 * @param key - the key the changes were queued under
 * @returns the values to emit downstream, or `undefined` for none
 */
export type ProcessDeltas<T, R> = (
  deltas: Deltas<T>,
  isInInitialList: boolean,
  key: string,
) => ObservableInput<R> | void;

/** How a processing step ended. */
type StepOutcome = 'done' | 'requeued' | { readonly error: unknown };

/**
 * A key's changes as emitted by {@link deltaFifo} when it has no `process` step.
 *
 * @typeParam T - the object type
 */
export interface PoppedDeltas<T> {
  readonly deltas: Deltas<T>;
  readonly isInInitialList: boolean;
  /** The key the changes were queued under. */
  readonly key: string;
}

/**
 * Configuration of {@link deltaFifo}: the {@link DeltaFIFOOptions} of its queue, plus the
 * processing step and error reporting.
 *
 * @typeParam T - the object type
 * @typeParam R - what `process` emits
 */
export interface DeltaFifoConfig<T, R> extends DeltaFIFOOptions<T> {
  /**
   * Handles each key's changes, one key at a time; its values are emitted downstream. Throwing,
   * or erroring with, a `RequeueError` puts the changes back (unless the key was queued again
   * meanwhile) and processing goes on; values already emitted stay emitted. Any other error
   * ends the stream with that error.
   *
   * Without it, each key's changes are emitted as {@link PoppedDeltas}, and processing a key
   * ends when the downstream's synchronous `next` returns: give asynchronous work to `process`,
   * not to a downstream `concatMap`, or it queues there without coalescing.
   */
  process?: ProcessDeltas<T, R>;
  /**
   * Reports an input whose object has no key, and skips it (a `replace` goes ahead with its
   * other objects). Without it, a `KeyError` ends the stream with that error.
   */
  onKeyError?: (error: KeyError, input: FifoInput<T>) => void;
  /**
   * Called once, when the initial list has been processed (the queue `hasSynced`), or at once
   * if an add, update or delete arrives before any replace.
   */
  onSynced?: () => void;
  /**
   * Told what each input did to the queue, right after the queue took it: the keys it queued a
   * change for, as the `DeltaFIFO` method reported them. For a `replace`, the listed keys and
   * those that received a tombstone (every key queued afterwards); for a `resync`, the keys
   * that received a `Sync`; for `add` and `update`, the key; for a `delete`, the key, or none
   * when the deletion was skipped. An input skipped by `onKeyError` reports no key (a `replace`
   * reports the keys of its other objects). This is how a caller learns which keys a relist or
   * a resync touched without re-deriving the queue's rules.
   *
   * Called before the step of any key it queued can run. If it throws, the output errors.
   */
  onWrite?: (input: FifoInput<T>, queuedKeys: readonly string[]) => void;
  /**
   * Told the queue's depth (how many keys have changes waiting; a key being processed is not
   * counted) each time it changes: after an input queued a new key (before `onWrite`), when a
   * key is taken for processing (before its step runs), and when a failed step's changes are
   * requeued. The depth is 0 until told otherwise, and the queue is dropped with the
   * subscription.
   */
  onDepth?: (depth: number) => void;
  /**
   * After a requeue the next pop waits for this scheduler (default `asyncScheduler`, a macrotask),
   * so that a key that keeps failing cannot starve the event loop with an endless promise chain.
   */
  scheduler?: SchedulerLike;
}

/**
 * Feeds a {@link DeltaFIFO} with the source's inputs and drains it through a processing step,
 * one key at a time: the reactive form of an informer's Reflector → DeltaFIFO → processLoop.
 *
 * While a key is being processed, new inputs keep arriving and coalesce per key in the queue, so
 * a slow step faces at most one entry per key, each with that key's full history in order.
 *
 * - Source completes: the queue is drained, then the output completes.
 * - Source errors, `process` fails (other than with `RequeueError`), or an input has no key
 *   without `onKeyError`: the output errors at once; queued changes are dropped.
 * - Unsubscribing closes the queue, unsubscribes the source and the running step, and cancels
 *   any pending pause; nothing keeps running.
 *
 * @param config - queue options, `process`, `onKeyError`, `onSynced`, `onWrite`, `onDepth`,
 *   `scheduler`
 * @returns an operator from {@link FifoInput} to the values of `process` (or
 *   {@link PoppedDeltas} without `process`)
 * @example
 * ```ts
 * const indexer = new Indexer<Pod>();
 * const events$ = reflectorInputs$.pipe(
 *   deltaFifo({
 *     knownObjects: indexer,
 *     emitDeltaTypeReplaced: true,
 *     process: (deltas, isInInitialList) => applyDeltas(indexer, deltas, isInInitialList),
 *   }),
 * ); // Observable<ResourceEvent<Pod>>
 * ```
 */
export function deltaFifo<T, R>(
  config: DeltaFifoConfig<T, R> & { process: ProcessDeltas<T, R> },
): OperatorFunction<FifoInput<T>, R>;
export function deltaFifo<T>(
  config?: DeltaFifoConfig<T, never> & { process?: undefined },
): OperatorFunction<FifoInput<T>, PoppedDeltas<T>>;
export function deltaFifo<T, R>(
  config: DeltaFifoConfig<T, R> = {},
): OperatorFunction<FifoInput<T>, R | PoppedDeltas<T>> {
  const {
    process,
    onKeyError,
    onSynced,
    onWrite,
    onDepth,
    scheduler = asyncScheduler,
    ...queueOptions
  } = config;
  const step: ProcessDeltas<T, R | PoppedDeltas<T>> =
    process ?? ((deltas, isInInitialList, key) => [{ deltas, isInInitialList, key }]);

  return (source) =>
    new Observable<R | PoppedDeltas<T>>((subscriber) => {
      const fifo = new DeltaFIFO<T>(queueOptions);
      // False once the output is finalised; the pop loop checks it after every wait.
      let active = true;
      // Ends the wait the pop loop is in (a processing step or a pause) early, at teardown,
      // so that no promise is left pending and no scheduled action remains.
      let interrupt: (() => void) | undefined;
      let synced = false;
      const checkSynced = (): void => {
        if (synced || !fifo.hasSynced()) return;
        synced = true;
        onSynced?.();
      };
      let depth = 0;
      const checkDepth = (): void => {
        if (onDepth === undefined || fifo.size === depth) return;
        depth = fifo.size;
        onDepth(depth);
      };

      // How the last processing step ended. Written by the step, read (and reset) by the pop
      // loop through `takeOutcome`.
      let outcome: StepOutcome = 'done';
      const takeOutcome = (): StepOutcome => {
        const last = outcome;
        outcome = 'done';
        return last;
      };

      // Records how a step failed; returns whether it asked for a requeue.
      const recordFailure = (err: unknown): boolean => {
        const requeued = err instanceof RequeueError;
        outcome = requeued ? 'requeued' : { error: err };
        return requeued;
      };

      // Runs for every key popped. A step that returns nothing settles synchronously, with
      // nothing allocated here; one that returns an ObservableInput is followed until it ends.
      const processStep = (
        deltas: Deltas<T>,
        isInInitialList: boolean,
        key: string,
      ): Promise<void> | undefined => {
        try {
          checkDepth();
        } catch (err) {
          // Not the step's failure, so never a requeue: the output errors.
          outcome = { error: err };
          return undefined;
        }
        let result: ObservableInput<R | PoppedDeltas<T>> | void;
        try {
          result = step(deltas, isInInitialList, key);
        } catch (err) {
          // Without its cause, so that the pop resolves: a requeue does not end the stream.
          if (recordFailure(err)) throw new RequeueError();
          return undefined;
        }
        return result === undefined ? undefined : followStep(result);
      };

      // Settles synchronously when `result` does (a synchronous Observable, an array);
      // otherwise returns a promise of its end.
      const followStep = (
        result: ObservableInput<R | PoppedDeltas<T>>,
      ): Promise<void> | undefined => {
        let ended = 'running' as 'running' | 'done' | 'requeued';
        let settle: { resolve: () => void; reject: (err: unknown) => void } | undefined;
        const finish = (): void => {
          interrupt = undefined;
          if (settle === undefined) ended = 'done';
          else settle.resolve();
        };
        const fail = (err: unknown): void => {
          interrupt = undefined;
          const requeued = recordFailure(err);
          if (settle === undefined) ended = requeued ? 'requeued' : 'done';
          else if (requeued) settle.reject(new RequeueError());
          else settle.resolve();
        };
        const inner = new Subscription();
        interrupt = () => {
          inner.unsubscribe();
          finish();
        };
        inner.add(
          from(result).subscribe({
            next: (value) => subscriber.next(value),
            error: fail,
            complete: finish,
          }),
        );
        if (ended === 'done') return undefined;
        if (ended === 'requeued') throw new RequeueError();
        return new Promise<void>((resolve, reject) => {
          settle = { resolve, reject };
        });
      };

      const pause = (): Promise<void> =>
        new Promise<void>((resolve) => {
          let done = false;
          const action = scheduler.schedule(() => {
            done = true;
            interrupt = undefined;
            resolve();
          });
          // A synchronous scheduler has already run the action.
          if (!done) {
            interrupt = () => {
              action.unsubscribe();
              resolve();
            };
          }
        });

      const popLoop = async (): Promise<void> => {
        while (active) {
          try {
            const popped = fifo.popReady(processStep);
            if (popped === undefined) await fifo.pop(processStep);
            else if (popped instanceof Promise) await popped;
          } catch (err) {
            if (!active) return;
            if (err instanceof FIFOClosedError) subscriber.complete();
            else subscriber.error(err);
            return;
          }
          if (!active) return;
          const last = takeOutcome();
          if (typeof last === 'object') return subscriber.error(last.error);
          checkDepth();
          checkSynced();
          if (last === 'requeued') await pause();
        }
      };

      subscriber.add(() => {
        active = false;
        fifo.close();
        interrupt?.();
      });
      subscriber.add(
        source.subscribe({
          next: (input) => {
            try {
              const queuedKeys = writeFifoInput(fifo, input, onKeyError);
              checkDepth();
              onWrite?.(input, queuedKeys);
            } catch (err) {
              subscriber.error(err);
              return;
            }
            checkSynced();
          },
          error: (err: unknown) => subscriber.error(err),
          complete: () => fifo.close(),
        }),
      );
      if (active) popLoop().catch((err: unknown) => subscriber.error(err));
    });
}
