/**
 * Finds a shorter list that still fails, by delta debugging: removes chunks of half, a quarter…
 * down to single elements, keeping every removal after which `fails` still returns true.
 *
 * @typeParam T - the elements (fault steps).
 * @param items - a list for which `fails` returned true.
 * @param fails - reruns the scenario on a candidate list.
 * @param maxRuns - at most this many reruns.
 * @returns the shortest failing list found, and how many reruns it took.
 */
export async function shrink<T>(
  items: readonly T[],
  fails: (candidate: readonly T[]) => Promise<boolean>,
  maxRuns: number,
): Promise<{ items: readonly T[]; runs: number }> {
  let current = items;
  let runs = 0;
  let chunk = Math.max(1, Math.floor(current.length / 2));
  while (current.length > 0 && runs < maxRuns) {
    let removedAny = false;
    for (let start = 0; start < current.length && runs < maxRuns;) {
      const candidate = [...current.slice(0, start), ...current.slice(start + chunk)];
      runs++;
      if (await fails(candidate)) {
        current = candidate;
        removedAny = true;
      } else {
        start += chunk;
      }
    }
    if (chunk === 1 && !removedAny) break;
    if (!removedAny || chunk > current.length) chunk = Math.max(1, Math.floor(chunk / 2));
  }
  return { items: current, runs };
}
