import { hashSpaceEnd } from '@rxkube/store';
import { seededRandom } from '@rxkube/testing';
import { hashRing } from './hashRing.js';
import type { RangeSet } from './rangeSet.js';
import { intersectRanges, rangesSize, subtractRanges, unionRanges } from './rangeSet.js';

/** Pod-like names (`op-7f9c2-x4kq1`), drawn from a seeded generator. */
function names(count: number, random: () => number): string[] {
  const word = (length: number): string =>
    Array.from(
      { length },
      () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(random() * 36)],
    ).join('');
  return Array.from({ length: count }, () => `op-${word(5)}-${word(5)}`);
}

function share(ranges: RangeSet | undefined): number {
  return Number(rangesSize(ranges ?? [])) / Number(hashSpaceEnd);
}

/** Where `hash` sits: the member whose ranges hold it. */
function ownersPartition(ring: Map<string, RangeSet>): { covered: bigint; overlap: bigint } {
  let all: RangeSet = [];
  let overlap = 0n;
  for (const ranges of ring.values()) {
    overlap += rangesSize(intersectRanges(all, ranges));
    all = unionRanges(all, ranges);
  }
  return { covered: rangesSize(all), overlap };
}

test('the members partition the hash space: every hash has exactly one owner', () => {
  const random = seededRandom(1);
  for (let n = 1; n <= 12; n += 1) {
    const ring = hashRing(names(n, random));
    expect(ownersPartition(ring)).toEqual({ covered: hashSpaceEnd, overlap: 0n });
  }
  expect(hashRing([])).toEqual(new Map());
});

test('with 256 virtual nodes every share stays within ±25 % of 1/n for groups of 2 to 16', () => {
  const random = seededRandom(2);
  let worst = 0;
  for (let n = 2; n <= 16; n += 1) {
    for (let group = 0; group < 10; group += 1) {
      const members = names(n, random);
      const ring = hashRing(members);
      for (const member of members)
        worst = Math.max(worst, Math.abs(share(ring.get(member)) * n - 1));
    }
  }
  expect(worst).toBeLessThan(0.25);
  // A single point per member is far from fair: the virtual nodes are what makes it so.
  const members = names(8, seededRandom(3));
  const coarse = hashRing(members, 1);
  const deviations = members.map((member) => Math.abs(share(coarse.get(member)) * 8 - 1));
  expect(Math.max(...deviations)).toBeGreaterThan(0.25);
});

test('the assignment depends on the member set only, not on its order or duplicates', () => {
  const members = names(5, seededRandom(4));
  const reversed = [...members].reverse();
  expect(hashRing([...reversed, members[0]!])).toEqual(hashRing(members));
});

test('a joining member takes a fair share, all of it from the others; nothing moves between the others', () => {
  const random = seededRandom(5);
  for (let n = 1; n <= 10; n += 1) {
    const members = names(n, random);
    const [joiner] = names(1, random);
    const before = hashRing(members);
    const after = hashRing([...members, joiner!]);
    for (const member of members) {
      // An old member only loses: what it owns after is a part of what it owned before.
      expect(subtractRanges(after.get(member)!, before.get(member)!)).toEqual([]);
    }
    expect(Math.abs(share(after.get(joiner!)) * (n + 1) - 1)).toBeLessThan(0.25);
  }
});

test("a leaving member's ranges go to the others; every other range stays with its owner", () => {
  const random = seededRandom(6);
  for (let n = 2; n <= 10; n += 1) {
    const members = names(n, random);
    const leaver = members[n - 1]!;
    const before = hashRing(members);
    const after = hashRing(members.slice(0, -1));
    let moved: RangeSet = [];
    for (const member of members.slice(0, -1)) {
      // A remaining member only gains, and only what the leaver had.
      expect(subtractRanges(before.get(member)!, after.get(member)!)).toEqual([]);
      const gained = subtractRanges(after.get(member)!, before.get(member)!);
      expect(subtractRanges(gained, before.get(leaver)!)).toEqual([]);
      moved = unionRanges(moved, gained);
    }
    expect(moved).toEqual(before.get(leaver));
  }
});

test('virtualNodes must be a positive integer', () => {
  expect(() => hashRing(['a'], 0)).toThrow(RangeError);
  expect(() => hashRing(['a'], 1.5)).toThrow(RangeError);
});
