interface Node<V> {
  readonly key: string;
  value: V;
  prev: Node<V> | undefined;
  next: Node<V> | undefined;
}

/** A key and its value, as {@link KeyedQueue.shift} returns them. */
export interface QueueEntry<V> {
  readonly key: string;
  readonly value: V;
}

/**
 * A map whose keys form a FIFO queue: a key takes its place at the back when first set, keeps
 * it when its value is replaced, and leaves from the front (`shift`) or from anywhere
 * (`delete`). Every operation is O(1) except the snapshots (`keys`, `values`, `entries`).
 *
 * Both queues store their items here, so "a key is queued iff it has an item" holds by
 * construction and no key can be queued twice.
 *
 * Why not a plain `Map` (it keeps insertion order too): V8 leaves deleted entries as holes
 * until it rehashes, and finding the first live entry walks over them, so taking from the front
 * of a long-lived map under steady churn degrades towards O(n). Why not an array of keys:
 * `Array.prototype.shift` is O(n), and removal from the middle would need a scan. A doubly
 * linked list indexed by a `Map` that is only ever probed by key has neither problem.
 *
 * @internal
 */
export class KeyedQueue<V> {
  private readonly nodes = new Map<string, Node<V>>();
  // `head` is the next key to leave and `tail` the last to arrive; both are undefined exactly
  // when `nodes` is empty, and following `next` from `head` visits every node once.
  private head: Node<V> | undefined;
  private tail: Node<V> | undefined;

  /** How many keys are queued. */
  get size(): number {
    return this.nodes.size;
  }

  /** @returns whether `key` is queued */
  has(key: string): boolean {
    return this.nodes.has(key);
  }

  /** @returns the value queued under `key`, or `undefined` */
  get(key: string): V | undefined {
    return this.nodes.get(key)?.value;
  }

  /**
   * Stores `value` under `key`. A new key joins the back of the queue; a queued key keeps its
   * place.
   *
   * @returns whether `key` was newly queued
   */
  set(key: string, value: V): boolean {
    const existing = this.nodes.get(key);
    if (existing !== undefined) {
      existing.value = value;
      return false;
    }
    const node: Node<V> = { key, value, prev: this.tail, next: undefined };
    if (this.tail === undefined) this.head = node;
    else this.tail.next = node;
    this.tail = node;
    this.nodes.set(key, node);
    return true;
  }

  /** @returns whether `key` was queued (and is now removed) */
  delete(key: string): boolean {
    const node = this.nodes.get(key);
    if (node === undefined) return false;
    this.unlink(node);
    return true;
  }

  /**
   * Removes and returns the front entry, or `undefined` when the queue is empty. The entry is
   * the queue's own (unlinked) node rather than a new pair: a pop runs for every change
   * processed.
   */
  shift(): QueueEntry<V> | undefined {
    const node = this.head;
    if (node === undefined) return undefined;
    this.unlink(node);
    return node;
  }

  /** Empties the queue. */
  clear(): void {
    this.nodes.clear();
    this.head = undefined;
    this.tail = undefined;
  }

  /** @returns the queued keys, front first (a snapshot: safe to mutate the queue meanwhile) */
  keys(): string[] {
    return this.entries().map(([key]) => key);
  }

  /** @returns the queued values, front first (a snapshot) */
  values(): V[] {
    return this.entries().map(([, value]) => value);
  }

  /** @returns the queued entries, front first (a snapshot) */
  entries(): [key: string, value: V][] {
    const out: [string, V][] = [];
    for (let node = this.head; node !== undefined; node = node.next)
      out.push([node.key, node.value]);
    return out;
  }

  private unlink(node: Node<V>): void {
    if (node.prev === undefined) this.head = node.next;
    else node.prev.next = node.next;
    if (node.next === undefined) this.tail = node.prev;
    else node.next.prev = node.prev;
    node.prev = undefined;
    node.next = undefined;
    this.nodes.delete(node.key);
  }
}
