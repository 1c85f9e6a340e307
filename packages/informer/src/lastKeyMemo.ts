import type { KeyFunc } from '@rxkube/store';

/**
 * Wraps a key function so that asking again about the object it was last asked about returns
 * the same string without computing it again. On the informer's path each event's object is
 * keyed several times in a row (queue, cache): one string instead of several saves
 * the concatenations, and lets the string's hash, which V8 stores in the string, be reused by
 * every Map the key goes through.
 *
 * Identity is the test, so this relies on what the informer already requires: cached objects
 * are never mutated (they are deep-frozen outside production).
 *
 * @typeParam T - the object type
 * @param keyFunc - the key function to wrap
 * @returns the memoizing key function
 * @internal
 */
export function memoizeLastKey<T>(keyFunc: KeyFunc<T>): KeyFunc<T> {
  let lastObject: unknown;
  let lastKey = '';
  return (obj) => {
    if (obj === lastObject) return lastKey;
    const key = keyFunc(obj);
    lastObject = obj;
    lastKey = key;
    return key;
  };
}
