import type { QueueEntry } from './keyedQueue.js';
import { ItemFifo } from './workqueue/itemFifo.js';

/**
 * A first-in first-out queue of values with their keys, where a key may appear any number of
 * times (a `RealFIFO`'s changes). Keys and values are kept in two parallel queues rather than
 * as one `{ key, value }` record each, so queuing a value allocates nothing of its own; and
 * {@link KeyedItemFifo.shift} hands out one reused entry, valid until the next `shift`.
 *
 * Invariant: `keys` and `values` always have the same length, and the i-th key is the i-th
 * value's.
 *
 * @typeParam V - the values
 * @internal
 */
export class KeyedItemFifo<V> {
  private readonly keys = new ItemFifo<string>();
  private readonly values = new ItemFifo<V>();
  private readonly front: { key: string; value: V | undefined } = { key: '', value: undefined };

  /** How many values are queued. */
  get length(): number {
    return this.values.length;
  }

  /** Queues `value` under `key` at the back. */
  push(key: string, value: V): void {
    this.keys.push(key);
    this.values.push(value);
  }

  /** Puts `value` back at the front, under `key`. */
  unshift(key: string, value: V): void {
    this.keys.unshift(key);
    this.values.unshift(value);
  }

  /**
   * Removes the front value.
   *
   * @returns it with its key, in an entry the queue reuses: read it before the next `shift`
   */
  shift(): QueueEntry<V> | undefined {
    if (this.values.length === 0) return undefined;
    this.front.key = this.keys.shift() as string;
    this.front.value = this.values.shift();
    return this.front as QueueEntry<V>;
  }

  /**
   * @param index - a position from the front
   * @returns the key at `index`, or `undefined` past the back
   */
  keyAt(index: number): string | undefined {
    return this.keys.at(index);
  }

  /**
   * @param index - a position from the front
   * @returns the value at `index`, or `undefined` past the back
   */
  valueAt(index: number): V | undefined {
    return this.values.at(index);
  }

  /** @returns the queued values, front first (a copy) */
  valuesArray(): V[] {
    return this.values.toArray();
  }
}
