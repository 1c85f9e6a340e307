/** The size of a new backing array. */
const minCapacity = 16;
/**
 * The size up to which the backing array is never shrunk: queues that fill and empty in
 * bursts up to this size keep one array (8 KB at most) instead of allocating at every burst.
 */
const keptCapacity = 1024;

/**
 * A first-in first-out list of values with O(1) `push`, `shift` and `unshift`
 * (`Array.prototype.shift` is O(n)): a ring over a backing array whose size is a power of two.
 *
 * A queue that fills and empties in bursts (a watch's events, a turn at a time) reuses the
 * same array: in the steady state queuing allocates nothing. The array doubles when full; past
 * 1,024 slots it halves once a quarter or less of it is used, so a burst of a relist's
 * size does not pin its memory after it drained.
 *
 * Invariants: `slots.length` is a power of two, at least 16; the values are
 * at `slots[(head + i) & (slots.length - 1)]` for `i` in `[0, length)`; every other slot is
 * `undefined`, so nothing consumed is kept alive.
 *
 * Exported for the informer's handler buffers; not meant for other use.
 *
 * @typeParam T - the value type
 */
export class ItemFifo<T> {
  private slots: (T | undefined)[] = new Array<T | undefined>(minCapacity).fill(undefined);
  private head = 0;
  private count = 0;

  /** How many values are queued. */
  get length(): number {
    return this.count;
  }

  /**
   * @param index - a position from the front
   * @returns the value at `index`, or `undefined` past the back
   */
  at(index: number): T | undefined {
    if (index < 0 || index >= this.count) return undefined;
    return this.slots[(this.head + index) & (this.slots.length - 1)];
  }

  /**
   * Replaces the value at the back.
   *
   * @param value - the new value
   * @returns whether there was one to replace
   */
  replaceLast(value: T): boolean {
    if (this.count === 0) return false;
    this.slots[(this.head + this.count - 1) & (this.slots.length - 1)] = value;
    return true;
  }

  /** Appends `value` at the back. */
  push(value: T): void {
    if (this.count === this.slots.length) this.resize(this.slots.length * 2);
    this.slots[(this.head + this.count) & (this.slots.length - 1)] = value;
    this.count++;
  }

  /** Puts `value` back at the front. */
  unshift(value: T): void {
    if (this.count === this.slots.length) this.resize(this.slots.length * 2);
    this.head = (this.head - 1) & (this.slots.length - 1);
    this.slots[this.head] = value;
    this.count++;
  }

  /** Removes and returns the front value, or `undefined` when empty. */
  shift(): T | undefined {
    if (this.count === 0) return undefined;
    const value = this.slots[this.head];
    this.slots[this.head] = undefined;
    this.head = (this.head + 1) & (this.slots.length - 1);
    this.count--;
    const capacity = this.slots.length;
    if (capacity > keptCapacity && this.count <= capacity / 4) this.resize(capacity / 2);
    return value;
  }

  /** Drops every value, and the backing array with them. */
  clear(): void {
    this.slots = new Array<T | undefined>(minCapacity).fill(undefined);
    this.head = 0;
    this.count = 0;
  }

  /** @returns the queued values, front first (a snapshot) */
  toArray(): T[] {
    const values: T[] = [];
    for (let i = 0; i < this.count; i++) values.push(this.at(i) as T);
    return values;
  }

  /** Moves the values, in order, to the front of a new array of `capacity` slots. */
  private resize(capacity: number): void {
    const slots = new Array<T | undefined>(capacity).fill(undefined);
    for (let i = 0; i < this.count; i++) slots[i] = this.at(i);
    this.slots = slots;
    this.head = 0;
  }
}
