import { coarsenShard } from './coarsenShard.js';
import { inShard, splitHashSpace, type ShardRange } from './shardRange.js';

const r = (start: bigint, end: bigint): ShardRange => ({ start, end });

test('a shard with few enough ranges is returned as it is', () => {
  const shard = { field: 'uid' as const, ranges: splitHashSpace(4).slice(0, 2) };
  expect(coarsenShard(shard, 2)).toBe(shard);
});

test('ranges are joined across the smallest gaps until few enough remain', () => {
  const shard = {
    field: 'namespace' as const,
    ranges: [r(100n, 110n), r(0n, 10n), r(12n, 20n), r(50n, 60n), r(61n, 70n)],
  };
  expect(coarsenShard(shard, 3)).toEqual({
    field: 'namespace',
    ranges: [r(0n, 20n), r(50n, 70n), r(100n, 110n)],
  });
  expect(coarsenShard(shard, 1).ranges).toEqual([r(0n, 110n)]);
});

test('touching ranges count as one', () => {
  const shard = { field: 'uid' as const, ranges: [r(0n, 10n), r(10n, 20n), r(30n, 40n)] };
  expect(coarsenShard(shard, 2).ranges).toEqual([r(0n, 20n), r(30n, 40n)]);
});

test('the coarse shard holds every object of the exact one', () => {
  // 300 ranges of a ring-like split: every other 1/600 of the hash space.
  const step = (1n << 64n) / 600n;
  const ranges = Array.from({ length: 300 }, (_, i) =>
    r(BigInt(2 * i) * step, BigInt(2 * i + 1) * step),
  );
  const exact = { field: 'uid' as const, ranges };
  const coarse = coarsenShard(exact, 48);
  expect(coarse.ranges.length).toBe(48);
  for (let i = 0; i < 2000; i++) {
    const obj = { metadata: { uid: `uid-${i}` } };
    if (inShard(exact, obj)) expect([i, inShard(coarse, obj)]).toEqual([i, true]);
  }
});

test('maxRanges must be a positive integer', () => {
  const shard = { field: 'uid' as const, ranges: splitHashSpace(2) };
  expect(() => coarsenShard(shard, 0)).toThrow(RangeError);
  expect(() => coarsenShard(shard, 1.5)).toThrow(RangeError);
});
