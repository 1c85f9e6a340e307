import type { FifoInput } from '@rxkube/queue';
import { isDeletedFinalStateUnknown, type KeyFunc, type KeyListerGetter } from '@rxkube/store';

/** What a write did to the queue, as far as the informer needs to know. */
export interface MirroredWrite {
  /** For a `replace`: every key it queued a delta for (listed objects and inferred deletions). */
  readonly replacedKeys?: ReadonlySet<string>;
  /** For a `resync`: the keys that received a `Sync` delta. */
  readonly syncedKeys?: readonly string[];
}

/**
 * Follows which keys have changes queued in the informer's DeltaFIFO, by applying the queue's
 * own rules to each input just before the queue sees it and to each pop. The `deltaFifo`
 * operator owns its queue, so this is how the informer knows, without reaching into it:
 *
 * - which keys a relist touched (to hold `indexer$` until they are all applied),
 * - which keys a resync touched (to deliver those `Sync`s only to the handlers that are due),
 * - the queue's depth (for metrics, and to know when the cache has caught up).
 *
 * The rules mirrored: add/update queue the key; a delete is dropped unless the key is queued
 * or cached; a replace queues every listed key plus every queued or cached key it lacks; a
 * resync queues every cached key with nothing queued. Objects without a key are skipped, as the
 * queue skips them.
 *
 * @internal
 */
export class FifoMirror<T> {
  private readonly queued = new Set<string>();

  /**
   * @param keyFunc - the queue's key function
   * @param known - the cache (the queue's `knownObjects`)
   */
  constructor(
    private readonly keyFunc: KeyFunc<T>,
    private readonly known: KeyListerGetter<T>,
  ) {}

  /** @returns the number of keys with changes queued */
  get depth(): number {
    return this.queued.size;
  }

  /**
   * Applies the queue's rules for `input`. Call it right before the queue receives `input`.
   *
   * @param input - the write about to reach the queue
   * @returns the keys a replace or resync touched
   */
  write(input: FifoInput<T>): MirroredWrite {
    switch (input.type) {
      case 'add':
      case 'update': {
        const key = this.keyOf(input.object);
        if (key !== undefined) this.queued.add(key);
        return {};
      }
      case 'delete': {
        const key = this.keyOf(input.object);
        if (key !== undefined && (this.queued.has(key) || this.known.getByKey(key) !== undefined)) {
          this.queued.add(key);
        }
        return {};
      }
      case 'replace': {
        for (const item of input.items) {
          const key = this.keyOf(item);
          if (key !== undefined) this.queued.add(key);
        }
        for (const key of this.known.listKeys()) this.queued.add(key);
        return { replacedKeys: new Set(this.queued) };
      }
      case 'resync': {
        const syncedKeys: string[] = [];
        for (const key of this.known.listKeys()) {
          if (!this.queued.has(key) && this.known.getByKey(key) !== undefined) {
            this.queued.add(key);
            syncedKeys.push(key);
          }
        }
        return { syncedKeys };
      }
    }
  }

  /** @param key - a key the queue just popped */
  popped(key: string): void {
    this.queued.delete(key);
  }

  /** Forgets everything (the queue was dropped). */
  clear(): void {
    this.queued.clear();
  }

  /**
   * @param obj - an object or tombstone
   * @returns its key, or `undefined` when it has none (the queue skips such objects)
   */
  keyOf(obj: T | { key: string }): string | undefined {
    if (isDeletedFinalStateUnknown(obj)) return obj.key;
    try {
      return this.keyFunc(obj as T);
    } catch {
      return undefined;
    }
  }
}
