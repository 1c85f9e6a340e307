import type { ResourceVersionTracker } from './resourceVersionTracker.js';

/** A key with changes still queued, and the version reached before the first of them. */
interface PendingKey {
  readonly key: string;
  /** The version of the last input written before this key's first queued change. */
  readonly before: string | undefined;
  /** Set once the key's changes were taken for processing. */
  applied: boolean;
}

/**
 * The resource version a cache fed through a `DeltaFIFO` has caught up with: the version
 * of the last input (list, watch event, bookmark) such that it and every input before it, in
 * the order of the watch stream, have been applied. A snapshot labelled with it holds every
 * change up to that version, which is what a reader resuming from it needs.
 *
 * The cache cannot take it from the objects it writes: the queue coalesces changes per key and
 * pops keys in the order they were first queued, so after writes a\@5, b\@6, a\@7 it applies a\@5
 * and a\@7 before b\@6. Nor does it compare versions, which are opaque: it follows the ORDER in
 * which inputs arrived and which keys each one left queued (the `queuedKeys` the `deltaFifo`
 * operator reports in its `queued` events).
 *
 * Cost: O(1) per input and per key applied (amortised), one small record per queued key.
 *
 * @example
 * ```ts
 * const watermark = new VersionWatermark();
 * inputs$.pipe(
 *   deltaFifo({ knownObjects: indexer }),
 *   tap((event) => {
 *     if (event.type === 'queued') watermark.wrote(versionOf(event.input), event.keys);
 *     if (event.type !== 'popped') return;
 *     watermark.applying(event.key);
 *     applyDeltas(indexer, event.deltas, event.isInInitialList);
 *     const version = watermark.resourceVersion;
 *     if (version !== undefined) indexer.setResourceVersion(version);
 *   }),
 * );
 * ```
 */
export class VersionWatermark implements ResourceVersionTracker {
  /**
   * The latest record of every key written since the queue was last empty: a key has changes
   * not yet taken for processing iff its record here is not `applied`. Applied records stay
   * until the queue empties (or `order` is compacted) and the map is cleared at once: deleting
   * each key as it is applied and adding it back at its next change would make V8 shrink and
   * regrow the map's table, allocating on every watch event.
   */
  private readonly pending = new Map<string, PendingKey>();
  /**
   * Records in the order their keys were first queued, i.e. in stream order of their `before`.
   * Entries before `head`, and entries no longer in `pending`, are stale and skipped.
   */
  private order: PendingKey[] = [];
  private head = 0;
  /** The version of the last input written that carried one. */
  private latest: string | undefined;

  /**
   * Records an input the queue has taken, in stream order.
   *
   * @param resourceVersion - the input's version (a list's or bookmark's version, a watch
   *   event's object version), or `undefined` for an input without one (a resync)
   * @param queuedKeys - the keys the input queued a change for (none for a bookmark)
   */
  wrote(resourceVersion: string | undefined, queuedKeys: readonly string[]): void {
    for (const key of queuedKeys) {
      if (this.pending.get(key)?.applied === false) continue;
      const record: PendingKey = { key, before: this.latest, applied: false };
      this.pending.set(key, record);
      this.order.push(record);
    }
    if (resourceVersion !== undefined) this.latest = resourceVersion;
  }

  /**
   * Records that a key's queued changes were taken for processing (a pop takes all of them).
   * Call before applying them; read {@link VersionWatermark.resourceVersion} after.
   *
   * @param key - the popped key
   */
  applying(key: string): void {
    const record = this.pending.get(key);
    if (record !== undefined) record.applied = true;
  }

  /**
   * @returns the version of the last input such that it and every earlier input have been
   *   applied, or `undefined` while no such input carried a version
   */
  get resourceVersion(): string | undefined {
    while (this.head < this.order.length) {
      const record = this.order[this.head];
      if (record !== undefined && !record.applied) {
        // A queue that never drains would keep every skipped record: drop them in bulk.
        if (this.head >= 1024 && this.head * 2 >= this.order.length) {
          this.order = this.order.slice(this.head);
          this.head = 0;
          this.forgetApplied();
        }
        return record.before;
      }
      this.head++;
    }
    // Nothing queued: everything written is applied. Reset the order here, where it is empty.
    this.order = [];
    this.head = 0;
    this.pending.clear();
    return this.latest;
  }

  // Drops applied records, so that the map holds no more records than `order`.
  private forgetApplied(): void {
    for (const [key, record] of this.pending) if (record.applied) this.pending.delete(key);
  }
}
