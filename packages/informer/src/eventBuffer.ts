/**
 * An unbounded FIFO with O(1) push and shift (an array with a moving head, compacted when the
 * dead prefix dominates). `Array.prototype.shift` is O(n), which a handler buffer holding a
 * whole initial list cannot afford.
 *
 * @typeParam V - the element type
 * @internal
 */
export class EventBuffer<V> {
  private items: (V | undefined)[] = [];
  private head = 0;

  /** @returns the number of elements held */
  get length(): number {
    return this.items.length - this.head;
  }

  /** @param value - appended at the end */
  push(value: V): void {
    this.items.push(value);
  }

  /** @returns the oldest element, removed, or `undefined` when empty */
  shift(): V | undefined {
    if (this.head >= this.items.length) return undefined;
    const value = this.items[this.head];
    this.items[this.head++] = undefined;
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return value;
  }

  /** Drops every element. */
  clear(): void {
    this.items = [];
    this.head = 0;
  }
}
