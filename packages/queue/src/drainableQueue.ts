import type { DeletedFinalStateUnknown } from '@rxkube/store';
import type { Deltas } from './deltas.js';
import type { PoppedDeltas } from './poppedDeltas.js';

/**
 * What the `deltaFifo` operator needs of the queue it feeds and drains; `DeltaFIFO` and
 * `RealFIFO` both implement it. Producer methods return the keys they queued a change for, one
 * per queued item, so the operator reports them without knowing the queue's rules.
 *
 * @typeParam T - the object type
 * @internal
 */
export interface DrainableQueue<T> {
  /** How many items are queued: keys for a `DeltaFIFO`, changes for a `RealFIFO`. */
  readonly size: number;
  /** @returns the key queued */
  add(obj: T): string;
  /** @returns the key queued */
  update(obj: T): string;
  /** @returns the key queued, or `undefined` if the queue skipped the deletion */
  delete(obj: T | DeletedFinalStateUnknown<T>): string | undefined;
  /** @returns the keys queued, in queue order */
  replace(list: readonly T[], resourceVersion: string): string[];
  /** @returns the keys that received a `Sync` */
  resync(): string[];
  /** @returns the key `obj` is queued under; @throws `KeyError` */
  keyOf(obj: T | DeletedFinalStateUnknown<T> | Deltas<T>): string;
  /** @returns whether the initial list has been processed */
  hasSynced(): boolean;
  /** Takes the front item for processing, or `undefined` when none or a pop is in flight. */
  startPop(): PoppedDeltas<T> | undefined;
  /** Ends the processing begun by `startPop`; `requeue` puts its changes back. */
  finishPop(requeue: boolean): void;
  /** Closes the queue. */
  close(): void;
}
