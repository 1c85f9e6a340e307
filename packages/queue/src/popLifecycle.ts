import { Condition } from './condition.js';
import type { Deltas } from './deltas.js';
import type { QueueEntry } from './keyedQueue.js';
import type { PopTurn } from './popInTurn.js';
import type { PoppedDeltas } from './poppedDeltas.js';
import { processInFlight } from './processPopped.js';
import type { PopProcessFunc } from './queue.js';

/**
 * The pop side of a `DeltaFIFO` or `RealFIFO`: whether the initial list has been processed,
 * the item a pop is processing, and closing. The two queues differ in what they store and
 * what a pop takes (a key's changes, or one change); this is what they share.
 *
 * @typeParam T - the object type
 * @typeParam V - what the queue stores per entry
 * @internal
 */
export class PopLifecycle<T, V> {
  /** Set by the first write: a `replace`, or any write before one. */
  populated = false;

  /**
   * How many items of the first `replace` have not been popped yet. Only that first `replace`
   * sets it, and only when nothing was written before it, so those items are at the front of
   * the queue and the first pops are exactly theirs. Every pop decrements it while positive.
   */
  initialPopulationCount = 0;

  /**
   * The item a pop has taken off the queue and is processing; at most one, since pops take
   * turns. client-go runs `process` under the queue's lock, so no write can observe an item
   * in flight. Here `process` may be asynchronous and writes interleave with it, so the queues
   * treat the in-flight item as already applied to `knownObjects`: otherwise a deletion
   * arriving meanwhile would be dropped as unknown, a relist would miss it, and a resync would
   * queue the object's previous state behind the change being processed.
   */
  inFlight: PoppedDeltas<T> | undefined;

  private closed = false;

  /** Broadcast when an item is queued, when a pop finishes processing, and on close. */
  readonly changed = new Condition();

  /** What `popInTurn` reads of the queue. */
  readonly turn: PopTurn<V, PopProcessFunc<Deltas<T>>, Deltas<T> | Promise<Deltas<T>>>;

  /**
   * @param queue - the queue's entries
   * @param deltasOf - what a pop hands out for an entry
   * @param putBack - puts a popped item back, when its `process` asks for it
   */
  constructor(
    private readonly queue: { shift(): QueueEntry<V> | undefined },
    private readonly deltasOf: (value: V) => Deltas<T>,
    private readonly putBack: (popped: PoppedDeltas<T>) => void,
  ) {
    this.turn = {
      queue,
      changed: this.changed,
      busy: () => this.inFlight !== undefined,
      closed: () => this.closed,
      start: (key, value, process) =>
        processInFlight(this.begin(key, value), process, this.requeueInFlight, this.endPop),
    };
  }

  /** @returns whether the initial list has been popped and processed */
  hasSynced(): boolean {
    return (
      this.populated &&
      this.initialPopulationCount === 0 &&
      !(this.inFlight?.isInInitialList ?? false)
    );
  }

  /** Closes the queue: pops drain what is queued, then reject with `FIFOClosedError`. */
  close(): void {
    this.closed = true;
    this.changed.broadcast();
  }

  /** @returns whether {@link PopLifecycle.close} was called */
  isClosed(): boolean {
    return this.closed;
  }

  /** @returns the front entry, now in flight, or `undefined` when none or a pop is in flight */
  startPop(): PoppedDeltas<T> | undefined {
    if (this.inFlight !== undefined) return undefined;
    const next = this.queue.shift();
    return next === undefined ? undefined : this.begin(next.key, next.value);
  }

  /** Ends the in-flight pop, putting its item back first if `requeue`. */
  finishPop(requeue: boolean): void {
    if (requeue) this.requeueInFlight();
    this.endPop();
  }

  /** Marks an entry just taken off the queue as in flight; returns its popped record. */
  private begin(key: string, value: V): PoppedDeltas<T> {
    const isInInitialList = !this.hasSynced();
    if (this.initialPopulationCount > 0) this.initialPopulationCount--;
    const popped: PoppedDeltas<T> = {
      type: 'popped',
      key,
      deltas: this.deltasOf(value),
      isInInitialList,
    };
    this.inFlight = popped;
    return popped;
  }

  // A process that fails with a RequeueError does so while its pop is in flight.
  private readonly requeueInFlight = (): void => {
    if (this.inFlight !== undefined) this.putBack(this.inFlight);
  };

  private readonly endPop = (): void => {
    this.inFlight = undefined;
    this.changed.broadcast();
  };
}
