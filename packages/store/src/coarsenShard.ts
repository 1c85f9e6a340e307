import { validShard, type Shard, type ShardRange } from './shardRange.js';

/**
 * A shard of at most `maxRanges` ranges that contains `shard`: adjacent ranges are joined
 * across the smallest gaps between them until few enough remain. A consistent-hash ring gives
 * each member hundreds of small ranges, and their selector (about 75 characters each, more once
 * URL-encoded) would pass the request-line limits of proxies and of Node's HTTP server (16 KiB);
 * a coarser selector keeps most of the server-side filtering, and the client drops the few
 * objects of the joined gaps with the exact shard.
 *
 * @example
 * ```ts
 * const shard = { field: 'uid' as const, ranges: [{ start: 0n, end: 10n }, { start: 12n, end: 20n }, { start: 100n, end: 110n }] };
 * coarsenShard(shard, 2).ranges; // [{ start: 0n, end: 20n }, { start: 100n, end: 110n }]
 * ```
 * @param shard - the exact shard
 * @param maxRanges - how many ranges the result may have (at least 1)
 * @returns `shard` itself when it has few enough ranges, or a superset of it
 * @throws ShardRangeError for an invalid shard
 * @throws RangeError when `maxRanges` is not a positive integer
 */
export function coarsenShard(shard: Shard, maxRanges: number): Shard {
  validShard(shard);
  if (!Number.isInteger(maxRanges) || maxRanges < 1) {
    throw new RangeError(`maxRanges must be a positive integer, got ${maxRanges}`);
  }
  const sorted = [...shard.ranges].sort((a, b) =>
    a.start < b.start ? -1 : a.start > b.start ? 1 : 0,
  );
  // Ranges that touch or overlap are one range already.
  const joined: ShardRange[] = [];
  for (const range of sorted) {
    const last = joined.at(-1);
    if (last !== undefined && range.start <= last.end) {
      joined[joined.length - 1] = {
        start: last.start,
        end: range.end > last.end ? range.end : last.end,
      };
    } else joined.push(range);
  }
  if (shard.ranges.length <= maxRanges) return shard;
  if (joined.length <= maxRanges) return { field: shard.field, ranges: joined };
  // Close the smallest gaps: the gap after range i is joined.start[i+1] - joined.end[i].
  const gaps = joined
    .slice(0, -1)
    .map((range, i) => ({ i, size: (joined[i + 1] as ShardRange).start - range.end }))
    .sort((a, b) => (a.size < b.size ? -1 : a.size > b.size ? 1 : a.i - b.i));
  const closed = new Set(gaps.slice(0, joined.length - maxRanges).map((gap) => gap.i));
  const ranges: ShardRange[] = [];
  let start = (joined[0] as ShardRange).start;
  joined.forEach((range, i) => {
    if (closed.has(i)) return;
    ranges.push({ start, end: range.end });
    const next = joined[i + 1];
    if (next !== undefined) start = next.start;
  });
  return { field: shard.field, ranges };
}
