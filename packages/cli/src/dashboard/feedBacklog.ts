import type { FeedMessage } from './feedProtocol.js';

type Change = Extract<FeedMessage, { type: 'change' }>;

/**
 * The messages a slow browser has not been sent yet, in bounded memory: its changes coalesced
 * per key (the latest state of each object wins; a deletion is kept like any other change, so
 * the browser still learns that the object is gone), and only the latest status.
 *
 * Holding a backlog costs one entry per key changed since the browser fell behind, and the
 * entries share the feed's own message objects: nothing is serialised until it is written.
 * Changes go out in the order of their ids, so the `Last-Event-ID` a browser reconnects with
 * still names a point from which the missed changes bring it to the server's state.
 */
export class FeedBacklog {
  /**
   * The latest change of each key. Invariant: iteration order is the order of the entries'
   * ids, because a key's newer change is deleted and re-inserted, never written in place.
   */
  private readonly changes = new Map<string, Change>();
  /** A snapshot waiting to go out; when set, it goes before every change. */
  private snapshot: FeedMessage | undefined;
  /** The latest status; older ones are worthless once a newer one exists. */
  private status: FeedMessage | undefined;

  /** @returns the messages waiting */
  get size(): number {
    return (
      this.changes.size +
      (this.snapshot === undefined ? 0 : 1) +
      (this.status === undefined ? 0 : 1)
    );
  }

  /**
   * Queues a message, folding it into what is already queued.
   *
   * @param message - the next message of the feed
   */
  add(message: FeedMessage): void {
    if (message.type === 'status') {
      this.status = message;
    } else if (message.type === 'snapshot') {
      // A snapshot holds every object: the changes before it are in it.
      this.changes.clear();
      this.snapshot = message;
    } else {
      this.changes.delete(message.key);
      this.changes.set(message.key, message);
    }
  }

  /**
   * Takes the next message to send: the snapshot, then changes by id, then the status.
   *
   * @returns the message, or undefined when nothing waits
   */
  shift(): FeedMessage | undefined {
    if (this.snapshot !== undefined) {
      const snapshot = this.snapshot;
      this.snapshot = undefined;
      return snapshot;
    }
    for (const [key, change] of this.changes) {
      this.changes.delete(key);
      return change;
    }
    const status = this.status;
    this.status = undefined;
    return status;
  }
}
