import {
  DeletedFinalStateUnknown,
  isDeletedFinalStateUnknown,
  type KeyListerGetter,
} from '@rxkube/store';
import { DeltaType, type ObjectDelta } from './deltas.js';
import { knownKeysAfter, knownObjectAfter, type InFlight } from './inFlight.js';

/**
 * What a queue's derived changes (a replace's tombstones, a resync's syncs) are computed
 * from: the queue and `knownObjects` as they will be once the in-flight pop is applied.
 */
export interface QueueView<T> {
  /** Queued keys with their pending changes, front first. */
  queued(): readonly (readonly [string, readonly ObjectDelta<T>[]])[];
  /** Keys `knownObjects` holds (after in-flight changes); empty without `knownObjects`. */
  readonly knownKeys: readonly string[];
  /** Whether a key has changes queued. */
  isQueued(key: string): boolean;
  /** What `knownObjects` holds under a key (after in-flight changes). */
  knownObject(key: string): T | undefined;
}

/** The queued changes a {@link QueueView} reads: a `DeltaFIFO`'s keyed queue, or a digest of a `RealFIFO`'s. */
export interface QueuedChanges<T> {
  /** Keys with their pending changes, front first. */
  entries(): readonly (readonly [string, readonly ObjectDelta<T>[]])[];
  /** Whether a key has changes queued. */
  has(key: string): boolean;
}

/**
 * @typeParam T - the object type
 * @param queue - the queued changes
 * @param knownObjects - its `knownObjects`, if any
 * @param inFlight - the items pops are processing
 * @returns the view of both as they will be once the in-flight changes are applied
 */
export function queueView<T>(
  queue: QueuedChanges<T>,
  knownObjects: KeyListerGetter<T> | undefined,
  inFlight: InFlight<T>,
): QueueView<T> {
  return {
    queued: () => queue.entries(),
    knownKeys: knownObjects === undefined ? [] : knownKeysAfter(knownObjects, inFlight),
    isQueued: (key) => queue.has(key),
    knownObject: (key) => knownObjectAfter(knownObjects, inFlight, key),
  };
}

/**
 * The deletions a `replace` implies, as client-go's `DeltaFIFO.Replace` finds them: every key
 * that is queued or known but missing from the new list gets a `DeletedFinalStateUnknown`
 * tombstone carrying the last state seen of it (its newest queued object, else the known one).
 * Queued keys come first, in queue order, then the known keys with nothing queued.
 *
 * @typeParam T - the object type
 * @param listedKeys - the keys of the new list
 * @param state - the queue's and `knownObjects`' view
 * @returns each key to delete with its tombstone delta, in that order
 */
export function replaceDeletions<T>(
  listedKeys: ReadonlySet<string>,
  state: QueueView<T>,
): [string, ObjectDelta<T>][] {
  const deletions: [string, ObjectDelta<T>][] = [];
  for (const [key, deltas] of state.queued()) {
    if (listedKeys.has(key)) continue;
    const newest = deltas[deltas.length - 1]?.object;
    deletions.push([
      key,
      deletion(key, isDeletedFinalStateUnknown<T>(newest) ? newest.obj : newest),
    ]);
  }
  for (const key of state.knownKeys) {
    if (listedKeys.has(key) || state.isQueued(key)) continue;
    deletions.push([key, deletion(key, state.knownObject(key))]);
  }
  return deletions;
}

function deletion<T>(key: string, lastKnown: T | undefined): ObjectDelta<T> {
  return { type: DeltaType.Deleted, object: new DeletedFinalStateUnknown(key, lastKnown) };
}

/**
 * The `Sync` changes a resync records: one, with the known object, for every known key that
 * has nothing queued. A key with queued changes is skipped: its known object is older than
 * those changes, and a resync must never overtake a real change.
 *
 * @typeParam T - the object type
 * @param state - the queue's and `knownObjects`' view
 * @returns each key to sync with its delta, in `knownObjects`' order
 */
export function resyncDeltas<T>(state: QueueView<T>): [string, ObjectDelta<T>][] {
  const syncs: [string, ObjectDelta<T>][] = [];
  for (const key of state.knownKeys) {
    const obj = state.knownObject(key);
    if (obj === undefined || state.isQueued(key)) continue;
    syncs.push([key, { type: DeltaType.Sync, object: obj }]);
  }
  return syncs;
}
