import type { ResourceEvent, UpsertDeltaType } from '@rxkube/queue';
import type { DeletedFinalStateUnknown } from '@rxkube/store';
import type { InformerEvent } from './eventHandler.js';
import type { ProcessorListener } from './processorListener.js';
import { resourceVersionOf } from './resourceVersion.js';

/**
 * The informer's handlers and who gets which event (client-go's `sharedProcessor`).
 *
 * Real changes go to every handler. Resync deliveries — updates that do not change the
 * resource version — go only to the handlers whose resync was due when the `Sync` was queued:
 * {@link SharedProcessor.planResync} records, per key, which handlers asked. Because the `Sync`
 * travels through the DeltaFIFO, it is only queued for keys with nothing pending and carries
 * the cache's current object, so a handler can never receive an object older than one it
 * already saw.
 *
 * @typeParam T - the object type
 * @internal
 */
export class SharedProcessor<T> {
  private readonly listeners = new Set<ProcessorListener<T>>();
  // Key → handlers due for the Sync queued under that key. Sets are shared between keys of one
  // resync and copied on write.
  private readonly syncTargets = new Map<string, ReadonlySet<ProcessorListener<T>>>();
  /** The handlers due for the `Sync` of the key being handed out ({@link SharedProcessor.startKey}). */
  private keySyncTargets: ReadonlySet<ProcessorListener<T>> | undefined;

  /** @returns the registered listeners */
  all(): ReadonlySet<ProcessorListener<T>> {
    return this.listeners;
  }

  /** @param listener - starts receiving events */
  add(listener: ProcessorListener<T>): void {
    this.listeners.add(listener);
  }

  /** @param listener - stops receiving events; its buffer is dropped */
  remove(listener: ProcessorListener<T>): void {
    this.listeners.delete(listener);
    listener.remove();
  }

  /** Removes every listener. */
  clear(): void {
    for (const listener of this.listeners) listener.remove();
    this.listeners.clear();
    this.syncTargets.clear();
    this.keySyncTargets = undefined;
  }

  /**
   * @returns the smallest resync period among the handlers (0 when none resyncs): the period
   *   at which the informer checks for due resyncs
   */
  resyncCheckPeriod(): number {
    let smallest = 0;
    for (const listener of this.listeners) {
      if (listener.resyncPeriod > 0 && (smallest === 0 || listener.resyncPeriod < smallest)) {
        smallest = listener.resyncPeriod;
      }
    }
    return smallest;
  }

  /**
   * Records that `due` should receive the `Sync` of each key in `syncedKeys` (just queued), and
   * also those of keys whose `Sync` is still queued from an earlier resync.
   *
   * @param syncedKeys - keys that received a `Sync` delta now
   * @param due - the handler whose resync is due
   */
  planResync(syncedKeys: readonly string[], due: ProcessorListener<T>): void {
    const copies = new Map<ReadonlySet<ProcessorListener<T>>, ReadonlySet<ProcessorListener<T>>>();
    for (const [key, targets] of this.syncTargets) {
      if (targets.has(due)) continue;
      let widened = copies.get(targets);
      if (widened === undefined) {
        widened = new Set([...targets, due]);
        copies.set(targets, widened);
      }
      this.syncTargets.set(key, widened);
    }
    const only: ReadonlySet<ProcessorListener<T>> = new Set([due]);
    // A key still planned was widened above. Only an atomic queue queues a key that is still
    // planned (each `SyncAll` under the same key): its first `SyncAll` serves both resyncs.
    for (const key of syncedKeys) if (!this.syncTargets.has(key)) this.syncTargets.set(key, only);
  }

  /**
   * Hands one key's events to the handlers: changes to all, resyncs to those due.
   *
   * @param key - the key the events are about
   * @param events - as returned by `applyDeltas`, in order
   */
  distribute(key: string, events: readonly ResourceEvent<T>[]): void {
    this.startKey(key);
    for (const event of events) {
      switch (event.type) {
        case 'add':
          this.added(event.obj, event.isInInitialList);
          break;
        case 'delete':
          this.deleted(event.obj);
          break;
        case 'update':
          this.updated(event.oldObj, event.newObj, event.deltaType);
          break;
      }
    }
  }

  /**
   * Starts handing out the changes of one pop of `key` ({@link SharedProcessor.added},
   * `updated`, `deleted` follow): the handlers due for its `Sync`, if any, are taken.
   *
   * @param key - the key popped
   */
  startKey(key: string): void {
    // Most of the time no resync is pending: no lookup per event then.
    if (this.syncTargets.size === 0) {
      this.keySyncTargets = undefined;
      return;
    }
    this.keySyncTargets = this.syncTargets.get(key);
    this.syncTargets.delete(key);
  }

  /**
   * @param object - now cached, under the key last started
   * @param isInInitialList - whether it came with the initial list
   */
  added(object: T, isInInitialList: boolean): void {
    this.toAll({ type: 'add', object, oldObject: undefined, isInInitialList });
  }

  /**
   * A cached object replaced: a change for every handler, or a resync (same resource version,
   * or a `Sync`) for the handlers due.
   *
   * @param oldObject - cached before
   * @param object - cached now
   * @param deltaType - the change that wrote it
   */
  updated(oldObject: T, object: T, deltaType: UpsertDeltaType): void {
    const update: InformerEvent<T> = { type: 'update', object, oldObject, isInInitialList: false };
    if (!isResync(deltaType, oldObject, object)) this.toAll(update);
    else if (this.keySyncTargets !== undefined) {
      for (const listener of this.keySyncTargets) {
        if (this.listeners.has(listener)) listener.add(update);
      }
    }
  }

  /** @param object - the deleted object, or its tombstone */
  deleted(object: T | DeletedFinalStateUnknown<T>): void {
    this.toAll({ type: 'delete', object, oldObject: undefined, isInInitialList: false });
  }

  private toAll(event: InformerEvent<T>): void {
    for (const listener of this.listeners) listener.add(event);
  }
}

// As client-go: an update that leaves the resource version unchanged is a resync (a periodic
// Sync, or a relist that found the object as it was), not a change.
function isResync<T>(deltaType: UpsertDeltaType, oldObject: T, object: T): boolean {
  if (deltaType === 'Sync') return true;
  const before = resourceVersionOf(oldObject);
  return before !== undefined && before === resourceVersionOf(object);
}
