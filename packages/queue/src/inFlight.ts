import type { KeyListerGetter } from '@rxkube/store';
import { DeltaType } from './deltas.js';
import type { PoppedDeltas } from './poppedDeltas.js';

/**
 * The item a pop is processing, with what is needed to treat its key as known meanwhile: the
 * popped record itself.
 */
export type InFlight<T> = PoppedDeltas<T>;

/**
 * What `known` will hold under `key` once the in-flight changes (if any) are applied.
 *
 * client-go runs a pop's `process` under the queue's lock; here `process` may be asynchronous,
 * so writes that arrive meanwhile must see the in-flight key as already applied.
 *
 * @param known - the queue's `knownObjects`, if it has any
 * @param inFlight - the item being processed, if any
 * @param key - a key
 * @returns the object, or `undefined` (always, without `known`)
 * @internal
 */
export function knownObjectAfter<T>(
  known: KeyListerGetter<T> | undefined,
  inFlight: InFlight<T> | undefined,
  key: string,
): T | undefined {
  if (known === undefined) return undefined;
  if (inFlight?.key !== key) return known.getByKey(key);
  const newest = inFlight.deltas.newest();
  return newest === undefined || newest.type === DeltaType.Deleted ? undefined : newest.object;
}

/**
 * The keys `known` will hold once the in-flight changes (if any) are applied.
 *
 * @param known - the queue's `knownObjects`
 * @param inFlight - the item being processed, if any
 * @returns the keys
 * @internal
 */
export function knownKeysAfter<T>(
  known: KeyListerGetter<T>,
  inFlight: InFlight<T> | undefined,
): string[] {
  const keys = known.listKeys();
  if (inFlight === undefined) return keys;
  const others = keys.filter((key) => key !== inFlight.key);
  const present = knownObjectAfter(known, inFlight, inFlight.key) !== undefined;
  return present ? [...others, inFlight.key] : others;
}
