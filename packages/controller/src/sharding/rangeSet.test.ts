import { hashSpaceEnd } from '@rxkube/store';
import {
  complementRanges,
  intersectRanges,
  normalizeRanges,
  rangesSize,
  sameRanges,
  subtractRanges,
  unionRanges,
} from './rangeSet.js';

const r = (start: number, end: number) => ({ start: BigInt(start), end: BigInt(end) });

test('normalizing sorts, drops empty ranges and merges overlapping and touching ones', () => {
  expect(normalizeRanges([r(10, 20), r(0, 5), r(5, 7), r(15, 30), r(40, 40)])).toEqual([
    r(0, 7),
    r(10, 30),
  ]);
});

test('union, intersection, difference and complement', () => {
  const a = [r(0, 10), r(20, 30)];
  const b = [r(5, 25)];
  expect(unionRanges(a, b)).toEqual([r(0, 30)]);
  expect(intersectRanges(a, b)).toEqual([r(5, 10), r(20, 25)]);
  expect(subtractRanges(a, b)).toEqual([r(0, 5), r(25, 30)]);
  expect(complementRanges(a)).toEqual([r(10, 20), { start: 30n, end: hashSpaceEnd }]);
  expect(complementRanges([])).toEqual([{ start: 0n, end: hashSpaceEnd }]);
  expect(rangesSize(a)).toBe(20n);
  expect(sameRanges([r(0, 5), r(5, 10)], [r(0, 10)])).toBe(true);
  expect(sameRanges(a, b)).toBe(false);
});
