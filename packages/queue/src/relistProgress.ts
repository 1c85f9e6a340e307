/**
 * Follows, for the `deltaFifo` operator, when every item the pending relists queued has been
 * popped and processed (its `relistApplied` event). How depends on what a pop takes: a whole
 * key's changes (`DeltaFIFO`) or one change (`RealFIFO`).
 *
 * @internal
 */
export interface RelistProgress {
  /**
   * A `replace` was queued.
   *
   * @param keys - the keys it queued a change for
   * @param resourceVersion - the list's version
   * @param depth - the queue's size right after it
   * @returns whether no relist is pending, so that it is applied at once (it queued nothing)
   */
  queued(keys: readonly string[], resourceVersion: string, depth: number): boolean;
  /** @returns whether the item of `key` now popped belongs to a pending relist */
  popping(key: string): boolean;
  /**
   * A pop that {@link RelistProgress.popping} said belongs to a relist ended.
   *
   * @returns the version to report as applied, when it was the relists' last item
   */
  ended(key: string, requeued: boolean): string | undefined;
}

/**
 * For a queue that pops a key with all its changes (`DeltaFIFO`): a relist is applied once
 * each key it queued has been popped, in whatever order.
 *
 * @internal
 */
export class KeyedRelistProgress implements RelistProgress {
  /** Keys a relist queued that have not been popped yet; undefined when none is pending. */
  private replacing: Set<string> | undefined;
  private version = '';

  queued(keys: readonly string[], resourceVersion: string): boolean {
    this.version = resourceVersion;
    if (keys.length === 0) return this.replacing === undefined;
    this.replacing ??= new Set();
    for (const key of keys) this.replacing.add(key);
    return false;
  }

  popping(key: string): boolean {
    return this.replacing?.delete(key) === true;
  }

  ended(key: string, requeued: boolean): string | undefined {
    if (this.replacing === undefined) return undefined;
    if (requeued) this.replacing.add(key);
    else if (this.replacing.size === 0) {
      this.replacing = undefined;
      return this.version;
    }
    return undefined;
  }
}

/**
 * For a queue that pops one change at a time in arrival order (`RealFIFO`): a relist is applied
 * once every change queued up to its last has been popped, a count. A key may be queued more
 * than once, so keys cannot tell.
 *
 * @internal
 */
export class OrderedRelistProgress implements RelistProgress {
  /** How many queued changes, from the front, precede or belong to the pending relists. */
  private remaining = 0;
  private pending = false;
  private version = '';

  queued(keys: readonly string[], resourceVersion: string, depth: number): boolean {
    this.version = resourceVersion;
    if (keys.length === 0) return !this.pending;
    this.pending = true;
    this.remaining = depth;
    return false;
  }

  popping(): boolean {
    if (this.remaining === 0) return false;
    this.remaining--;
    return true;
  }

  ended(_key: string, requeued: boolean): string | undefined {
    // A requeued change goes back to the front, so it is still among the relists' changes.
    if (requeued) this.remaining++;
    else if (this.remaining === 0 && this.pending) {
      this.pending = false;
      return this.version;
    }
    return undefined;
  }
}
