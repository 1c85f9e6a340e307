import { StatusError } from '../api/status.js';
import type { StoredEvent } from './eventHistory.js';

/**
 * The reactors of a store (controllers such as the garbage collector) and the events waiting
 * for them. Reactions run one event at a time, in commit order, after the write that caused
 * them: a write a reactor makes is queued behind the event being handled, so every listener
 * sees the events of a cascade in the order they were committed.
 */
export class ReactionQueue {
  private readonly reactors = new Set<(event: StoredEvent) => void>();
  private readonly pending: StoredEvent[] = [];
  private reacting = false;

  /**
   * Adds a reactor.
   *
   * @param reactor - receives each event.
   * @returns a function that removes it.
   */
  add(reactor: (event: StoredEvent) => void): () => void {
    this.reactors.add(reactor);
    return () => this.reactors.delete(reactor);
  }

  /**
   * Queues a committed event for every reactor and, unless a reaction is already running
   * further up the stack, runs the queue to its end. A `StatusError` a reactor throws (an object
   * gone meanwhile) drops that reaction only.
   *
   * @param event - the committed write.
   */
  push(event: StoredEvent): void {
    if (this.reactors.size === 0) return;
    this.pending.push(event);
    if (this.reacting) return;
    this.reacting = true;
    try {
      for (let next = this.pending.shift(); next !== undefined; next = this.pending.shift()) {
        for (const reactor of [...this.reactors]) {
          try {
            reactor(next);
          } catch (error) {
            if (!(error instanceof StatusError)) throw error;
          }
        }
      }
    } finally {
      this.reacting = false;
    }
  }
}
