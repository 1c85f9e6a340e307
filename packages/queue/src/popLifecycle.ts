import { Condition } from './condition.js';
import type { Deltas } from './deltas.js';
import type { QueueEntry } from './keyedQueue.js';
import type { PopTurn } from './popInTurn.js';
import type { PoppedDeltas } from './poppedDeltas.js';
import { processInFlight } from './processPopped.js';
import type { PopProcessFunc } from './queue.js';

/**
 * The pop side of a `DeltaFIFO` or `RealFIFO`: whether the initial list has been processed,
 * the items a pop is processing, and closing. The two queues differ in what they store and
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
   * the queue and the first pops are exactly theirs. Every popped item decrements it while
   * positive.
   */
  initialPopulationCount = 0;

  /**
   * The items pops have taken off the queue and are processing: none, one, or the changes of
   * a `RealFIFO` batch, whose keys are all different. Empty exactly when no pop is in flight;
   * one array for the queue's life, so a pop allocates none. client-go runs `process` under
   * the queue's lock, so no write can observe an item in flight. Here `process` may be
   * asynchronous and writes interleave with it, so the queues treat the in-flight items as
   * already applied to `knownObjects`: otherwise a deletion arriving meanwhile would be dropped
   * as unknown, a relist would miss it, and a resync would queue the object's previous state
   * behind the change being processed.
   */
  readonly inFlight: PoppedDeltas<T>[] = [];

  private closed = false;

  /** Broadcast when an item is queued, when a pop finishes processing, and on close. */
  readonly changed = new Condition();

  /** What `popInTurn` reads of the queue to pop one item. */
  readonly turn: PopTurn<V, PopProcessFunc<Deltas<T>>, Deltas<T> | Promise<Deltas<T>>>;

  /**
   * @param queue - the queue's entries
   * @param deltasOf - what a pop hands out for an entry
   * @param putBack - puts a popped item back at the front, when its `process` asks for it
   */
  constructor(
    private readonly queue: { shift(): QueueEntry<V> | undefined },
    private readonly deltasOf: (value: V) => Deltas<T>,
    private readonly putBack: (popped: PoppedDeltas<T>) => void,
  ) {
    this.turn = this.turnOf(
      () => queue.shift(),
      (key, value, process) =>
        processInFlight(this.begin(key, value), process, this.requeueInFlight, this.endPop),
    );
  }

  /**
   * A turn of `popInTurn` that takes what `take` returns and processes it with `start`,
   * waiting and closing like every other pop of the queue.
   *
   * @param take - takes the next item off the queue, or returns `undefined` when none
   * @param start - processes it; must mark what it took in flight ({@link PopLifecycle.begin})
   * @returns the turn
   */
  turnOf<W, P, R>(
    take: () => QueueEntry<W> | undefined,
    start: (key: string, value: W, process: P) => R,
  ): PopTurn<W, P, R> {
    return {
      queue: { shift: take },
      changed: this.changed,
      busy: () => this.inFlight.length > 0,
      closed: () => this.closed,
      start,
    };
  }

  /** @returns whether the initial list has been popped and processed */
  hasSynced(): boolean {
    // The items of a batch are all in the initial list or all out of it.
    return (
      this.populated &&
      this.initialPopulationCount === 0 &&
      !(this.inFlight[0]?.isInInitialList ?? false)
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
    if (this.inFlight.length > 0) return undefined;
    const next = this.queue.shift();
    return next === undefined ? undefined : this.begin(next.key, next.value);
  }

  /** Ends the in-flight pop, putting its items back first if `requeue`. */
  finishPop(requeue: boolean): void {
    if (requeue) this.requeueInFlight();
    this.endPop();
  }

  /**
   * Marks an entry just taken off the queue as in flight, next to those already in flight
   * (a batch).
   *
   * @returns its popped record
   */
  begin(key: string, value: V): PoppedDeltas<T> {
    const isInInitialList = !this.hasSynced();
    if (this.initialPopulationCount > 0) this.initialPopulationCount--;
    const popped: PoppedDeltas<T> = {
      type: 'popped',
      key,
      deltas: this.deltasOf(value),
      isInInitialList,
    };
    this.inFlight.push(popped);
    return popped;
  }

  /** Puts every in-flight item back, in its order (a process failed with a RequeueError). */
  readonly requeueInFlight = (): void => {
    for (let i = this.inFlight.length - 1; i >= 0; i--) this.putBack(this.inFlight[i]!);
  };

  /** Ends the pop in flight. */
  readonly endPop = (): void => {
    // Popped one by one: `length = 0` makes V8 drop the backing store, and the next pop's
    // `push` allocate a new one.
    while (this.inFlight.length > 0) this.inFlight.pop();
    this.changed.broadcast();
  };
}
