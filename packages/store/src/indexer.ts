import { BehaviorSubject } from 'rxjs';
import type { DeletedFinalStateUnknown } from './deletedFinalStateUnknown.js';
import type { Owner } from './hamt.js';
import type { Indexers } from './indexFunc.js';
import type { CoalesceMode, IndexerOptions } from './indexerOptions.js';
import { IndexerSnapshot } from './indexerSnapshot.js';
import {
  IndexerState,
  buildIndex,
  indexValuesOf,
  remove,
  stateOf,
  upsertWith,
} from './indexerState.js';
import { LiveObjects } from './liveObjects.js';
import type { IndexerSubject } from './indexerSubject.js';
import { IndexerTable } from './indexerTable.js';
import { IndexerView } from './indexerView.js';
import type { KeyListerGetter } from './keyListerGetter.js';
import {
  type ExplicitKey,
  type KeyFunc,
  deletionHandlingMetaNamespaceKeyFunc,
  keyOf,
} from './keys.js';
import type { KubeObject } from './kubeObject.js';
import { snapshotView } from './snapshotView.js';

import { type TrieNode, lookup } from './hamt.js';
import { stringHash } from './stringHash.js';

/**
 * client-go's `Indexer` as an immutable-snapshot store: a key → object cache with named indices,
 * whose every write yields a new {@link IndexerSnapshot} on {@link Indexer.indexer$}.
 *
 * Indices are maintained on every write: an object whose index values change moves between
 * buckets, and a bucket left empty is dropped. Reads on the Indexer itself see the latest
 * write; snapshots never change. All writes are all-or-nothing: a key or index function that
 * throws leaves the Indexer as it was.
 *
 * Writes that nobody reads as a whole cost a hash-map update: once more writes have gone unread
 * than the Indexer holds objects (and at least 1,024), while `indexer$` has no subscribers, the
 * objects move from the persistent trie behind snapshots, indices and lists into a `Map`, and
 * the next such read moves them back. An informer with only event handlers, the common case,
 * then pays no trie edits per watch event; point reads (`getByKey`, `get`, `size`) never move
 * anything.
 *
 * @typeParam T - the cached object type
 * @example
 * ```ts
 * const pods = new Indexer<Pod>({ indexers: { [NamespaceIndex]: metaNamespaceIndexFunc } });
 * pods.indexer$.pipe(selectByIndex(NamespaceIndex, 'default')).subscribe(render);
 * pods.replace(list.items, list.metadata.resourceVersion);
 * pods.update(changedPod); // render runs only if the pod is in "default"
 * ```
 */
export class Indexer<T extends object = KubeObject>
  extends IndexerView<T>
  implements KeyListerGetter<T>
{
  /**
   * The current snapshot and every later one. `indexer$.value` is always current; emissions
   * follow {@link IndexerOptions.coalesce} and {@link Indexer.batch}. Completes on `close()`.
   */
  readonly indexer$: IndexerSubject<T>;
  // What `indexer$` views; only the Indexer emits on it.
  private readonly snapshots$: BehaviorSubject<IndexerSnapshot<T>>;

  // Edit token: trie nodes carrying it were created since the last snapshot and may be mutated
  // in place. Replaced whenever a snapshot is sealed, which freezes every existing node.
  private owner: Owner = {};
  // Where the objects are: the trie or, while nobody reads it, a map.
  private readonly objects = new LiveObjects<T>();
  // The snapshot of the current state; undefined iff the state changed since the last seal.
  private current: IndexerSnapshot<T> | undefined;
  private lastPublished: IndexerSnapshot<T> | undefined;
  private readonly coalesce: CoalesceMode;
  private readonly transform: ((obj: T) => T) | undefined;
  private readonly keepSameVersion: boolean;
  private readonly resourceVersionFromWrites: boolean;
  private batchDepth = 0;
  private scheduled = false;
  private publishing = false;
  private republish = false;
  private closed = false;

  /** @param options - indexers, key function, coalescing and resource-version tracking */
  constructor(options: IndexerOptions<T> = {}) {
    super(IndexerState.empty(new IndexerTable(options.indexers ?? {}), keyErrors(options.keyFunc)));
    this.coalesce = options.coalesce ?? 'none';
    this.transform = options.transform;
    this.keepSameVersion = options.keepSameVersion ?? true;
    this.resourceVersionFromWrites = options.resourceVersionFromWrites ?? true;
    this.snapshots$ = new BehaviorSubject(this.snapshot());
    // `value` is computed on read, and a new subscriber first catches the others up.
    this.indexer$ = snapshotView(this.snapshots$, {
      current: () => this.snapshot(),
      beforeSubscribe: () => this.publish(),
    });
    this.lastPublished = this.current;
  }

  /**
   * Adds an object, or replaces the one with the same key.
   *
   * @param obj - the object
   * @throws KeyError if no key can be computed (the key function's own error as `cause`);
   *   IndexFuncError if an index function throws; whatever the transform throws
   */
  add(obj: T): void {
    this.put(obj);
  }

  /**
   * Stores the object under its key, as {@link Indexer.add} does, and returns the object it
   * replaced: what `get` then `add` do, with one key computation and one lookup instead of two.
   * A cache fed by a watch calls this for every event.
   *
   * @param obj - the object
   * @returns the object stored under the same key before, or `undefined`
   * @throws KeyError if no key can be computed (the key function's own error as `cause`);
   *   IndexFuncError if an index function throws; whatever the transform throws
   */
  put(obj: T): T | undefined {
    const { state } = this;
    const key = state.keyFunc(obj);
    const stored = this.transform === undefined ? obj : this.transform(obj);
    const live = this.objects.forWrite(state, this.snapshots$.observed, this.owner);
    const hash = live === undefined ? stringHash(key) : 0;
    const old = live === undefined ? lookup(state.items, key, hash) : live.get(key);
    if (old === stored || (this.keepSameVersion && old !== undefined && sameVersion(old, stored))) {
      return old;
    }
    // Computed before anything changes, so an index function that throws changes nothing.
    const after = indexValuesOf(state.table, stored, key);
    if (live === undefined) upsertWith(state, key, hash, old, stored, after, this.owner);
    else live.set(key, stored);
    this.wrote(stored);
    return old;
  }

  /**
   * Same as {@link Indexer.add}: stores the object under its key.
   *
   * @param obj - the object
   * @throws KeyError if no key can be computed (the key function's own error as `cause`);
   *   IndexFuncError if an index function throws; whatever the transform throws
   */
  update(obj: T): void {
    this.add(obj);
  }

  /**
   * Removes the object with the same key as `obj`, if any. Accepts a tombstone or an explicit
   * key when the key function does (the default one does).
   *
   * @param obj - the object, a {@link DeletedFinalStateUnknown} or an {@link ExplicitKey}
   * @throws KeyError if no key can be computed (the key function's own error as `cause`)
   */
  delete(obj: T | DeletedFinalStateUnknown<T> | ExplicitKey): void {
    const key = this.state.keyFunc(obj as T);
    const live = this.objects.forWrite(this.state, this.snapshots$.observed, this.owner);
    const changed = live === undefined ? remove(this.state, key, this.owner) : live.delete(key);
    if (changed) this.wrote(obj);
  }

  /**
   * Replaces the whole content with `items` and sets the resource version, rebuilding every
   * index. Atomic: if any key or index function throws, nothing changes.
   *
   * @param items - the new content (a later object wins over an earlier one with the same key)
   * @param resourceVersion - the resource version of the list `items` came from
   * @throws KeyError if no key can be computed for an item; IndexFuncError if an index function
   *   throws; whatever the transform throws
   */
  replace(items: Iterable<T>, resourceVersion: string): void {
    const { transform, state } = this;
    const entries = function* (): Generator<[string, T]> {
      for (const item of items) {
        // The key of the caller's object, as `add` computes it.
        const key = state.keyFunc(item);
        yield [key, transform === undefined ? item : transform(item)];
      }
    };
    state.assign(stateOf(state.table, state.keyFunc, resourceVersion, entries(), this.owner));
    this.objects.reset();
    this.changed();
  }

  /** Does nothing: a cache has nothing to resync (client-go's cache behaves the same). */
  resync(): void {}

  /**
   * Registers more index functions and indexes the objects already held with them.
   *
   * @param newIndexers - index functions by name
   * @throws {@link IndexConflictError} if a name is registered already (nothing is added)
   * @throws IndexFuncError if a new index function throws on a held object (nothing is added)
   */
  addIndexers(newIndexers: Indexers<T>): void {
    this.objects.forRead(this.state, this.owner);
    const table = this.state.table.with(newIndexers);
    const added = [];
    for (let position = this.state.indices.length; position < table.names.length; position++) {
      added.push(buildIndex(this.state.items, table, position, this.owner));
    }
    if (added.length === 0) return;
    this.state.table = table;
    this.state.indices.push(...added);
    this.changed();
  }

  /**
   * Moves the resource version without changing the content, e.g. on a watch bookmark. Yields a
   * new snapshot if the version differs.
   *
   * @param resourceVersion - the version the content now corresponds to
   */
  setResourceVersion(resourceVersion: string): void {
    if (resourceVersion === this.state.resourceVersion) return;
    this.state.resourceVersion = resourceVersion;
    this.changed();
  }

  /**
   * Runs `writes` and emits one snapshot for all of them when it returns (or throws), whatever
   * the coalescing mode. Batches nest; the outermost one emits.
   *
   * @param writes - code that writes to this Indexer
   * @returns what `writes` returns
   * @example
   * ```ts
   * indexer.batch(() => events.forEach((pod) => indexer.update(pod)));
   * ```
   */
  batch<R>(writes: () => R): R {
    this.batchDepth++;
    try {
      return writes();
    } finally {
      if (--this.batchDepth === 0 && this.snapshots$.observed) this.publish();
    }
  }

  /**
   * Object lists are answered from {@link Indexer.snapshot}: reading one seals the current
   * state, so the next write copies the few trie nodes it touches instead of editing them in
   * place, and the answer is built once and shared until a write changes it.
   *
   * @returns every stored object (read-only, shared until the next write)
   */
  override list(): readonly T[] {
    return this.snapshot().list();
  }

  /** @inheritdoc */
  override byIndex(indexName: string, indexedValue: string): readonly T[] {
    return this.snapshot().byIndex(indexName, indexedValue);
  }

  /** @inheritdoc */
  override index(indexName: string, obj: T): readonly T[] {
    return this.snapshot().index(indexName, obj);
  }

  /** Number of objects held. */
  override get size(): number {
    return this.objects.inMap?.size ?? this.state.size;
  }

  /** @inheritdoc */
  override getByKey(key: string): T | undefined {
    const inMap = this.objects.inMap;
    return inMap === undefined ? super.getByKey(key) : inMap.get(key);
  }

  /** @inheritdoc */
  override listKeys(): string[] {
    this.objects.forRead(this.state, this.owner);
    return super.listKeys();
  }

  /** @inheritdoc */
  override indexKeys(indexName: string, indexedValue: string): string[] {
    this.objects.forRead(this.state, this.owner);
    return super.indexKeys(indexName, indexedValue);
  }

  /** @inheritdoc */
  override listIndexFuncValues(indexName: string): string[] {
    this.objects.forRead(this.state, this.owner);
    return super.listIndexFuncValues(indexName);
  }

  /** @internal */
  override bucket(indexName: string, indexedValue: string): TrieNode<T> | undefined {
    this.objects.forRead(this.state, this.owner);
    return super.bucket(indexName, indexedValue);
  }

  /**
   * @returns the snapshot of the current state (the same object until the next write); equal to
   *   `indexer$.value`
   */
  snapshot(): IndexerSnapshot<T> {
    if (this.current === undefined) {
      this.objects.forRead(this.state, this.owner);
      this.owner = {};
      this.current = new IndexerSnapshot(this.state.copy());
    }
    return this.current;
  }

  /**
   * Publishes any held-back snapshot and completes `indexer$`. The Indexer remains usable as a
   * cache, and nothing stays scheduled.
   */
  close(): void {
    if (this.closed) return;
    this.publish();
    this.closed = true;
    this.snapshots$.complete();
  }

  // Only a write that changed the content moves the resource version: a resync or a relist
  // writes back older objects, which must not take the version backwards.
  private wrote(obj: unknown): void {
    const resourceVersion = this.resourceVersionFromWrites
      ? (obj as KubeObject).metadata?.resourceVersion
      : undefined;
    if (typeof resourceVersion === 'string' && resourceVersion !== '') {
      this.state.resourceVersion = resourceVersion;
    }
    this.changed();
  }

  private changed(): void {
    this.current = undefined;
    if (this.batchDepth > 0 || this.closed) return;
    if (this.coalesce === 'microtask') {
      if (!this.scheduled) {
        this.scheduled = true;
        queueMicrotask(this.onMicrotask);
      }
    } else if (this.snapshots$.observed) {
      this.publish();
    }
  }

  private readonly onMicrotask = (): void => {
    this.scheduled = false;
    if (this.batchDepth === 0 && this.snapshots$.observed) this.publish();
  };

  // Emits the current snapshot unless it was the last one emitted. A subscriber that writes
  // while being notified does not re-enter: the loop emits its result after the current one, so
  // every subscriber sees the snapshots in order.
  private publish(): void {
    if (this.closed) return;
    if (this.publishing) {
      this.republish = true;
      return;
    }
    this.publishing = true;
    try {
      do {
        this.republish = false;
        const snapshot = this.snapshot();
        if (snapshot !== this.lastPublished) {
          this.lastPublished = snapshot;
          this.snapshots$.next(snapshot);
        }
      } while (this.republish);
    } finally {
      this.publishing = false;
    }
  }
}

/**
 * The key function an Indexer calls: the default one as it is (it only throws `KeyError`s), a
 * custom one wrapped so that anything else it throws becomes a `KeyError` with it as `cause`.
 */
function keyErrors<T>(keyFunc: KeyFunc<T> | undefined): KeyFunc<T> {
  if (keyFunc === undefined) return deletionHandlingMetaNamespaceKeyFunc;
  return (obj) => keyOf(keyFunc, obj);
}

// The API server gives every write a new resourceVersion, so two states of an object with the
// same non-empty version are the same state.
function sameVersion(a: unknown, b: unknown): boolean {
  const version = (a as KubeObject).metadata?.resourceVersion;
  return (
    typeof version === 'string' &&
    version !== '' &&
    version === (b as KubeObject).metadata?.resourceVersion
  );
}
