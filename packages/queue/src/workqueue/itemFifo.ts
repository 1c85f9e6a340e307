/**
 * A first-in first-out list of values with O(1) amortised `push` and `shift`
 * (`Array.prototype.shift` is O(n)). Consumed slots at the front are dropped once they make up
 * half of the backing array.
 *
 * @internal
 */
export class ItemFifo<T> {
  private items: (T | undefined)[] = [];
  private head = 0;

  /** How many values are queued. */
  get length(): number {
    return this.items.length - this.head;
  }

  /**
   * @param index - a position from the front
   * @returns the value at `index`, or `undefined` past the back
   */
  at(index: number): T | undefined {
    return index < 0 ? undefined : this.items[this.head + index];
  }

  /**
   * Replaces the value at the back.
   *
   * @param value - the new value
   * @returns whether there was one to replace
   */
  replaceLast(value: T): boolean {
    if (this.head === this.items.length) return false;
    this.items[this.items.length - 1] = value;
    return true;
  }

  /** Appends `value` at the back. */
  push(value: T): void {
    this.items.push(value);
  }

  /** Puts `value` back at the front (O(1) right after a `shift`). */
  unshift(value: T): void {
    if (this.head > 0) this.items[--this.head] = value;
    else this.items.unshift(value);
  }

  /** Removes and returns the front value, or `undefined` when empty. */
  shift(): T | undefined {
    if (this.head === this.items.length) return undefined;
    const value = this.items[this.head];
    this.items[this.head] = undefined;
    this.head += 1;
    // Consumed slots (all cleared) are dropped only once they are many, emptied or not: a queue
    // that empties after every item would otherwise get a new array per item.
    if (this.head >= 1024 && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return value;
  }

  /** @returns the queued values, front first (a snapshot) */
  toArray(): T[] {
    return this.items.slice(this.head) as T[];
  }
}
