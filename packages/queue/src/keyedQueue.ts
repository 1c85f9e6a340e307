interface Node<V> {
  readonly key: string;
  value: V;
  prev: Node<V> | undefined;
  next: Node<V> | undefined;
  /** False once the node left the queue; it then waits in `nodes` to be reused or dropped. */
  queued: boolean;
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
 * A node that leaves the queue stays in the map, marked as not queued, until the queue is empty
 * (then the map is cleared at once) or such nodes outnumber the queued ones: a key that comes
 * back meanwhile reuses its node. On a watch stream, where every key is queued and popped again
 * and again, deleting it from the map each time would make V8 shrink and regrow the map's table
 * and allocate a node per change.
 *
 * @internal
 */
export class KeyedQueue<V> {
  private readonly nodes = new Map<string, Node<V>>();
  // `head` is the next key to leave and `tail` the last to arrive; both are undefined exactly
  // when `nodes` is empty, and following `next` from `head` visits every node once.
  private head: Node<V> | undefined;
  private tail: Node<V> | undefined;
  private queued = 0;
  /** Nodes in `nodes` that are not queued. */
  private idle = 0;
  /** What `shift` returns, overwritten by every call. */
  private readonly front: { key: string; value: V | undefined } = { key: '', value: undefined };

  /** How many keys are queued. */
  get size(): number {
    return this.queued;
  }

  /** @returns whether `key` is queued */
  has(key: string): boolean {
    return this.nodes.get(key)?.queued === true;
  }

  /** @returns the value queued under `key`, or `undefined` */
  get(key: string): V | undefined {
    const node = this.nodes.get(key);
    return node?.queued === true ? node.value : undefined;
  }

  /**
   * Stores `value` under `key`. A new key joins the back of the queue; a queued key keeps its
   * place.
   *
   * @returns whether `key` was newly queued
   */
  set(key: string, value: V): boolean {
    let node = this.nodes.get(key);
    if (node?.queued === true) {
      node.value = value;
      return false;
    }
    if (node === undefined) {
      node = { key, value, prev: this.tail, next: undefined, queued: true };
      this.nodes.set(key, node);
    } else {
      node.value = value;
      node.prev = this.tail;
      node.queued = true;
      this.idle--;
    }
    if (this.tail === undefined) this.head = node;
    else this.tail.next = node;
    this.tail = node;
    this.queued++;
    return true;
  }

  /** @returns whether `key` was queued (and is now removed) */
  delete(key: string): boolean {
    const node = this.nodes.get(key);
    if (node?.queued !== true) return false;
    this.unlink(node);
    return true;
  }

  /**
   * Removes and returns the front entry, or `undefined` when the queue is empty. The entry is
   * one object the queue overwrites at every call rather than a new pair, since a pop runs for
   * every change processed: read it at once.
   */
  shift(): QueueEntry<V> | undefined {
    const node = this.head;
    if (node === undefined) return undefined;
    this.front.key = node.key;
    this.front.value = node.value;
    this.unlink(node);
    return this.front as QueueEntry<V>;
  }

  /** Empties the queue. */
  clear(): void {
    this.nodes.clear();
    this.head = undefined;
    this.tail = undefined;
    this.queued = 0;
    this.idle = 0;
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
    // Holds nothing once out of the queue.
    node.value = undefined as V;
    node.queued = false;
    this.queued--;
    this.idle++;
    if (this.queued === 0) {
      this.nodes.clear();
      this.idle = 0;
    } else if (this.idle > 1024 && this.idle > this.queued) {
      this.dropIdle();
    }
  }

  // Bounds the map by twice the queued keys (plus a constant), whatever keys come and go.
  private dropIdle(): void {
    for (const [key, node] of this.nodes) if (!node.queued) this.nodes.delete(key);
    this.idle = 0;
  }
}
