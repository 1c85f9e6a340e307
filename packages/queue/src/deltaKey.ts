import { KeyError, isDeletedFinalStateUnknown, keyOf, type KeyFunc } from '@rxkube/store';
import { Deltas } from './deltas.js';

/**
 * The key a `DeltaFIFO` files `obj` under: a `Deltas` by its newest object, a tombstone by the
 * key it carries, anything else with the key function. Whatever the key function throws comes
 * out as a `KeyError`, so callers handle one error type.
 *
 * @param keyFunction - the queue's key function
 * @param obj - an object, a tombstone or a `Deltas`
 * @returns the key
 * @throws `KeyError` if `obj` is an empty `Deltas` or the key function fails
 * @internal
 */
export function deltaKey<T>(keyFunction: KeyFunc<T>, obj: unknown): string {
  let target: unknown = obj;
  if (obj instanceof Deltas) {
    const newest = obj.newest();
    if (newest === undefined) throw new KeyError(obj, "0 length Deltas object; can't get key");
    target = newest.object;
  }
  if (isDeletedFinalStateUnknown(target)) return target.key;
  return keyOf(keyFunction, target as T);
}
