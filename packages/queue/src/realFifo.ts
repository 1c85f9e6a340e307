import {
  type DeletedFinalStateUnknown,
  isDeletedFinalStateUnknown,
  type KeyListerGetter,
} from '@rxkube/store';
import { DeltaType, Deltas, isAtomicDelta, type Delta, type ObjectDelta } from './deltas.js';
import { queueView, replaceDeletions, resyncDeltas, type QueuedChanges } from './derivedDeltas.js';
import { RealFIFOOptionsError } from './errors.js';
import { KeyedItemFifo } from './keyedItemFifo.js';
import type { QueueEntry } from './keyedQueue.js';
import { popInTurn } from './popInTurn.js';
import { PopLifecycle } from './popLifecycle.js';
import type { PoppedDeltas } from './poppedDeltas.js';
import { PoppingQueue } from './poppingQueue.js';
import { processThenSettle } from './processPopped.js';
import type { PopProcessFunc, ProcessBatchFunc } from './queue.js';
import { defaultRealFIFOBatchSize, type RealFIFOOptions } from './realFifoOptions.js';

/**
 * The key a `RealFIFO` files a change of the whole cache under (`ReplacedAll`, `SyncAll`,
 * `Bookmark`): the empty string, which no object's key can be.
 */
export const atomicDeltaKey = '';

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
 * - `pop` hands out one change at a time, as a `Deltas` of one; `popBatch` up to `batchSize`
 *   changes of different keys at once.
 * - With `atomicEvents`, `replace` queues one `ReplacedAll` change and `resync` one `SyncAll`
 *   change, which the consumer expands against its cache (`expandAtomicDelta`); with
 *   `emitDeltaTypeBookmark` too, `bookmark` queues a `Bookmark` change.
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
export class RealFIFO<T> extends PoppingQueue<T, Delta<T>> {
  // It satisfies the internal `DrainableQueue` structurally (checked in `createFifo`); naming the
  // interface here would put an internal type in the published declarations.
  private readonly knownObjects: KeyListerGetter<T> | undefined;
  private readonly atomicEvents: boolean;
  private readonly emitDeltaTypeBookmark: boolean;
  private readonly batchSize: number;

  /**
   * Every queued change with its key, oldest first; a change of the whole cache under
   * {@link atomicDeltaKey}. Without `atomicEvents` only changes of single objects are queued.
   */
  private readonly items = new KeyedItemFifo<Delta<T>>();

  /**
   * The initial list, the changes in flight (treated as applied by writes), closing.
   *
   * @internal
   */
  protected readonly pops = new PopLifecycle<T, Delta<T>>(
    this.items,
    (delta) => new Deltas([delta]),
    // Back where it was: at the front, and in the initial list if it belonged to it.
    (popped) => {
      const delta = popped.deltas.oldest();
      if (delta === undefined) return;
      this.items.unshift(popped.key, delta);
      if (popped.isInInitialList) this.pops.initialPopulationCount++;
      this.pops.changed.broadcast();
    },
  );

  /** How `popBatch` takes its turn among the pops. */
  private readonly batchTurn = this.pops.turnOf(
    (): QueueEntry<PoppedDeltas<T>[]> | undefined => {
      const batch = this.startBatch();
      return batch === undefined ? undefined : { key: batch[0]!.key, value: batch };
    },
    (_key, batch, process: BatchProcess<T>) => this.processBatch(batch, process),
  );

  /**
   * @param options - see {@link RealFIFOOptions}
   * @throws {@link RealFIFOOptionsError} for `knownObjects` with `atomicEvents`,
   *   `emitDeltaTypeBookmark` without it, or a `batchSize` that is not a positive integer
   */
  constructor(options: RealFIFOOptions<T> = {}) {
    super(options);
    this.atomicEvents = options.atomicEvents ?? false;
    this.emitDeltaTypeBookmark = options.emitDeltaTypeBookmark ?? false;
    this.batchSize = options.batchSize ?? defaultRealFIFOBatchSize;
    if (this.atomicEvents && options.knownObjects !== undefined) {
      throw new RealFIFOOptionsError('knownObjects must be left out with atomicEvents');
    }
    if (this.emitDeltaTypeBookmark && !this.atomicEvents) {
      throw new RealFIFOOptionsError('emitDeltaTypeBookmark needs atomicEvents');
    }
    if (!Number.isInteger(this.batchSize) || this.batchSize < 1) {
      throw new RealFIFOOptionsError(`batchSize must be a positive integer, not ${this.batchSize}`);
    }
    this.knownObjects = options.knownObjects;
  }

  /** How many changes are queued (those in flight, if any, are not counted). */
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
   * newest queued object, else the known object.
   *
   * With `atomicEvents`, queues instead ONE `ReplacedAll` change carrying the (transformed)
   * list and `resourceVersion`, under {@link atomicDeltaKey}.
   *
   * The first `replace` (if nothing was written before) defines the initial list.
   *
   * @param list - every object that exists now
   * @param resourceVersion - the list's resource version (carried by a `ReplacedAll` only)
   * @returns the key of every change queued, in queue order (a key listed twice, twice)
   * @throws `KeyError` if an object has no key; the queue is then unchanged
   */
  replace(list: readonly T[], resourceVersion: string): string[] {
    const keys = this.atomicEvents
      ? this.replaceAtomically(list, resourceVersion)
      : this.replaceObjects(list);
    if (!this.pops.populated) {
      this.pops.populated = true;
      this.pops.initialPopulationCount = this.items.length;
    }
    return keys;
  }

  /**
   * Queues a `Sync` change, with the object from `knownObjects`, for every known key that has
   * nothing queued: a resync must never overtake a real change. Does nothing without
   * `knownObjects`. With `atomicEvents`, queues instead ONE `SyncAll` change (under
   * {@link atomicDeltaKey}): the consumer re-delivers its whole cache when it pops it, after
   * every change queued before.
   *
   * @returns the keys that received a change
   */
  resync(): string[] {
    if (this.atomicEvents) return this.pushAtomic({ type: DeltaType.SyncAll, object: {} });
    return this.pushAll(resyncDeltas(this.view(false)));
  }

  /**
   * Records that the stream reached `resourceVersion`: with `emitDeltaTypeBookmark`, queues a
   * `Bookmark` change (under {@link atomicDeltaKey}), which the consumer pops after every
   * change before it; otherwise does nothing. It does not count as a write for `hasSynced`.
   *
   * @param resourceVersion - the bookmark's resource version
   * @returns the keys queued: `[atomicDeltaKey]`, or none
   */
  bookmark(resourceVersion: string): string[] {
    if (!this.emitDeltaTypeBookmark) return [];
    return this.pushAtomic({ type: DeltaType.Bookmark, object: { resourceVersion } });
  }

  /**
   * Waits until a change is queued, removes it and hands it to `process`, as a `Deltas` of
   * one. Pops take turns; after `close` they drain what is queued, then reject with
   * `FIFOClosedError`.
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
   * client-go's `PopBatch`: waits until a change is queued, then removes as many changes as
   * can be processed together and hands them to `processBatch`, or a lone change to
   * `processSingle` (as `pop` would). A batch takes the front changes, in order, up to
   * `batchSize`, and ends before
   *
   * - a change of a key already in the batch (so a batch never holds two states of one
   *   object, and can be applied in any order);
   * - a change of the whole cache (`ReplacedAll`, `SyncAll`, `Bookmark`), which is popped
   *   alone when it is at the front;
   * - the first change after the initial list, so that all of a batch's changes belong to
   *   the initial list or none does.
   *
   * Pops take turns with `pop` and with each other; after `close` they drain what is queued,
   * then reject with `FIFOClosedError`. Throwing a `RequeueError` puts every popped change
   * back at the front, in order.
   *
   * @param processBatch - handles two changes or more
   * @param processSingle - handles a lone change, as a `Deltas` of one
   * @returns the popped changes, once processing has settled
   * @throws whatever the process function throws, other than a `RequeueError`
   * @example
   * ```ts
   * await fifo.popBatch(
   *   (deltas, initial) => applyDeltas(indexer, new Deltas(deltas), initial),
   *   (deltas, initial) => applyDeltas(indexer, deltas, initial),
   * );
   * ```
   */
  popBatch(
    processBatch: ProcessBatchFunc<T>,
    processSingle: PopProcessFunc<Deltas<T>>,
  ): Promise<readonly Delta<T>[]> {
    return popInTurn(this.batchTurn, { processBatch, processSingle });
  }

  /** @returns the queued changes, oldest first (a copy) */
  listDeltas(): Delta<T>[] {
    return this.items.valuesArray();
  }

  private write(type: typeof DeltaType.Added | typeof DeltaType.Updated, obj: T): string {
    const key = this.keyOf(obj);
    const object = this.transform(obj);
    this.pops.populated = true;
    this.push(key, { type, object });
    return key;
  }

  private push(key: string, delta: Delta<T>): void {
    this.items.push(key, delta);
    this.pops.changed.broadcast();
  }

  /** Queues derived changes; returns their keys. */
  private pushAll(changes: readonly [string, ObjectDelta<T>][]): string[] {
    for (const [key, delta] of changes) this.push(key, delta);
    return changes.map(([key]) => key);
  }

  /** Queues a change of the whole cache; returns its key. */
  private pushAtomic(delta: Delta<T>): string[] {
    this.push(atomicDeltaKey, delta);
    return [atomicDeltaKey];
  }

  private replaceObjects(list: readonly T[]): string[] {
    // Key and transform everything before touching the queue, so a bad object changes nothing.
    const listed = list.map((obj): [string, ObjectDelta<T>] => [
      this.keyOf(obj),
      { type: DeltaType.Replaced, object: this.transform(obj) },
    ]);
    const listedKeys = new Set(listed.map(([key]) => key));
    const deletions = replaceDeletions(listedKeys, this.view(true));
    return this.pushAll(deletions).concat(this.pushAll(listed));
  }

  private replaceAtomically(list: readonly T[], resourceVersion: string): string[] {
    // client-go does not key the list here; keying it anyway keeps a keyless object out of
    // the queue (and the queue unchanged), as every other write does, rather than failing
    // the consumer when it expands the change.
    for (const obj of list) this.keyOf(obj);
    const objects = list.map((obj) => this.transform(obj));
    return this.pushAtomic({ type: DeltaType.ReplacedAll, object: { resourceVersion, objects } });
  }

  /**
   * How many front changes the next batch takes (client-go's `PopBatch` loop). Keys were
   * computed when the changes were queued, so unlike client-go's no key can fail here.
   */
  private batchLength(): number {
    const limit = Math.min(this.batchSize, this.items.length);
    const initial = this.pops.initialPopulationCount;
    const keys = new Set<string>();
    let length = 0;
    for (; length < limit; length++) {
      if (initial > 0 && length >= initial) break;
      if (isAtomicDelta(this.items.valueAt(length) as Delta<T>)) return length === 0 ? 1 : length;
      const key = this.items.keyAt(length) as string;
      if (keys.has(key)) break;
      keys.add(key);
    }
    return length;
  }

  /** Takes the next batch off the queue, in flight; `undefined` when nothing is queued. */
  private startBatch(): PoppedDeltas<T>[] | undefined {
    const length = this.batchLength();
    if (length === 0) return undefined;
    const batch: PoppedDeltas<T>[] = [];
    for (let i = 0; i < length; i++) {
      const { key, value } = this.items.shift() as QueueEntry<Delta<T>>;
      batch.push(this.pops.begin(key, value));
    }
    return batch;
  }

  private processBatch(
    batch: readonly PoppedDeltas<T>[],
    { processBatch, processSingle }: BatchProcess<T>,
  ): readonly Delta<T>[] | Promise<readonly Delta<T>[]> {
    const deltas = batch.map((popped) => popped.deltas.oldest() as Delta<T>);
    const [first] = batch as [PoppedDeltas<T>];
    const { requeueInFlight, endPop } = this.pops;
    if (batch.length > 1) {
      return processThenSettle<readonly Delta<T>[]>(
        processBatch,
        deltas,
        first.isInInitialList,
        first.key,
        requeueInFlight,
        endPop,
      );
    }
    const settled = processThenSettle(
      processSingle,
      first.deltas,
      first.isInInitialList,
      first.key,
      requeueInFlight,
      endPop,
    );
    return settled instanceof Promise ? settled.then(() => deltas) : deltas;
  }

  /**
   * The queue and `knownObjects` as a replace or a resync sees them, in one pass over the
   * queued changes. For a replace (`skipDeleted`), a key whose last queued change is a deletion
   * offers no entry (it needs no tombstone) but still counts as queued (so `knownObjects` gives
   * it none either). Only called without `atomicEvents`, so every change is of one object.
   */
  private view(skipDeleted: boolean) {
    const last = new Map<string, ObjectDelta<T>>();
    for (let i = 0; i < this.items.length; i++) {
      const delta = this.items.valueAt(i) as Delta<T>;
      if (!isAtomicDelta(delta)) last.set(this.items.keyAt(i) as string, delta);
    }
    const queued: QueuedChanges<T> = {
      entries: () =>
        [...last]
          .filter(([, delta]) => !skipDeleted || delta.type !== DeltaType.Deleted)
          .map(([key, delta]) => [key, [delta]] as const),
      has: (key) => last.has(key),
    };
    return queueView(queued, this.knownObjects, this.pops.inFlight);
  }
}

/** The process functions of a `popBatch`. */
interface BatchProcess<T> {
  readonly processBatch: ProcessBatchFunc<T>;
  readonly processSingle: PopProcessFunc<Deltas<T>>;
}
