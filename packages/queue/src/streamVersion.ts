import type { ResourceVersionTracker } from './resourceVersionTracker.js';
import { ItemFifo } from './workqueue/itemFifo.js';

/** The slot of a change after which no version is reached (not its input's last, or a resync). */
const none: unique symbol = Symbol('none');

/**
 * The resource version a cache fed through a `RealFIFO` has caught up with: the version of the
 * last input (list, watch event, bookmark) such that it and every input before it have been
 * applied. A `RealFIFO` pops changes in the order they arrived, so this follows the order: an
 * input's version is reached once the last change it queued, and so all those before, has
 * been applied. An input that queued nothing (a bookmark) takes effect once everything before
 * it is applied. Versions are never compared (they are opaque).
 *
 * Cost: O(1) per input and per change applied. It keeps one slot per queued change, the
 * version that applying the change reaches, in an array: no record is allocated per input.
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
  /**
   * One slot per queued change not yet applied, in stream order: the version reached once it
   * is applied (its input's version, on the input's last change only), or `none`.
   */
  private readonly pending = new ItemFifo<string | typeof none>();
  /** The slot of the change being applied, reached when the version is next read. */
  private applied: string | typeof none = none;
  private reached: string | undefined;

  /**
   * Records an input the queue has taken, in stream order.
   *
   * @param resourceVersion - the input's version, or `undefined` for one without (a resync)
   * @param queuedKeys - the key of each change it queued, one per change
   */
  wrote(resourceVersion: string | undefined, queuedKeys: readonly string[]): void {
    const count = queuedKeys.length;
    if (count === 0) {
      if (resourceVersion === undefined || this.pending.replaceLast(resourceVersion)) return;
      // Nothing queued: reached with the change being applied, if any, or at once.
      if (this.applied !== none) this.applied = resourceVersion;
      else this.reached = resourceVersion;
      return;
    }
    for (let i = 1; i < count; i++) this.pending.push(none);
    this.pending.push(resourceVersion ?? none);
  }

  /**
   * Records that the next change in stream order is being applied. Call before applying it;
   * read {@link StreamVersion.resourceVersion} after.
   *
   * @param _key - the change's key (the order alone tells whose change it is)
   */
  applying(_key: string): void {
    const slot = this.pending.shift();
    // A slot without a version leaves the one of a change applied before it to be reached.
    if (slot !== undefined && slot !== none) this.applied = slot;
  }

  /**
   * @returns the version of the last input such that it and every earlier input have been
   *   applied, or `undefined` while no such input carried a version
   */
  get resourceVersion(): string | undefined {
    if (this.applied !== none) {
      this.reached = this.applied;
      this.applied = none;
    }
    return this.reached;
  }
}
