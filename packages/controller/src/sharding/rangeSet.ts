import type { ShardRange } from '@rxkube/store';
import { hashSpaceEnd } from '@rxkube/store';

/**
 * A set of hashes written as ranges: sorted by `start`, none empty, none overlapping or
 * touching another (touching ranges are merged). Every function here returns that form, so two
 * equal sets have equal arrays and {@link sameRanges} is a plain comparison.
 */
export type RangeSet = readonly ShardRange[];

/**
 * Brings any list of ranges to the {@link RangeSet} form: sorted, empty ones dropped,
 * overlapping and touching ones merged.
 *
 * @param ranges - half-open ranges of the hash space
 * @returns the same hashes as a range set
 */
export function normalizeRanges(ranges: readonly ShardRange[]): RangeSet {
  const sorted = ranges
    .filter((range) => range.start < range.end)
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const merged: ShardRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last !== undefined && range.start <= last.end) {
      if (range.end > last.end) merged[merged.length - 1] = { start: last.start, end: range.end };
    } else {
      merged.push({ start: range.start, end: range.end });
    }
  }
  return merged;
}

/**
 * The hashes of both sets.
 *
 * @param a - a range set
 * @param b - another
 * @returns `a ∪ b`
 */
export function unionRanges(a: RangeSet, b: RangeSet): RangeSet {
  return normalizeRanges([...a, ...b]);
}

/**
 * The hashes in both sets.
 *
 * @param a - a range set
 * @param b - another
 * @returns `a ∩ b`
 */
export function intersectRanges(a: RangeSet, b: RangeSet): RangeSet {
  const out: ShardRange[] = [];
  for (const x of a) {
    for (const y of b) {
      const start = x.start > y.start ? x.start : y.start;
      const end = x.end < y.end ? x.end : y.end;
      if (start < end) out.push({ start, end });
    }
  }
  return normalizeRanges(out);
}

/**
 * The hashes of `a` that are not in `b`.
 *
 * @param a - a range set
 * @param b - the hashes to take out
 * @returns `a ∖ b`
 */
export function subtractRanges(a: RangeSet, b: RangeSet): RangeSet {
  return intersectRanges(a, complementRanges(b));
}

/**
 * The hashes of `[0, 2^64)` outside a set.
 *
 * @param set - a range set
 * @returns its complement
 */
export function complementRanges(set: RangeSet): RangeSet {
  const out: ShardRange[] = [];
  let cursor = 0n;
  for (const range of normalizeRanges(set)) {
    if (range.start > cursor) out.push({ start: cursor, end: range.start });
    cursor = range.end;
  }
  if (cursor < hashSpaceEnd) out.push({ start: cursor, end: hashSpaceEnd });
  return out;
}

/**
 * How many hashes a set holds.
 *
 * @param set - a range set
 * @returns the count, up to `2^64`
 */
export function rangesSize(set: RangeSet): bigint {
  return set.reduce((total, range) => total + (range.end - range.start), 0n);
}

/**
 * Whether two range sets hold the same hashes.
 *
 * @param a - a range set
 * @param b - another
 * @returns true when equal
 */
export function sameRanges(a: RangeSet, b: RangeSet): boolean {
  const x = normalizeRanges(a);
  const y = normalizeRanges(b);
  return x.length === y.length && x.every((r, i) => r.start === y[i]!.start && r.end === y[i]!.end);
}
