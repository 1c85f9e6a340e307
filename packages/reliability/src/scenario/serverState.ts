import type { FakeApiServer } from '@rxkube/testing';
import { keyOf, type CacheState } from './eventLog.js';
import type { InformerVariant, SelectablePod } from './variants.js';

/**
 * What each informer's cache must hold: the server's pods matching its selectors.
 *
 * @param server - the server.
 * @param list - the informers.
 * @returns one key → resourceVersion map per informer.
 */
export function expectedCaches(
  server: FakeApiServer,
  list: readonly InformerVariant[],
): CacheState[] {
  const pods = server.list('v1', 'Pod');
  return list.map((variant) => {
    const state: CacheState = new Map();
    for (const pod of pods) {
      if (variant.matches(pod as SelectablePod))
        state.set(keyOf(pod), pod.metadata.resourceVersion ?? '');
    }
    return state;
  });
}

/**
 * @param a - a cache.
 * @param b - another.
 * @returns whether they hold the same keys at the same versions.
 */
export function sameState(a: CacheState, b: CacheState): boolean {
  if (a.size !== b.size) return false;
  for (const [key, rv] of a) if (b.get(key) !== rv) return false;
  return true;
}

/**
 * @param a - caches.
 * @param b - other caches.
 * @returns whether they are pairwise the same.
 */
export function sameCaches(a: CacheState[], b: CacheState[]): boolean {
  return a.length === b.length && a.every((state, i) => sameState(state, b[i] ?? new Map()));
}
