import type { KeyFunc } from '@rxkube/store';

/**
 * A key function that remembers the key of the object it was last asked about (see
 * {@link memoizeLastKey}), and can be told one.
 *
 * @typeParam T - the object type
 * @internal
 */
export interface MemoizedKeyFunc<T> extends KeyFunc<T> {
  /**
   * Records that `obj`'s key is `key`, as the wrapped key function would compute it: the next
   * question about `obj` is answered without computing it. For a caller that already holds the
   * key, such as the queue's pop of `obj`, about to write it to a cache keyed by this function.
   *
   * @param obj - the object
   * @param key - its key
   */
  remember(obj: T, key: string): void;
}

/**
 * Wraps a key function so that asking again about the object it was last asked about returns
 * the same string without computing it again. On the informer's path each event's object is
 * keyed several times in a row (queue, cache): one string instead of several saves
 * the concatenations, and lets the string's hash, which V8 stores in the string, be reused by
 * every Map the key goes through. The queue keys a whole burst of events before the first is
 * popped, so the pop {@link MemoizedKeyFunc.remember}s its object's key for the cache.
 *
 * Identity is the test, so this relies on what the informer already requires: cached objects
 * are never mutated (they are deep-frozen outside production).
 *
 * @typeParam T - the object type
 * @param keyFunc - the key function to wrap
 * @returns the memoizing key function
 * @internal
 */
export function memoizeLastKey<T>(keyFunc: KeyFunc<T>): MemoizedKeyFunc<T> {
  let lastObject: unknown;
  let lastKey = '';
  const memoized = (obj: T): string => {
    if (obj === lastObject) return lastKey;
    const key = keyFunc(obj);
    lastObject = obj;
    lastKey = key;
    return key;
  };
  return Object.assign(memoized, {
    remember(obj: T, key: string): void {
      lastObject = obj;
      lastKey = key;
    },
  });
}
