import type { FifoKind } from './fifoKind.js';
import { StreamVersion } from './streamVersion.js';
import { VersionWatermark } from './versionWatermark.js';

/**
 * Follows the resource version a cache fed through a queue has caught up with, from the
 * `deltaFifo` operator's events: `wrote` at each `queued` event, `applying` at each `popped`
 * one. {@link VersionWatermark} for a `DeltaFIFO`, {@link StreamVersion} for a `RealFIFO`.
 */
export interface ResourceVersionTracker {
  /**
   * Records an input the queue has taken, in stream order.
   *
   * @param resourceVersion - the input's version, or `undefined` for one without (a resync)
   * @param queuedKeys - the keys the input queued a change for, as its `queued` event reports
   */
  wrote(resourceVersion: string | undefined, queuedKeys: readonly string[]): void;
  /**
   * Records that a pop's changes are being applied. Call before applying them.
   *
   * @param key - the popped key
   */
  applying(key: string): void;
  /** The version of the last input such that it and every earlier input have been applied. */
  readonly resourceVersion: string | undefined;
}

/**
 * @param fifo - the queue the cache is fed through
 * @returns a new tracker for it
 * @example
 * ```ts
 * const version = resourceVersionTracker('real');
 * ```
 */
export function resourceVersionTracker(fifo: FifoKind): ResourceVersionTracker {
  return fifo === 'real' ? new StreamVersion() : new VersionWatermark();
}
