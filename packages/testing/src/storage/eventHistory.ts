import type { KubeObject } from '../api/types.js';

/** A committed write, as the history and watchers see it. */
export interface StoredEvent {
  /** What the write did. */
  readonly type: 'ADDED' | 'MODIFIED' | 'DELETED';
  /** The global resourceVersion the write was given. */
  readonly rv: number;
  /** The resource id (`group/version/plural`). */
  readonly resource: string;
  /** The object key (`namespace/name`, or `name` for cluster-scoped objects). */
  readonly key: string;
  /** The new state; for DELETED the last state stamped with the deletion's resourceVersion. */
  readonly object: KubeObject;
  /** The state before the write (MODIFIED and DELETED only), with its own resourceVersion. */
  readonly previous: KubeObject | undefined;
}

/**
 * A bounded, ordered log of writes. Like etcd plus the watch cache it can only answer questions
 * about resourceVersions above its compaction point: older watch starts and list snapshots are
 * gone (410).
 */
export class EventHistory {
  private events: StoredEvent[] = [];
  // Index of the oldest live event: dropping from the front by index avoids O(n) shifts.
  private head = 0;
  private compacted: number;

  /**
   * @param capacity - the most events kept; older ones are compacted away.
   * @param startRevision - the revision the log starts at (nothing before it is known).
   */
  constructor(
    private readonly capacity: number,
    startRevision: number,
  ) {
    this.compacted = startRevision;
  }

  /**
   * The oldest resourceVersion a watch can still start from (and a list snapshot be read at).
   *
   * @returns the compaction revision.
   */
  get compactedRevision(): number {
    return this.compacted;
  }

  /**
   * How many events are held.
   *
   * @returns the count.
   */
  get size(): number {
    return this.events.length - this.head;
  }

  /**
   * Appends an event, compacting the oldest one when over capacity.
   *
   * @param event - the committed write; its rv must exceed every held event's rv.
   */
  append(event: StoredEvent): void {
    this.events.push(event);
    while (this.size > this.capacity) {
      const dropped = this.events[this.head];
      this.head += 1;
      if (dropped !== undefined) this.compacted = Math.max(this.compacted, dropped.rv);
    }
    this.reclaim();
  }

  /**
   * Forgets every event with rv ≤ `revision`, like an etcd compaction.
   *
   * @param revision - the new compaction revision.
   */
  compact(revision: number): void {
    if (revision <= this.compacted) return;
    while (this.head < this.events.length && (this.events[this.head]?.rv ?? Infinity) <= revision) {
      this.head += 1;
    }
    this.compacted = revision;
    this.reclaim();
  }

  /**
   * The events after `revision`, oldest first.
   *
   * @param revision - exclusive lower bound; must be ≥ the compaction revision.
   * @returns the events, or undefined when `revision` has been compacted.
   */
  since(revision: number): StoredEvent[] | undefined {
    if (revision < this.compacted) return undefined;
    let lo = this.head;
    let hi = this.events.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.events[mid]?.rv ?? Infinity) <= revision) lo = mid + 1;
      else hi = mid;
    }
    return this.events.slice(lo);
  }

  private reclaim(): void {
    if (this.head > 1024 && this.head * 2 > this.events.length) {
      this.events = this.events.slice(this.head);
      this.head = 0;
    }
  }
}
