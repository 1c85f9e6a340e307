import {
  DeltaType,
  expandAtomicDelta,
  isAtomicDelta,
  resourceVersionTracker,
  type AtomicDelta,
  type Delta,
  type DeltaFifoEvent,
  type FifoInput,
  type FifoKind,
  type ObjectDelta,
  type PoppedDeltas,
} from '@rxkube/queue';
import {
  deletionHandlingMetaNamespaceKeyFunc,
  isDeletedFinalStateUnknown,
  type Indexer,
  type KeyFunc,
} from '@rxkube/store';
import { Observable, type OperatorFunction } from 'rxjs';
import { ObjectError, type ErrorContext } from './errors.js';
import type { MemoizedKeyFunc } from './lastKeyMemo.js';
import { objectFailure, type ObjectFailure } from './objectFailure.js';
import { resourceVersionOf } from './resourceVersion.js';

/**
 * What becomes of each pop's changes once written: {@link applyPops} writes a pop's deltas to
 * the Indexer through `apply` and then calls `popped`.
 *
 * @typeParam T - the object type
 * @typeParam O - what `popped` may emit
 * @internal
 */
export interface PopSink<T, O> {
  /** A pop of `key` starts; its deltas follow. */
  start(key: string): void;
  /**
   * Writes one delta to the Indexer (inside the pop's batch) and records or hands on what it
   * did. A throw is the cache refusing the change: it is reported and the pop goes on.
   */
  apply(delta: ObjectDelta<T>, isInInitialList: boolean): void;
  /** The pop of `key` is applied, its refused changes reported; `next` emits downstream. */
  popped(key: string, next: (value: O) => void): void;
}

/**
 * The common part of the operators that apply the queue's pops to an Indexer
 * (`applyToIndexer`, `applyAndDistribute`): each pop is written as ONE Indexer batch through
 * `sink`, a refused change becomes an {@link ObjectFailure} (stage `cache`) emitted before the
 * pop's own output, and the Indexer's resource version follows the stream (see
 * `applyToIndexer`). Every event but `popped` passes through in order.
 *
 * One function applies every pop, reading it from a variable, so that a pop costs no closure
 * nor iterator: this runs for every watch event.
 *
 * A change of the whole cache (a `RealFIFO` with `atomicEvents`) is expanded against the Indexer
 * (`expandAtomicDelta`) and applied in one batch, as the per-object changes would have been: a
 * `ReplacedAll` as one pop per object it touches (under that object's key), a `SyncAll` as one
 * pop under the key it was queued under, where the handlers due for the resync were planned.
 * Their `popped` calls happen inside that batch.
 *
 * @typeParam T - the object type
 * @typeParam I - the queue's inputs
 * @typeParam O - what the sink emits for a pop
 * @param indexer - the cache to write
 * @param errorContext - the resource and version to name in an `ObjectError`
 * @param fifo - the queue the events come from (`resourceVersionTracker` in `@rxkube/queue`)
 * @param sink - writes each delta and emits what a pop did
 * @param keyFunc - the Indexer's key function, to expand changes of the whole cache; a
 *   {@link MemoizedKeyFunc} is told each popped object's key before the object is written, so
 *   the Indexer finds it without computing it again
 * @returns the operator
 * @internal
 */
export function applyPops<T extends object, I extends FifoInput<T>, O>(
  indexer: Indexer<T>,
  errorContext: () => ErrorContext,
  fifo: FifoKind,
  sink: () => PopSink<T, O>,
  keyFunc: KeyFunc<T> | MemoizedKeyFunc<T> = deletionHandlingMetaNamespaceKeyFunc,
): OperatorFunction<
  DeltaFifoEvent<T, I>,
  Exclude<DeltaFifoEvent<T, I>, PoppedDeltas<T>> | ObjectFailure | O
> {
  return (source) =>
    new Observable((subscriber) => {
      // Each subscription feeds a new queue, so it starts a new tracker (and a new sink).
      const watermark = resourceVersionTracker(fifo);
      const out = sink();
      const next = (value: O): void => subscriber.next(value);
      const settleResourceVersion = (): void => {
        const version = watermark.resourceVersion;
        if (version !== undefined) indexer.setResourceVersion(version);
      };
      // Failures of the pop being applied; allocated only when one happens.
      let failures: ObjectError[] | undefined;

      const queued = (input: I, keys: readonly string[]): void => {
        // A Sync carries the cached object: it changes no version (but its changes are popped).
        const version =
          input.type === 'resync'
            ? undefined
            : input.type === 'replace' || input.type === 'bookmark'
              ? input.resourceVersion
              : resourceVersionOf(input.object);
        watermark.wrote(version, keys);
        if (keys.length === 0) settleResourceVersion();
      };

      // The queue keyed every popped object with the Indexer's key function (a deletion's
      // object may be a tombstone, which carries its key): pass the key on.
      const remember = 'remember' in keyFunc ? keyFunc.remember : undefined;

      // The pop being applied.
      let current: PoppedDeltas<T> | undefined;
      const applyCurrent = (): void => {
        const { key, deltas, isInInitialList } = current as PoppedDeltas<T>;
        for (let i = 0; i < deltas.length; i++) {
          const delta = deltas.at(i) as ObjectDelta<T>;
          if (remember !== undefined && delta.type !== DeltaType.Deleted) {
            remember(delta.object, key);
          }
          try {
            out.apply(delta, isInInitialList);
          } catch (err) {
            refused(delta.object, err);
          }
        }
        settleResourceVersion();
      };

      const emitFailures = (): void => {
        if (failures === undefined) return;
        const failed = failures;
        failures = undefined;
        for (const error of failed) subscriber.next(objectFailure(error));
      };

      const refused = (object: unknown, err: unknown): void => {
        (failures ??= []).push(new ObjectError(object, 'cache', errorContext(), err));
      };

      const keyOfChange = (delta: ObjectDelta<T>): string =>
        isDeletedFinalStateUnknown<T>(delta.object) ? delta.object.key : keyFunc(delta.object);

      // A change of the whole cache: not on the hot path, so it may allocate.
      const applyAtomic = (popped: PoppedDeltas<T>, delta: AtomicDelta<T>): void => {
        watermark.applying(popped.key);
        const perKey = delta.type !== DeltaType.SyncAll;
        indexer.batch(() => {
          let changes: ObjectDelta<T>[] = [];
          try {
            changes = expandAtomicDelta(delta, indexer, keyFunc);
          } catch (err) {
            refused(delta.object, err);
          }
          if (!perKey) out.start(popped.key);
          for (const change of changes) {
            let key: string;
            try {
              key = keyOfChange(change);
            } catch (err) {
              refused(change.object, err);
              continue;
            }
            if (perKey) out.start(key);
            try {
              out.apply(change, popped.isInInitialList);
            } catch (err) {
              refused(change.object, err);
            }
            if (perKey) {
              emitFailures();
              out.popped(key, next);
            }
          }
          settleResourceVersion();
        });
        emitFailures();
        if (!perKey) out.popped(popped.key, next);
      };

      const apply = (popped: PoppedDeltas<T>): void => {
        const { key, deltas } = popped;
        const first = deltas.at(0) as Delta<T> | undefined;
        if (first !== undefined && isAtomicDelta(first)) return applyAtomic(popped, first);
        watermark.applying(key);
        out.start(key);
        current = popped;
        try {
          indexer.batch(applyCurrent);
        } finally {
          current = undefined;
        }
        emitFailures();
        out.popped(key, next);
      };

      return source.subscribe({
        next: (event) => {
          // A defect errors the output, as in RxJS's own operators, rather than escape as an
          // unhandled error.
          try {
            if (event.type === 'popped') return apply(event);
            if (event.type === 'queued') queued(event.input, event.keys);
          } catch (err) {
            return subscriber.error(err);
          }
          subscriber.next(event as Exclude<DeltaFifoEvent<T, I>, PoppedDeltas<T>>);
        },
        error: (err: unknown) => subscriber.error(err),
        complete: () => subscriber.complete(),
      });
    });
}
