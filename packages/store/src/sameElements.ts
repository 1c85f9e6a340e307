/**
 * Shallow equality of two arrays: same length, and the same element references in order.
 *
 * @param a - an array
 * @param b - another array
 * @returns whether both hold the same references in the same order
 * @internal
 */
export function sameElements<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
