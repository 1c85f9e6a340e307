import type { ResourceVersionTracker } from './resourceVersionTracker.js';
import { ItemFifo } from './workqueue/itemFifo.js';

/** An input the queue took, and how many of the changes it queued are not yet applied. */
interface PendingInput {
  remaining: number;
  readonly version: string | undefined;
}

/**
 * The resource version a cache fed through a `RealFIFO` has caught up with: the version of the
 * last input (list, watch event, bookmark) such that it and every input before it have been
 * applied. A `RealFIFO` pops changes in the order they arrived, so this is a count: an input's
 * version is reached once the changes it queued, and all those before, have been popped. An
 * input that queued nothing (a bookmark) takes effect once everything before it is applied.
 * Versions are never compared (they are opaque).
 *
 * Cost: O(1) per input and per change applied, one small record per input with changes queued.
 *
 * @example
 * ```ts
 * const version = new StreamVersion();
 * version.wrote('7', ['default/a']); // a watch event
 * version.resourceVersion; // undefined: its change is still queued
 * version.applying('default/a');
 * version.resourceVersion; // '7'
 * ```
 */
export class StreamVersion implements ResourceVersionTracker {
  /** Inputs with changes not yet applied (or behind such), in stream order. */
  private readonly pending = new ItemFifo<PendingInput>();
  /** The front of `pending`: the input whose changes are being applied, if any. */
  private front: PendingInput | undefined;
  private reached: string | undefined;

  /**
   * Records an input the queue has taken, in stream order.
   *
   * @param resourceVersion - the input's version, or `undefined` for one without (a resync)
   * @param queuedKeys - the key of each change it queued, one per change
   */
  wrote(resourceVersion: string | undefined, queuedKeys: readonly string[]): void {
    if (queuedKeys.length === 0 && this.front === undefined) {
      if (resourceVersion !== undefined) this.reached = resourceVersion;
      return;
    }
    const input = { remaining: queuedKeys.length, version: resourceVersion };
    if (this.front === undefined) this.front = input;
    else this.pending.push(input);
  }

  /**
   * Records that the next change in stream order is being applied. Call before applying it;
   * read {@link StreamVersion.resourceVersion} after.
   *
   * @param _key - the change's key (the order alone tells whose change it is)
   */
  applying(_key: string): void {
    if (this.front !== undefined && this.front.remaining > 0) this.front.remaining--;
  }

  /**
   * @returns the version of the last input such that it and every earlier input have been
   *   applied, or `undefined` while no such input carried a version
   */
  get resourceVersion(): string | undefined {
    while (this.front !== undefined && this.front.remaining === 0) {
      if (this.front.version !== undefined) this.reached = this.front.version;
      this.front = this.pending.shift();
    }
    return this.reached;
  }
}
