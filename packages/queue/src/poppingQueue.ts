import { type DeletedFinalStateUnknown, metaNamespaceKeyFunc, type KeyFunc } from '@rxkube/store';
import { deltaKey } from './deltaKey.js';
import type { TransformFunc } from './deltaFifoQueueOptions.js';
import type { Deltas } from './deltas.js';
import type { PopLifecycle } from './popLifecycle.js';
import type { PoppedDeltas } from './poppedDeltas.js';

/**
 * What `DeltaFIFO` and `RealFIFO` share: keying and transforming what enters them, and the
 * pop side (`hasSynced`, closing, the `deltaFifo` operator's `startPop`/`finishPop`), which
 * each hands to its pop lifecycle.
 *
 * @typeParam T - the object type
 * @typeParam V - what the queue stores per entry
 */
export abstract class PoppingQueue<T, V> {
  private readonly keyFunction: KeyFunc<T>;
  private readonly transformer: TransformFunc<T> | undefined;

  /**
   * The initial list, the items in flight and closing.
   *
   * @internal
   */
  protected abstract readonly pops: PopLifecycle<T, V>;

  /** @param options - the key function (default `metaNamespaceKeyFunc`) and transformer */
  protected constructor(options: { keyFunction?: KeyFunc<T>; transformer?: TransformFunc<T> }) {
    this.keyFunction = options.keyFunction ?? metaNamespaceKeyFunc;
    this.transformer = options.transformer;
  }

  /**
   * Computes the key the queue files `obj` under: a `Deltas` by its newest object, a tombstone
   * by the key it carries, anything else with the key function.
   *
   * @param obj - an object, a tombstone or a `Deltas`
   * @returns the key
   * @throws `KeyError` if `obj` is an empty `Deltas` or the key function fails
   */
  keyOf(obj: T | DeletedFinalStateUnknown<T> | Deltas<T>): string {
    return deltaKey(this.keyFunction, obj);
  }

  /**
   * @returns whether the initial list has been processed: a `replace` populated the queue and
   *   all of its items were popped and processed, or a write came before any `replace`
   */
  hasSynced(): boolean {
    return this.pops.hasSynced();
  }

  /** Closes the queue: pops drain what is queued, then reject with `FIFOClosedError`. */
  close(): void {
    this.pops.close();
  }

  /** @returns whether `close` was called */
  isClosed(): boolean {
    return this.pops.isClosed();
  }

  /**
   * Takes the front item for processing, without a `process` function and without waiting,
   * for a consumer that processes it synchronously or follows its processing itself (the
   * `deltaFifo` operator). It stays in flight, as during a `pop`, until `finishPop`;
   * meanwhile no other pop can start.
   *
   * @returns the popped record, or `undefined` when nothing is queued or a pop is in flight
   * @internal
   */
  startPop(): PoppedDeltas<T> | undefined {
    return this.pops.startPop();
  }

  /**
   * Ends the processing begun by `startPop`.
   *
   * @param requeue - put the popped changes back, as `pop` does for a `RequeueError`
   * @internal
   */
  finishPop(requeue: boolean): void {
    this.pops.finishPop(requeue);
  }

  /** Applies the transformer, if any, to an object entering the queue. */
  protected transform(obj: T): T {
    return this.transformer === undefined ? obj : this.transformer(obj);
  }
}
