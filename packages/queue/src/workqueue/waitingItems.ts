/** An item waiting to be added, and when. */
interface Entry<T> {
  readonly item: T;
  readyAt: number;
  /** Arrival order: breaks ties between equal `readyAt`s, so equal delays keep FIFO order. */
  readonly seq: number;
  /** Position in the heap. */
  index: number;
}

/**
 * The items a delaying queue holds back, one entry per item, as a binary min-heap on
 * (ready time, arrival): client-go's `waitForPriorityQueue` plus its `knownEntries` map.
 * O(log n) insert, lowering and removal of the earliest; O(1) lookup by item.
 *
 * @internal
 */
export class WaitingItems<T> {
  private readonly heap: Entry<T>[] = [];
  private readonly byItem = new Map<T, Entry<T>>();
  private seq = 0;

  /** How many items are waiting. */
  get size(): number {
    return this.heap.length;
  }

  /** @returns when the earliest item is ready, or `undefined` if none waits */
  nextReadyAt(): number | undefined {
    return this.heap[0]?.readyAt;
  }

  /**
   * Makes `item` wait until `readyAt`. An item already waiting keeps the earlier of its ready
   * times.
   */
  insert(item: T, readyAt: number): void {
    const existing = this.byItem.get(item);
    if (existing !== undefined) {
      if (readyAt < existing.readyAt) {
        existing.readyAt = readyAt;
        this.siftUp(existing.index);
      }
      return;
    }
    const entry: Entry<T> = { item, readyAt, seq: this.seq++, index: this.heap.length };
    this.heap.push(entry);
    this.byItem.set(item, entry);
    this.siftUp(entry.index);
  }

  /** Removes and returns the earliest item if it is ready at `now`. */
  popReady(now: number): { item: T } | undefined {
    const first = this.heap[0];
    if (first === undefined || first.readyAt > now) return undefined;
    const last = this.heap.pop() as Entry<T>;
    if (last !== first) {
      last.index = 0;
      this.heap[0] = last;
      this.siftDown(0);
    }
    this.byItem.delete(first.item);
    return { item: first.item };
  }

  /** Forgets every waiting item. */
  clear(): void {
    this.heap.length = 0;
    this.byItem.clear();
  }

  private less(a: Entry<T>, b: Entry<T>): boolean {
    return a.readyAt < b.readyAt || (a.readyAt === b.readyAt && a.seq < b.seq);
  }

  private siftUp(index: number): void {
    const entry = this.heap[index] as Entry<T>;
    while (index > 0) {
      const parentIndex = (index - 1) >> 1;
      const parent = this.heap[parentIndex] as Entry<T>;
      if (!this.less(entry, parent)) break;
      this.place(parent, index);
      index = parentIndex;
    }
    this.place(entry, index);
  }

  private siftDown(index: number): void {
    const entry = this.heap[index] as Entry<T>;
    const size = this.heap.length;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= size) break;
      const right = left + 1;
      let child = left;
      if (right < size && this.less(this.heap[right] as Entry<T>, this.heap[left] as Entry<T>))
        child = right;
      const childEntry = this.heap[child] as Entry<T>;
      if (!this.less(childEntry, entry)) break;
      this.place(childEntry, index);
      index = child;
    }
    this.place(entry, index);
  }

  private place(entry: Entry<T>, index: number): void {
    this.heap[index] = entry;
    entry.index = index;
  }
}
