/**
 * The event handlers the scenarios register: a fast probe that counts (and, where asked, records
 * the last version it saw per key), and a slow consumer whose every event takes 1 ms of
 * asynchronous work, like a reconcile calling out over the network.
 */
import type { BenchHandler, HandlerEventType } from './contender.js';

/** Events seen by a handler, by type. */
export interface EventCounts {
  add: number;
  update: number;
  delete: number;
}

/** The fast handler: counts events and tells the waiter after each one. */
export class ProbeHandler {
  readonly counts: EventCounts = { add: 0, update: 0, delete: 0 };
  /** Events seen since the handler was registered (never reset). */
  seenTotal = 0;
  /** Last resourceVersion seen per key (`null` after a delete); only when tracking. */
  readonly seen = new Map<string, string | null>();
  /** Whether to record {@link ProbeHandler.seen}; off while heap is measured. */
  tracking = false;

  /** @param notify - called after every event */
  constructor(private readonly notify: () => void) {}

  /** Zeroes the counts (the seen versions are kept: they are state, not a tally). */
  reset(): void {
    this.counts.add = 0;
    this.counts.update = 0;
    this.counts.delete = 0;
  }

  /** @returns the total of all counts */
  total(): number {
    return this.counts.add + this.counts.update + this.counts.delete;
  }

  /** The handler function to register. */
  readonly handle: BenchHandler = (type: HandlerEventType, key, obj) => {
    this.counts[type] += 1;
    this.seenTotal += 1;
    if (this.tracking) {
      this.seen.set(key, type === 'delete' ? null : (obj?.metadata?.resourceVersion ?? null));
    }
    this.notify();
  };
}

/** The slow handler: every event waits 1 ms (a timer, not a busy loop). */
export class SlowHandler {
  /** Events handed to the handler. */
  started = 0;
  /** Events whose 1 ms has passed. */
  finished = 0;

  /** @returns events started but not finished (in flight or not awaited by the library) */
  get inFlight(): number {
    return this.started - this.finished;
  }

  /** The handler function to register. */
  readonly handle: BenchHandler = () => {
    this.started += 1;
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        this.finished += 1;
        resolve();
      }, 1),
    );
  };
}
