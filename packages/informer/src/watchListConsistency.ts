import type { KeyFunc } from '@rxkube/store';
import type { WatchListDiff } from './errors.js';
import { resourceVersionOf } from './resourceVersion.js';

/**
 * Compares what a streaming list delivered with a list of the same resource at exactly the same
 * resource version (client-go's `consistencydetector.CheckDataConsistency`, which lists with
 * `resourceVersionMatch=Exact`). Objects are matched by key and compared by `uid` and
 * `resourceVersion`: at one version, an object with the same version is the same write.
 *
 * Cost: O(n) time and one map of the listed keys.
 *
 * @typeParam T - the object type
 * @param streamed - the objects of the streaming list (its temporary store)
 * @param listed - the objects of the exact list
 * @param keyFunc - the key function of both
 * @returns the keys that differ; all empty when both agree
 */
export function diffWatchList<T>(
  streamed: Iterable<T>,
  listed: readonly T[],
  keyFunc: KeyFunc<unknown>,
): WatchListDiff {
  const byKey = new Map<string, T>();
  for (const object of listed) {
    const key = keyOf(object, keyFunc);
    if (key !== undefined) byKey.set(key, object);
  }
  const unexpected: string[] = [];
  const differing: string[] = [];
  for (const object of streamed) {
    const key = keyOf(object, keyFunc);
    // Keyless objects never reach the cache (the queue reports them): nothing to compare.
    if (key === undefined) continue;
    const other = byKey.get(key);
    if (other === undefined) unexpected.push(key);
    else if (!sameWrite(object, other)) differing.push(key);
    byKey.delete(key);
  }
  return { missing: [...byKey.keys()], unexpected, differing };
}

function sameWrite(a: unknown, b: unknown): boolean {
  return resourceVersionOf(a) === resourceVersionOf(b) && uidOf(a) === uidOf(b);
}

function uidOf(obj: unknown): unknown {
  return (obj as { metadata?: { uid?: unknown } } | null)?.metadata?.uid;
}

function keyOf(object: unknown, keyFunc: KeyFunc<unknown>): string | undefined {
  try {
    return String(keyFunc(object));
  } catch {
    return undefined;
  }
}
