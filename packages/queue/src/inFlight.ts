import type { KeyListerGetter } from '@rxkube/store';
import { DeltaType, isAtomicDelta } from './deltas.js';
import type { PoppedDeltas } from './poppedDeltas.js';

/**
 * The items pops are processing (see `PopLifecycle.inFlight`): none, one, or a batch of items
 * with different keys.
 *
 * @internal
 */
export type InFlight<T> = readonly PoppedDeltas<T>[];

function poppedFor<T>(inFlight: InFlight<T>, key: string): PoppedDeltas<T> | undefined {
  for (const popped of inFlight) if (popped.key === key) return popped;
  return undefined;
}

/**
 * The object `knownObjects` holds for `key` once the in-flight items are applied: for an
 * in-flight key, what its changes leave (nothing after a deletion); otherwise the known object.
 *
 * @param known - the consumer's store, if any
 * @param inFlight - the items being processed
 * @param key - a key
 * @returns the object, or `undefined` for none
 * @internal
 */
export function knownObjectAfter<T>(
  known: KeyListerGetter<T> | undefined,
  inFlight: InFlight<T>,
  key: string,
): T | undefined {
  if (known === undefined) return undefined;
  const popped = poppedFor(inFlight, key);
  if (popped === undefined) return known.getByKey(key);
  const newest = popped.deltas.newest();
  // An atomic change (from a queue without knownObjects) never reaches here; it leaves no object.
  return newest === undefined || newest.type === DeltaType.Deleted || isAtomicDelta(newest)
    ? undefined
    : newest.object;
}

/**
 * The keys `knownObjects` holds once the in-flight items are applied.
 *
 * @param known - the consumer's store
 * @param inFlight - the items being processed
 * @returns the keys: the known ones not in flight, then the in-flight ones left holding an
 *   object
 * @internal
 */
export function knownKeysAfter<T>(known: KeyListerGetter<T>, inFlight: InFlight<T>): string[] {
  const keys = known.listKeys();
  if (inFlight.length === 0) return keys;
  const others = keys.filter((key) => poppedFor(inFlight, key) === undefined);
  for (const { key } of inFlight) {
    if (knownObjectAfter(known, inFlight, key) !== undefined) others.push(key);
  }
  return others;
}
