import {
  type DeletedFinalStateUnknown,
  isDeletedFinalStateUnknown,
  metaNamespaceKeyFunc,
  type KeyFunc,
  type KeyListerGetter,
} from '@rxkube/store';
import { deltaKey } from './deltaKey.js';
import type { TransformFunc } from './deltaFifoQueueOptions.js';
import { DeltaType, Deltas, type Delta } from './deltas.js';
import { queueView, replaceDeletions, resyncDeltas, type QueuedChanges } from './derivedDeltas.js';
import type { QueueEntry } from './keyedQueue.js';
import { popInTurn } from './popInTurn.js';
import { PopLifecycle } from './popLifecycle.js';
import type { PoppedDeltas } from './poppedDeltas.js';
import type { PopProcessFunc } from './queue.js';
import type { RealFIFOOptions } from './realFifoOptions.js';
import { ItemFifo } from './workqueue/itemFifo.js';

/**
 * client-go's `RealFIFO` (the queue of its informers since `InOrderInformers`): every change
 * the Reflector reports is queued, in the order it arrived, and popped on its own. Nothing is
 * coalesced per key, so a consumer sees every intermediate state, deletions of objects it never
 * saw included, and the order of changes across keys is the order of the watch stream.
 *
 * - `add`, `update` and `delete` queue one change each; `delete` queues even for a key that is
 *   neither queued nor known (unlike `DeltaFIFO`).
 * - `replace(list)` first queues a `DeletedFinalStateUnknown` tombstone for every key that is
 *   queued (unless its last queued change is a deletion) or known, but missing from the list,
 *   carrying the last state seen; then a `Replaced` change for every listed object.
 * - `resync()` queues a `Sync`, with the known object, for every known key with nothing queued.
 * - The first `replace` defines the initial list: `hasSynced()` becomes true once all of the
 *   changes it queued have been popped and processed, or at once after a write before it.
 * - `pop` hands out one change at a time, as a `Deltas` of one.
 *
 * As in `DeltaFIFO`, `process` may be asynchronous here, so writes arriving while a change is
 * being processed treat it as applied to `knownObjects` already. A `RequeueError` puts the
 * change back at the front, where it was (client-go's `RealFIFO` has no requeue).
 *
 * Every write is synchronous and atomic: if it throws (`KeyError`, a throwing transformer), the
 * queue is unchanged.
 *
 * @typeParam T - the object type
 * @example
 * ```ts
 * const fifo = new RealFIFO<Pod>({ knownObjects: indexer });
 * fifo.replace(listedPods, '42');
 * fifo.update(changedPod);
 * await fifo.pop((deltas, isInInitialList) => applyDeltas(indexer, deltas, isInInitialList));
 * ```
 */
export class RealFIFO<T> {
  // It satisfies the internal `DrainableQueue` structurally (checked in `createFifo`); naming the
  // interface here would put an internal type in the published declarations.
  private readonly keyFunction: KeyFunc<T>;
  private readonly knownObjects: KeyListerGetter<T> | undefined;
  private readonly transformer: TransformFunc<T> | undefined;

  /** Every queued change with its key, oldest first. */
  private readonly items = new ItemFifo<QueueEntry<Delta<T>>>();

  /** The initial list, the change in flight (treated as applied by writes), closing. */
  private readonly pops = new PopLifecycle<T, Delta<T>>(
    this.items,
    (delta) => new Deltas([delta]),
    // Back where it was: at the front, and in the initial list if it belonged to it.
    (popped) => {
      const delta = popped.deltas.oldest();
      if (delta === undefined) return;
      this.items.unshift({ key: popped.key, value: delta });
      if (popped.isInInitialList) this.pops.initialPopulationCount++;
      this.pops.changed.broadcast();
    },
  );

  /** @param options - see {@link RealFIFOOptions} */
  constructor(options: RealFIFOOptions<T> = {}) {
    this.keyFunction = options.keyFunction ?? metaNamespaceKeyFunc;
    this.knownObjects = options.knownObjects;
    this.transformer = options.transformer;
  }

  /** How many changes are queued (the one in flight, if any, is not counted). */
  get size(): number {
    return this.items.length;
  }

  /**
   * Queues an `Added` change.
   *
   * @param obj - the new object
   * @returns its key
   * @throws `KeyError` if `obj` has no key
   */
  add(obj: T): string {
    return this.write(DeltaType.Added, obj);
  }

  /**
   * Queues an `Updated` change.
   *
   * @param obj - the object's new state
   * @returns its key
   * @throws `KeyError` if `obj` has no key
   */
  update(obj: T): string {
    return this.write(DeltaType.Updated, obj);
  }

  /**
   * Queues a `Deleted` change, whether or not the key is queued or known.
   *
   * @param obj - the deleted object, or a tombstone for it (not transformed)
   * @returns its key
   * @throws `KeyError` if `obj` has no key
   */
  delete(obj: T | DeletedFinalStateUnknown<T>): string {
    const key = this.keyOf(obj);
    const object = isDeletedFinalStateUnknown<T>(obj) ? obj : this.transform(obj);
    this.pops.populated = true;
    this.push(key, { type: DeltaType.Deleted, object });
    return key;
  }

  /**
   * Takes in the result of a list: queues a `Deleted` tombstone for every key that is queued
   * (unless its last queued change is already a deletion) or in `knownObjects` but missing
   * from `list` — the deletions a broken watch did not report — then a `Replaced` change for
   * every listed object, in list order. A tombstone carries the last state seen: the key's
   * newest queued object, else the known one.
   *
   * The first `replace` (if nothing was written before) defines the initial list.
   *
   * @param list - every object that exists now
   * @param _resourceVersion - the list's resource version (unused, as in client-go)
   * @returns the key of every change queued, in queue order (a key listed twice, twice)
   * @throws `KeyError` if an object has no key; the queue is then unchanged
   */
  replace(list: readonly T[], _resourceVersion: string): string[] {
    // Key and transform everything before touching the queue, so a bad object changes nothing.
    const listed = list.map((obj): [string, Delta<T>] => [
      this.keyOf(obj),
      { type: DeltaType.Replaced, object: this.transform(obj) },
    ]);
    const listedKeys = new Set(listed.map(([key]) => key));
    const deletions = replaceDeletions(listedKeys, this.view(true));
    const keys = this.pushAll(deletions).concat(this.pushAll(listed));
    if (!this.pops.populated) {
      this.pops.populated = true;
      this.pops.initialPopulationCount = this.items.length;
    }
    return keys;
  }

  /**
   * Queues a `Sync` change, with the object from `knownObjects`, for every known key that has
   * nothing queued: a resync must never overtake a real change. Does nothing without
   * `knownObjects`.
   *
   * @returns the keys that received a `Sync`
   */
  resync(): string[] {
    return this.pushAll(resyncDeltas(this.view(false)));
  }

  /**
   * Waits until a change is queued, removes it and hands it to `process`, as a `Deltas` of
   * one. Pops take turns; after {@link RealFIFO.close} they drain what is queued, then reject
   * with `FIFOClosedError`.
   *
   * @param process - handles the change; `isInInitialList` tells whether it belongs to the
   *   initial list. Throwing a `RequeueError` puts the change back at the front.
   * @returns the popped change, once `process` has settled
   * @throws whatever `process` throws, other than a `RequeueError`
   */
  pop(process: PopProcessFunc<Deltas<T>>): Promise<Deltas<T>> {
    return popInTurn(this.pops.turn, process);
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

  /** @returns the queued changes, oldest first (a copy) */
  listDeltas(): Delta<T>[] {
    return this.items.toArray().map((entry) => entry.value);
  }

  /**
   * @returns whether the initial list has been processed: a `replace` populated the queue and
   *   all of its changes were popped and processed, or a write came before any `replace`
   */
  hasSynced(): boolean {
    return this.pops.hasSynced();
  }

  /** Closes the queue: pops drain what is queued, then reject with `FIFOClosedError`. */
  close(): void {
    this.pops.close();
  }

  /** @returns whether {@link RealFIFO.close} was called */
  isClosed(): boolean {
    return this.pops.isClosed();
  }

  /**
   * Takes the front change for processing without waiting (the `deltaFifo` operator's pop). It
   * stays in flight until {@link RealFIFO.finishPop}; meanwhile no other pop can start.
   *
   * @returns the popped record, or `undefined` when nothing is queued or a pop is in flight
   * @internal
   */
  startPop(): PoppedDeltas<T> | undefined {
    return this.pops.startPop();
  }

  /**
   * Ends the processing begun by {@link RealFIFO.startPop}.
   *
   * @param requeue - put the change back at the front
   * @internal
   */
  finishPop(requeue: boolean): void {
    this.pops.finishPop(requeue);
  }

  private write(type: typeof DeltaType.Added | typeof DeltaType.Updated, obj: T): string {
    const key = this.keyOf(obj);
    const object = this.transform(obj);
    this.pops.populated = true;
    this.push(key, { type, object });
    return key;
  }

  private push(key: string, delta: Delta<T>): void {
    this.items.push({ key, value: delta });
    this.pops.changed.broadcast();
  }

  /** Queues derived changes; returns their keys. */
  private pushAll(changes: readonly [string, Delta<T>][]): string[] {
    for (const [key, delta] of changes) this.push(key, delta);
    return changes.map(([key]) => key);
  }

  /**
   * The queue and `knownObjects` as a replace or a resync sees them, in one pass over the
   * queued changes. For a replace (`skipDeleted`), a key whose last queued change is a deletion
   * offers no entry (it needs no tombstone) but still counts as queued (so `knownObjects` gives
   * it none either).
   */
  private view(skipDeleted: boolean) {
    const last = new Map<string, Delta<T>>();
    for (const { key, value } of this.items.toArray()) last.set(key, value);
    const queued: QueuedChanges<T> = {
      entries: () =>
        [...last]
          .filter(([, delta]) => !skipDeleted || delta.type !== DeltaType.Deleted)
          .map(([key, delta]) => [key, [delta]] as const),
      has: (key) => last.has(key),
    };
    return queueView(queued, this.knownObjects, this.pops.inFlight);
  }

  private transform(obj: T): T {
    return this.transformer === undefined ? obj : this.transformer(obj);
  }
}
