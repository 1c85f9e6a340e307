/**
 * The size up to which an emptied buffer keeps its array: a listener that receives a watch's
 * events a turn at a time fills and empties it over and over, and refilling the same array
 * allocates nothing. A larger one (a whole initial list buffered) is dropped once empty.
 */
const keptLength = 1024;

/**
 * An unbounded FIFO with O(1) push and shift (an array with a moving head and tail, compacted
 * when the dead prefix dominates). `Array.prototype.shift` is O(n), which a handler buffer
 * holding a whole initial list cannot afford.
 *
 * Invariant: the values are `items[head]` to `items[tail - 1]`; every other slot is
 * `undefined`, so nothing delivered is kept alive.
 *
 * @typeParam V - the element type
 * @internal
 */
export class EventBuffer<V> {
  private items: (V | undefined)[] = [];
  private head = 0;
  private tail = 0;

  /** @returns the number of elements held */
  get length(): number {
    return this.tail - this.head;
  }

  /** @param value - appended at the end */
  push(value: V): void {
    // Past the end this appends; after the buffer emptied it refills the array from the start.
    this.items[this.tail++] = value;
  }

  /** @returns the first element, removed, or `undefined` when empty */
  shift(): V | undefined {
    if (this.head === this.tail) return undefined;
    const value = this.items[this.head];
    this.items[this.head++] = undefined;
    if (this.head === this.tail) {
      this.head = 0;
      this.tail = 0;
      if (this.items.length > keptLength) this.items = [];
    } else if (this.head > keptLength && this.head * 2 > this.tail) {
      this.items = this.items.slice(this.head, this.tail);
      this.tail -= this.head;
      this.head = 0;
    }
    return value;
  }

  /** Drops every element. */
  clear(): void {
    this.items = [];
    this.head = 0;
    this.tail = 0;
  }
}
