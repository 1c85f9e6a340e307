import type { ResourceEvent } from '@rxkube/queue';
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
    const syncTargets = this.syncTargets.get(key);
    this.syncTargets.delete(key);
    for (const event of events) {
      switch (event.type) {
        case 'add':
          this.toAll({ type: 'add', object: event.obj, isInInitialList: event.isInInitialList });
          break;
        case 'delete':
          this.toAll({ type: 'delete', object: event.obj, isInInitialList: false });
          break;
        case 'update': {
          const update: InformerEvent<T> = {
            type: 'update',
            object: event.newObj,
            oldObject: event.oldObj,
            isInInitialList: false,
          };
          if (!isResync(event)) this.toAll(update);
          else if (syncTargets !== undefined) {
            for (const listener of syncTargets) {
              if (this.listeners.has(listener)) listener.add(update);
            }
          }
          break;
        }
      }
    }
  }

  private toAll(event: InformerEvent<T>): void {
    for (const listener of this.listeners) listener.add(event);
  }
}

// As client-go: an update that leaves the resource version unchanged is a resync (a periodic
// Sync, or a relist that found the object as it was), not a change.
function isResync<T>(event: Extract<ResourceEvent<T>, { type: 'update' }>): boolean {
  if (event.deltaType === 'Sync') return true;
  const before = resourceVersionOf(event.oldObj);
  return before !== undefined && before === resourceVersionOf(event.newObj);
}
