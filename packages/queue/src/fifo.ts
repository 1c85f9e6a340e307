import {
  isDeletedFinalStateUnknown,
  metaNamespaceKeyFunc,
  type DeletedFinalStateUnknown,
  type KeyFunc,
} from '@rxkube/store';
import { Condition } from './condition.js';
import { KeyedQueue } from './keyedQueue.js';
import { popInTurn, type PopTurn } from './popInTurn.js';
import { processPopped } from './processPopped.js';
import type { PopProcessFunc, Queue } from './queue.js';

/** How to build a {@link FIFO}. */
export interface FIFOOptions<T> {
  /** Computes an object's key. Defaults to `metaNamespaceKeyFunc`. */
  keyFunction?: KeyFunc<T>;
}

/**
 * client-go's FIFO: a keyed queue that holds only the latest object per key. Writing a queued
 * key replaces its object in place, so a consumer that falls behind skips intermediate states
 * and processes each key once. There is no change history: use {@link DeltaFIFO} when the
 * consumer must see deletions and every update.
 *
 * One deliberate difference from client-go: `delete` removes the key from the queue at once
 * (client-go leaves its slot behind and skips it when popped), so a key deleted and added again
 * queues at the back instead of at its old position.
 *
 * @typeParam T - the object type
 * @example
 * ```ts
 * const fifo = new FIFO<Pod>();
 * fifo.add(pod);
 * fifo.update(newerPod); // same key: replaces pod, keeps its place
 * await fifo.pop((latest) => reconcile(latest));
 * ```
 */
export class FIFO<T> implements Queue<T> {
  private readonly keyFunction: KeyFunc<T>;

  /** The latest object of every queued key, in order of arrival; a key is queued iff present. */
  private readonly queue = new KeyedQueue<T>();

  /** Set by the first `replace`, `add`, `update`, `delete` or `addIfNotPresent`. */
  private populated = false;

  /**
   * The keys of the first `replace` (when nothing was written before it) that have been
   * neither popped nor removed. The queue has synced once it is empty. A set rather than
   * client-go's counter because `delete` removes keys from the middle of the queue.
   */
  private readonly initialKeys = new Set<string>();

  /**
   * Whether a pop is processing an item, and whether that item is from the initial list. Pops
   * take turns, as they do under client-go's lock.
   */
  private inFlight: { readonly isInInitialList: boolean } | undefined;

  private closed = false;

  /** Broadcast when a key joins the queue, when a pop finishes processing, and on close. */
  private readonly changed = new Condition();

  private readonly turn: PopTurn<T, PopProcessFunc<T>, Promise<T>> = {
    queue: this.queue,
    changed: this.changed,
    busy: () => this.inFlight !== undefined,
    closed: () => this.closed,
    start: (key, obj, process) => this.processEntry(key, obj, process),
  };

  /** @param options - see {@link FIFOOptions} */
  constructor(options: FIFOOptions<T> = {}) {
    this.keyFunction = options.keyFunction ?? metaNamespaceKeyFunc;
  }

  /** How many keys are queued. */
  get size(): number {
    return this.queue.size;
  }

  /**
   * Queues `obj`, or replaces the queued object of its key (which keeps its place).
   *
   * @param obj - the object
   * @throws `KeyError` if `obj` has no key
   */
  add(obj: T): void {
    const key = this.keyFunction(obj);
    this.populated = true;
    if (this.queue.set(key, obj)) this.changed.broadcast();
  }

  /**
   * Same as {@link FIFO.add}: the FIFO keeps no history.
   *
   * @param obj - the object
   * @throws `KeyError` if `obj` has no key
   */
  update(obj: T): void {
    this.add(obj);
  }

  /**
   * Removes `obj`'s key from the queue, if queued.
   *
   * @param obj - the object, or a tombstone for it (only the key matters; a tombstone's is the
   *   one it carries)
   * @throws `KeyError` if `obj` has no key
   */
  delete(obj: T | DeletedFinalStateUnknown<T>): void {
    const key = isDeletedFinalStateUnknown<T>(obj) ? obj.key : this.keyFunction(obj);
    this.populated = true;
    this.queue.delete(key);
    this.initialKeys.delete(key);
  }

  /**
   * Queues `obj` unless its key is queued already (then the queued object is newer and wins).
   * This is how a failed item is retried.
   *
   * @param obj - the object
   * @throws `KeyError` if `obj` has no key
   */
  addIfNotPresent(obj: T): void {
    this.requeue(this.keyFunction(obj), obj);
  }

  /**
   * Swaps the queue's contents for `list` (the last object wins for a repeated key), queued in
   * list order. The first `replace`, if nothing was written before, defines the initial list.
   *
   * @param list - the new contents
   * @param _resourceVersion - the list's resource version (unused)
   * @throws `KeyError` if an object has no key; the queue is then unchanged
   */
  replace(list: readonly T[], _resourceVersion: string): void {
    const keyed = list.map((obj) => [this.keyFunction(obj), obj] as const);
    this.queue.clear();
    for (const [key, obj] of keyed) this.queue.set(key, obj);
    if (!this.populated) {
      this.populated = true;
      for (const key of this.queue.keys()) this.initialKeys.add(key);
    } else {
      for (const key of this.initialKeys) if (!this.queue.has(key)) this.initialKeys.delete(key);
    }
    if (this.queue.size > 0) this.changed.broadcast();
  }

  /**
   * Re-queues held items that are not queued. Every item a FIFO holds is queued (popping
   * removes it), so there is never anything to do; kept so that the FIFO is a {@link Queue}.
   */
  resync(): void {}

  /**
   * Waits until a key is queued, removes it and hands its latest object to `process`. Pops
   * take turns; after {@link FIFO.close} they drain the queue, then reject with
   * {@link FIFOClosedError}.
   *
   * @param process - handles the object; throwing a `RequeueError` puts it back unless the key
   *   was queued again meanwhile, and the pop then rejects with the error's cause, if any
   * @returns the popped object, once `process` has settled
   * @throws whatever `process` throws, other than a `RequeueError`
   */
  pop(process: PopProcessFunc<T>): Promise<T> {
    return popInTurn(this.turn, process);
  }

  /**
   * @param obj - an object
   * @returns the object queued under `obj`'s key, or `undefined`
   * @throws `KeyError` if `obj` has no key
   */
  get(obj: T): T | undefined {
    return this.queue.get(this.keyFunction(obj));
  }

  /**
   * @param key - a key
   * @returns the object queued under `key`, or `undefined`
   */
  getByKey(key: string): T | undefined {
    return this.queue.get(key);
  }

  /** @returns the queued objects, front first */
  list(): T[] {
    return this.queue.values();
  }

  /** @returns the queued keys, front first */
  listKeys(): string[] {
    return this.queue.keys();
  }

  /**
   * @returns whether the initial list has been processed: every item of the first `replace`
   *   was popped (and processed) or removed, or a write came before any `replace`
   */
  hasSynced(): boolean {
    return (
      this.populated && this.initialKeys.size === 0 && !(this.inFlight?.isInInitialList ?? false)
    );
  }

  /** Closes the queue: pops drain what is queued, then reject with {@link FIFOClosedError}. */
  close(): void {
    this.closed = true;
    this.changed.broadcast();
  }

  /** @returns whether {@link FIFO.close} was called */
  isClosed(): boolean {
    return this.closed;
  }

  private async processEntry(key: string, obj: T, process: PopProcessFunc<T>): Promise<T> {
    const isInInitialList = !this.hasSynced();
    this.initialKeys.delete(key);
    this.inFlight = { isInInitialList };
    try {
      await processPopped(process, obj, isInInitialList, key, () => this.requeue(key, obj));
    } finally {
      this.inFlight = undefined;
      this.changed.broadcast();
    }
    return obj;
  }

  private requeue(key: string, obj: T): void {
    this.populated = true;
    if (this.queue.has(key)) return;
    this.queue.set(key, obj);
    this.changed.broadcast();
  }
}
