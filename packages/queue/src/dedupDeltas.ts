import { isDeletedFinalStateUnknown } from '@rxkube/store';
import { DeltaType, type ObjectDelta } from './deltas.js';

/**
 * Merges the last two changes of `deltas` in place when they are the same deletion reported
 * twice, as happens when a relist's tombstone meets the watch's real deletion event.
 *
 * Only two consecutive `Deleted` changes merge. A real deletion carries the object's final
 * state, a tombstone only a guess, so the real one wins whichever arrived first; between two
 * real deletions (or two tombstones) the older is kept.
 *
 * @param deltas - a key's changes, oldest first; modified in place
 */
export function dedupDeltas<T>(deltas: ObjectDelta<T>[]): void {
  const newer = deltas[deltas.length - 1];
  const older = deltas[deltas.length - 2];
  if (newer === undefined || older === undefined) return;
  if (older.type !== DeltaType.Deleted || newer.type !== DeltaType.Deleted) return;
  deltas.pop();
  if (isDeletedFinalStateUnknown(older.object)) deltas[deltas.length - 1] = newer;
}
