import type { KeyError } from '@rxkube/store';
import {
  Observable,
  asapScheduler,
  asyncScheduler,
  from,
  type ObservableInput,
  type OperatorFunction,
  type SchedulerLike,
  type Subscription,
} from 'rxjs';
import type { DeltaFIFOOptions } from '../deltaFifoQueueOptions.js';
import type { Deltas } from '../deltas.js';
import { RequeueError } from '../errors.js';
import { createFifo, type FifoKind } from '../fifoKind.js';
import type { PoppedDeltas } from '../poppedDeltas.js';
import {
  depthEvent,
  syncedEvent,
  type DeltaFifoEvent,
  type DeltaFifoProcessEvent,
} from './deltaFifoEvent.js';
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

/**
 * Configuration of {@link deltaFifo}: the {@link DeltaFIFOOptions} of its queue, plus the
 * processing step, the handling of objects without a key, and the schedulers.
 *
 * @typeParam T - the object type
 * @typeParam R - what `process` emits
 */
export interface DeltaFifoConfig<T, R = never> extends DeltaFIFOOptions<T> {
  /**
   * The queue: `'delta'` (the default), a `DeltaFIFO` that coalesces changes per key, or
   * `'real'`, a `RealFIFO` that pops every change on its own in stream order (then `popped`
   * carries one change, `depth` counts changes, and `emitDeltaTypeReplaced` does not apply:
   * relists always record `Replaced`).
   */
  fifo?: FifoKind;
  /**
   * With `fifo: 'real'`: the `RealFIFO`'s `atomicEvents` mode, in which a `replace` input
   * queues ONE `ReplacedAll` change and a `resync` input ONE `SyncAll` change (both under
   * `atomicDeltaKey`), which the consumer expands against its cache when they are popped
   * (`expandAtomicDelta`); `knownObjects` is then not consulted. Default `false`.
   */
  atomicEvents?: boolean;
  /**
   * Handles each key's changes, one key at a time; its values are emitted as `processed`
   * events, instead of the `popped` event. Throwing, or erroring with, a `RequeueError` puts
   * the changes back (unless the key was queued again meanwhile) and processing goes on after
   * a pause on `scheduler`; values already emitted stay emitted. Any other error ends the
   * stream with that error.
   *
   * Without it, each key's changes are emitted as a `popped` event, and processing a key ends
   * when the downstream's synchronous `next` returns: give asynchronous work to `process`, not
   * to a downstream `concatMap`, or it queues there without coalescing.
   */
  process?: ProcessDeltas<T, R>;
  /**
   * What an input whose object has no key does: `'error'` (the default) ends the stream with
   * the `KeyError`; `'skip'` emits a `skipped` event and skips the object (a `replace` goes
   * ahead with its other objects).
   */
  keyErrors?: 'error' | 'skip';
  /**
   * After a requeue the next pop waits for this scheduler (default `asyncScheduler`, a
   * macrotask), so that a key that keeps failing cannot starve the event loop.
   */
  scheduler?: SchedulerLike;
  /**
   * Runs the drain of the queue once an input queued a key (default `asapScheduler`, a
   * microtask): a synchronous burst of inputs coalesces before the first pop.
   */
  drainScheduler?: SchedulerLike;
  /**
   * Runs each drain of the queue inside this function: `drain` pops every key it can,
   * synchronously, and emits their events. For a consumer that writes each pop to a cache and
   * wants one publication per drain rather than per key, e.g. `(drain) => indexer.batch(drain)`:
   * every key popped in one turn then reaches the Indexer's subscribers as one snapshot, taken
   * between pops, so it never shows part of a key's changes. It must call `drain` once,
   * synchronously. Default: the drain runs as it is.
   */
  aroundDrain?: (drain: () => void) => void;
}

/**
 * Feeds a {@link DeltaFIFO} with the source's inputs and drains it, one key at a time, emitting
 * what it did as {@link DeltaFifoEvent}s: the reactive form of an informer's Reflector →
 * DeltaFIFO → processLoop.
 *
 * ```text
 * source:  -(ab)------|        a, b: adds; c: a replace listing a only
 * output:  -(1Q2Q1P0PS)-|      1, 2, 0: depth; Q: queued; P: popped; S: synced
 * ```
 *
 * While a key is being processed, new inputs keep arriving and coalesce per key in the queue, so
 * a slow step faces at most one entry per key, each with that key's full history in order. The
 * drain runs on `drainScheduler`, so a synchronous burst of inputs is queued (and coalesced)
 * before the first pop.
 *
 * - Source completes: the queue is drained, then the output completes.
 * - Source errors, `process` fails (other than with `RequeueError`), or an input has no key
 *   without `keyErrors: 'skip'`: the output errors at once; queued changes are dropped.
 * - Unsubscribing unsubscribes the source and the running step, and cancels the scheduled drain
 *   or pause; nothing keeps running.
 *
 * @typeParam T - the object type
 * @typeParam I - the inputs (a {@link FifoInput}, possibly carrying more, which `queued` and
 *   `skipped` events hand back)
 * @param config - queue options, `process`, `keyErrors`, `scheduler`, `drainScheduler`
 * @returns an operator from inputs to {@link DeltaFifoEvent}s (to
 *   {@link DeltaFifoProcessEvent}s with `process`)
 * @example
 * ```ts
 * const indexer = new Indexer<Pod>();
 * const events$ = reflectorInputs$.pipe(
 *   deltaFifo({ knownObjects: indexer, emitDeltaTypeReplaced: true }),
 *   filter((event): event is PoppedDeltas<Pod> => event.type === 'popped'),
 *   concatMap((popped) => applyDeltas(indexer, popped.deltas, popped.isInInitialList)),
 * ); // Observable<ResourceEvent<Pod>>
 * ```
 */
export function deltaFifo<T, R, I extends FifoInput<T> = FifoInput<T>>(
  config: DeltaFifoConfig<T, R> & { process: ProcessDeltas<T, R> },
): OperatorFunction<I, DeltaFifoProcessEvent<T, R, I>>;
export function deltaFifo<T, I extends FifoInput<T> = FifoInput<T>>(
  config?: DeltaFifoConfig<T> & { process?: undefined },
): OperatorFunction<I, DeltaFifoEvent<T, I>>;
export function deltaFifo<T, R, I extends FifoInput<T>>(
  config: DeltaFifoConfig<T, R> = {},
): OperatorFunction<I, DeltaFifoEvent<T, I> | DeltaFifoProcessEvent<T, R, I>> {
  const {
    process,
    keyErrors = 'error',
    scheduler = asyncScheduler,
    drainScheduler = asapScheduler,
    aroundDrain,
    fifo: kind = 'delta',
    ...queueOptions
  } = config;

  return (source) =>
    new Observable<DeltaFifoEvent<T, I> | DeltaFifoProcessEvent<T, R, I>>((subscriber) => {
      const { queue: fifo, relists } = createFifo<T>(kind, queueOptions);
      // False once the output is finalised; checked after every emission.
      let active = true;
      let sourceDone = false;
      // Whether the drain loop is running (an emission may feed the source synchronously).
      let draining = false;
      // Whether a drain (or the pause after a requeue) is scheduled, and its action.
      let waking = false;
      let wakeUp: Subscription | undefined;
      // The running asynchronous `process` step, if any.
      let step: Subscription | undefined;

      let depth = 0;
      const emitDepth = (): void => {
        if (fifo.size === depth) return;
        depth = fifo.size;
        subscriber.next(depthEvent(depth));
      };
      let synced = false;
      const emitSynced = (): void => {
        if (synced || !fifo.hasSynced()) return;
        synced = true;
        subscriber.next(syncedEvent);
      };

      // Ends the pop of `key`; `inRelist` tells whether a relist was waiting for it.
      const popEnded = (key: string, inRelist: boolean, requeue: boolean): void => {
        fifo.finishPop(requeue);
        if (!inRelist) return;
        const resourceVersion = relists.ended(key, requeue);
        if (resourceVersion !== undefined)
          subscriber.next({ type: 'relistApplied', resourceVersion });
      };

      const skip =
        keyErrors === 'skip'
          ? (error: KeyError, input: I): void => subscriber.next({ type: 'skipped', error, input })
          : undefined;

      const complete = (): void => {
        if (sourceDone && !draining && !waking && step === undefined && fifo.size === 0) {
          subscriber.complete();
        }
      };

      const schedule = (on: SchedulerLike): void => {
        waking = true;
        const action = on.schedule(runDrain);
        // A synchronous scheduler has run the drain already.
        if (waking) wakeUp = action;
      };

      const requestDrain = (): void => {
        if (active && !draining && !waking && step === undefined && fifo.size > 0) {
          schedule(drainScheduler);
        }
      };

      // Ends the processing of a popped key, successful unless `failed`; returns whether
      // draining may go on.
      const stepEnded = (
        key: string,
        inRelist: boolean,
        failed = false,
        err: unknown = undefined,
      ): boolean => {
        const requeue = failed && err instanceof RequeueError;
        popEnded(key, inRelist, requeue);
        if (!active) return false;
        if (failed && !requeue) {
          subscriber.error(err);
          return false;
        }
        emitDepth();
        emitSynced();
        if (!requeue) return true;
        schedule(scheduler);
        return false;
      };

      // Runs `process` on a popped key; returns whether it ended synchronously and draining
      // may go on. An asynchronous step goes on draining when it ends.
      const runStep = (popped: PoppedDeltas<T>, inRelist: boolean, run: ProcessDeltas<T, R>) => {
        const { key } = popped;
        let result: ObservableInput<R> | void;
        try {
          result = run(popped.deltas, popped.isInInitialList, key);
        } catch (err) {
          return stepEnded(key, inRelist, true, err);
        }
        if (result === undefined) return stepEnded(key, inRelist);
        let subscribing = true;
        let endedEarly: { readonly failed: boolean; readonly err: unknown } | undefined;
        const end = (failed: boolean, err?: unknown): void => {
          if (subscribing) {
            endedEarly = { failed, err };
            return;
          }
          step = undefined;
          if (stepEnded(key, inRelist, failed, err)) runDrain();
        };
        const inner = from(result).subscribe({
          next: (value) => subscriber.next({ type: 'processed', key, value }),
          error: (err: unknown) => end(true, err),
          complete: () => end(false),
        });
        subscribing = false;
        if (endedEarly === undefined) {
          step = inner;
          return false;
        }
        return stepEnded(key, inRelist, endedEarly.failed, endedEarly.err);
      };

      function drain(): void {
        waking = false;
        wakeUp = undefined;
        draining = true;
        let goOn = true;
        while (goOn && active) {
          const popped = fifo.startPop();
          if (popped === undefined) break;
          const inRelist = relists.popping(popped.key);
          emitDepth();
          if (process === undefined) {
            subscriber.next(popped);
            goOn = stepEnded(popped.key, inRelist);
          } else {
            goOn = runStep(popped, inRelist, process);
          }
        }
        draining = false;
        if (active) complete();
      }
      const runDrain = aroundDrain === undefined ? drain : (): void => aroundDrain(drain);

      subscriber.add(() => {
        active = false;
        wakeUp?.unsubscribe();
        step?.unsubscribe();
        fifo.close();
      });
      subscriber.add(
        source.subscribe({
          next: (input) => {
            let keys: readonly string[];
            try {
              keys = writeFifoInput(fifo, input, skip);
            } catch (err) {
              subscriber.error(err);
              return;
            }
            emitDepth();
            subscriber.next({ type: 'queued', input, keys });
            if (
              input.type === 'replace' &&
              relists.queued(keys, input.resourceVersion, fifo.size)
            ) {
              subscriber.next({ type: 'relistApplied', resourceVersion: input.resourceVersion });
            }
            emitSynced();
            requestDrain();
          },
          error: (err: unknown) => subscriber.error(err),
          complete: () => {
            sourceDone = true;
            complete();
          },
        }),
      );
    });
}
