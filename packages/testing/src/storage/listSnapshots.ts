import { expiredStatus, StatusError } from '../api/status.js';
import type { KubeObject } from '../api/types.js';
import type { EventHistory } from './eventHistory.js';

/** How many sorted list snapshots are kept (a few concurrent paginated lists). */
const SNAPSHOT_CACHE_SIZE = 4;

/** The state of one resource at one revision, as a paginated list reads it. */
export interface Snapshot {
  /** The snapshot's resourceVersion. */
  readonly rv: number;
  /** `[key, object]` pairs sorted by key. */
  readonly entries: ReadonlyArray<readonly [string, KubeObject]>;
}

/**
 * The sorted state of a resource at a revision, rebuilt from the current state by undoing the
 * later writes the history holds. The state at a given revision never changes, so the last few
 * snapshots are kept for the pages of a paginated list that follow the first (each would
 * otherwise copy and sort the whole table).
 */
export class ListSnapshots {
  private readonly cache = new Map<string, Snapshot>();

  /**
   * @param history - the writes to undo.
   */
  constructor(private readonly history: EventHistory) {}

  /**
   * The snapshot of one resource at `rv`.
   *
   * @param id - the resource id.
   * @param table - the resource's current objects by key.
   * @param rv - the snapshot revision, clamped to `current`.
   * @param current - the current revision.
   * @returns the snapshot.
   * @throws StatusError 410 `Expired` when `rv` has been compacted.
   */
  at(id: string, table: ReadonlyMap<string, KubeObject>, rv: number, current: number): Snapshot {
    const revision = Math.min(rv, current);
    const cacheKey = `${id}@${revision}`;
    const cached = this.cache.get(cacheKey);
    if (cached !== undefined) return cached;
    const snapshot = this.build(id, table, revision, current);
    this.cache.set(cacheKey, snapshot);
    if (this.cache.size > SNAPSHOT_CACHE_SIZE) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    return snapshot;
  }

  /** Forgets every kept snapshot (after a compaction). */
  clear(): void {
    this.cache.clear();
  }

  private build(
    id: string,
    table: ReadonlyMap<string, KubeObject>,
    rv: number,
    current: number,
  ): Snapshot {
    const state = new Map(table);
    if (rv < current) {
      const later = this.history.since(rv);
      if (later === undefined) {
        throw new StatusError(
          expiredStatus('The resourceVersion for the provided list is too old.'),
        );
      }
      for (let i = later.length - 1; i >= 0; i -= 1) {
        const event = later[i];
        if (event === undefined || event.resource !== id) continue;
        if (event.previous === undefined) state.delete(event.key);
        else state.set(event.key, event.previous);
      }
    }
    const entries = [...state.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return { rv, entries };
  }
}
