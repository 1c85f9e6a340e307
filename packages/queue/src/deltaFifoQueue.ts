import {
  type DeletedFinalStateUnknown,
  isDeletedFinalStateUnknown,
  type KeyListerGetter,
} from '@rxkube/store';
import { dedupDeltas } from './dedupDeltas.js';
import type { DeltaFIFOOptions } from './deltaFifoQueueOptions.js';
import { DeltaType, Deltas, isAtomicDelta, type ObjectDelta } from './deltas.js';
import { AtomicDeltaError } from './errors.js';
import { knownObjectAfter } from './inFlight.js';
import { KeyedQueue } from './keyedQueue.js';
import { notReady, popInTurn, popNow } from './popInTurn.js';
import { PopLifecycle } from './popLifecycle.js';
import { PoppingQueue } from './poppingQueue.js';
import { queueView, replaceDeletions, resyncDeltas } from './derivedDeltas.js';
import type { PopProcessFunc, Queue } from './queue.js';

/** What a pop of a key's changes returns: the changes, once a synchronous `process` settled. */
type Popped<T> = Deltas<T> | Promise<Deltas<T>>;

/**
 * client-go's DeltaFIFO: a queue of keys where each key carries every change (delta) recorded
 * for it since it was last popped. A key is queued once, at the position of its first pending
 * change, however many changes pile up behind it, so a slow consumer sees each key's complete
 * history in order without the queue growing past the number of distinct keys.
 *
 * Producers (a Reflector) call `add`, `update`, `delete`, `replace` (after a list) and
 * `resync`; a single consumer loop calls `pop`, typically applying the deltas to the Indexer
 * given as `knownObjects` (see `applyDeltas`).
 *
 * Every write is synchronous and atomic: if it throws (`KeyError`, a throwing transformer), the
 * queue is unchanged. Each producer method returns the keys it queued a change for, so a caller
 * that needs to know what a write did (which keys a relist or a resync touched) asks the queue
 * rather than re-deriving its rules.
 *
 * @typeParam T - the object type
 * @example
 * ```ts
 * const fifo = new DeltaFIFO<Pod>({ knownObjects: indexer, emitDeltaTypeReplaced: true });
 * fifo.replace(listedPods, '42');
 * fifo.update(changedPod);
 * await fifo.pop((deltas, isInInitialList) => applyDeltas(indexer, deltas, isInInitialList));
 * ```
 */
export class DeltaFIFO<T> extends PoppingQueue<T, ObjectDelta<T>[]> implements Queue<T, Deltas<T>> {
  private readonly knownObjects: KeyListerGetter<T> | undefined;
  private readonly emitDeltaTypeReplaced: boolean;

  /**
   * The pending changes of every key, oldest first, in the order the keys first received a
   * pending change. A key is in the queue iff it has at least one delta (arrays are never left
   * empty), and each array is owned by the queue: it is copied on the way in
   * (`addIfNotPresent`) and out (`get`, `getByKey`), or handed over when popped.
   */
  private readonly queue = new KeyedQueue<ObjectDelta<T>[]>();

  /**
   * The initial list, the key in flight (which writes treat as applied to `knownObjects`, see
   * `PopLifecycle.inFlight`) and closing.
   *
   * @internal
   */
  protected readonly pops = new PopLifecycle<T, ObjectDelta<T>[]>(
    this.queue,
    (deltas) => new Deltas(deltas),
    // A DeltaFIFO only ever pops changes of single objects.
    (popped) => this.requeue(popped.key, popped.deltas.toArray() as ObjectDelta<T>[]),
  );

  /** @param options - see {@link DeltaFIFOOptions} */
  constructor(options: DeltaFIFOOptions<T> = {}) {
    super(options);
    this.knownObjects = options.knownObjects;
    this.emitDeltaTypeReplaced = options.emitDeltaTypeReplaced ?? false;
  }

  /** How many keys are queued (the in-flight item, if any, is not counted). */
  get size(): number {
    return this.queue.size;
  }

  /**
   * Records an `Added` change for `obj`.
   *
   * @param obj - the new object
   * @returns the key the change was queued under
   * @throws `KeyError` if `obj` has no key
   */
  add(obj: T): string {
    return this.enqueue(this.keyOf(obj), { type: DeltaType.Added, object: this.transform(obj) });
  }

  /**
   * Records an `Updated` change for `obj`.
   *
   * @param obj - the object's new state
   * @returns the key the change was queued under
   * @throws `KeyError` if `obj` has no key
   */
  update(obj: T): string {
    return this.enqueue(this.keyOf(obj), { type: DeltaType.Updated, object: this.transform(obj) });
  }

  /**
   * Records a `Deleted` change for `obj` — unless the key is neither queued nor in
   * `knownObjects` (without `knownObjects`: unless it is queued). Such a key was presumably
   * already deleted by a relist, and reporting the deletion twice would confuse handlers.
   * Consecutive deletions of a key merge (a real deletion beats a tombstone).
   *
   * @param obj - the deleted object, or a tombstone for it
   * @returns the key the deletion was queued under, or `undefined` if it was skipped
   * @throws `KeyError` if `obj` has no key
   */
  delete(obj: T | DeletedFinalStateUnknown<T>): string | undefined {
    const key = this.keyOf(obj);
    const queued = this.queue.has(key);
    if (!queued && knownObjectAfter(this.knownObjects, this.pops.inFlight, key) === undefined) {
      this.pops.populated = true;
      return undefined;
    }
    const object = isDeletedFinalStateUnknown<T>(obj) ? obj : this.transform(obj);
    return this.enqueue(key, { type: DeltaType.Deleted, object });
  }

  /**
   * Queues `deltas` (as popped earlier) unless its key is queued already, in which case the
   * queued changes are newer and win. This is how a failed item is retried.
   *
   * @param deltas - a key's changes, not empty
   * @throws `KeyError` if `deltas` is empty or its newest object has no key
   * @throws {@link AtomicDeltaError} if `deltas` holds a change of the whole cache
   */
  addIfNotPresent(deltas: Deltas<T>): void {
    const changes: ObjectDelta<T>[] = [];
    for (const delta of deltas) {
      if (isAtomicDelta(delta)) throw new AtomicDeltaError(delta.type, 'DeltaFIFO');
      changes.push(delta);
    }
    this.requeue(this.keyOf(deltas), changes);
  }

  /**
   * Takes in the result of a list: records `Replaced` (with `emitDeltaTypeReplaced`, else
   * `Sync`) for every listed object, and a `Deleted` tombstone
   * ({@link DeletedFinalStateUnknown}) for every key that is queued or in `knownObjects` but
   * missing from the list — the deletions a broken watch did not report. A tombstone carries
   * the last state seen: the newest queued object (unwrapped if it was itself a tombstone),
   * otherwise the known object.
   *
   * The first `replace` (if nothing was written before) defines the initial list: the queue
   * has synced once all of its items have been popped.
   *
   * A key being processed by a pop counts as holding what its popped changes leave, though
   * `knownObjects` may not show it yet: missing from the list, it gets a tombstone if those
   * changes leave an object, and none if they delete it.
   *
   * @param list - every object that exists now
   * @param _resourceVersion - the list's resource version (unused, as in client-go)
   * @returns every key that received a change: the listed keys (once each, in list order), then
   *   the keys that received a tombstone. Afterwards these are exactly the queued keys.
   * @throws `KeyError` if an object has no key; the queue is then unchanged
   */
  replace(list: readonly T[], _resourceVersion: string): string[] {
    const type = this.emitDeltaTypeReplaced ? DeltaType.Replaced : DeltaType.Sync;
    // Key and transform everything before touching the queue, so a bad object changes nothing.
    const listed = list.map((obj): [string, ObjectDelta<T>] => [
      this.keyOf(obj),
      { type, object: this.transform(obj) },
    ]);
    const listedKeys = new Set(this.appendAll(listed));
    const deletedKeys = this.appendAll(
      replaceDeletions(listedKeys, queueView(this.queue, this.knownObjects, this.pops.inFlight)),
    );

    if (!this.pops.populated) {
      this.pops.populated = true;
      this.pops.initialPopulationCount = listedKeys.size + deletedKeys.length;
    }
    return [...listedKeys, ...deletedKeys];
  }

  /**
   * Records a `Sync` change, with the object from `knownObjects`, for every known key that has
   * nothing queued. A key with queued changes is skipped: its known object is older than those
   * changes, and a resync must never overtake a real change. Does nothing without
   * `knownObjects`.
   *
   * A key being processed by a pop counts as holding what its popped changes leave: it is
   * re-delivered with that object, or not at all if they end in a deletion.
   *
   * @returns the keys that received a `Sync`
   */
  resync(): string[] {
    return this.appendAll(
      resyncDeltas(queueView(this.queue, this.knownObjects, this.pops.inFlight)),
    );
  }

  /**
   * Waits until a key is queued, removes it with all its changes and hands them to `process`.
   *
   * Pops take turns: while one pop's `process` has not settled, others wait, so a key's
   * changes are processed in order even with several consumers. `process` may write to the
   * queue (including for the key it is processing, which is then queued afresh), but must not
   * await another pop: that pop waits for `process` to settle, so neither would.
   *
   * After {@link DeltaFIFO.close}, pops keep draining what is queued; once the queue is empty
   * they reject with {@link FIFOClosedError}.
   *
   * @param process - handles the key's changes; `isInInitialList` tells whether they belong to
   *   the initial list. Throwing a `RequeueError` puts the changes back unless the key was
   *   queued again meanwhile; the pop then rejects with the error's cause, if any.
   * @returns the popped changes, once `process` has settled
   * @throws whatever `process` throws, other than a `RequeueError`
   * @example
   * ```ts
   * for (;;) {
   *   try {
   *     await fifo.pop((deltas, isInInitialList) => applyDeltas(indexer, deltas, isInInitialList));
   *   } catch (err) {
   *     if (err instanceof FIFOClosedError) break;
   *     report(err);
   *   }
   * }
   * ```
   */
  pop(process: PopProcessFunc<Deltas<T>>): Promise<Deltas<T>> {
    return popInTurn(this.pops.turn, process);
  }

  /**
   * {@link DeltaFIFO.pop} without waiting, for a consumer draining the queue in a loop: when a
   * key is queued and no other pop is processing, pops it; a synchronous `process` is then
   * settled before this returns, with no promise made.
   *
   * @param process - as for `pop`
   * @returns the popped changes (or a promise of them, for an asynchronous `process`), or
   *   `undefined` when nothing can be popped now
   * @throws whatever a synchronous `process` throws, other than a `RequeueError`
   */
  popReady(process: PopProcessFunc<Deltas<T>>): Popped<T> | undefined {
    const popped = popNow(this.pops.turn, process);
    return popped === notReady ? undefined : popped;
  }

  /**
   * @param obj - an object, a tombstone or a key's `Deltas`
   * @returns the changes queued under `obj`'s key (a copy), or `undefined`
   * @throws `KeyError` if `obj` has no key
   */
  get(obj: T | DeletedFinalStateUnknown<T> | Deltas<T>): Deltas<T> | undefined {
    return this.getByKey(this.keyOf(obj));
  }

  /**
   * @param key - a key
   * @returns a copy of the changes queued under `key`, or `undefined`
   */
  getByKey(key: string): Deltas<T> | undefined {
    const deltas = this.queue.get(key);
    return deltas === undefined ? undefined : new Deltas([...deltas]);
  }

  /** @returns the newest object (possibly a tombstone) of every queued key, front first */
  list(): (T | DeletedFinalStateUnknown<T>)[] {
    return this.queue.values().flatMap((deltas) => deltas.slice(-1).map((d) => d.object));
  }

  /** @returns the queued keys, front first */
  listKeys(): string[] {
    return this.queue.keys();
  }

  /** Records a change written by a producer (add, update, delete); returns `key`. */
  private enqueue(key: string, delta: ObjectDelta<T>): string {
    this.pops.populated = true;
    this.append(key, delta);
    return key;
  }

  /** Appends a change to `key`'s history, queuing the key if it had none. */
  private append(key: string, delta: ObjectDelta<T>): void {
    const deltas = this.queue.get(key);
    if (deltas === undefined) {
      this.queue.set(key, [delta]);
      this.pops.changed.broadcast();
      return;
    }
    deltas.push(delta);
    dedupDeltas(deltas);
  }

  private requeue(key: string, deltas: ObjectDelta<T>[]): void {
    this.pops.populated = true;
    if (this.queue.has(key)) return;
    this.queue.set(key, deltas);
    this.pops.changed.broadcast();
  }

  /** Appends derived changes; returns their keys. */
  private appendAll(changes: readonly [string, ObjectDelta<T>][]): string[] {
    for (const [key, delta] of changes) this.append(key, delta);
    return changes.map(([key]) => key);
  }
}
