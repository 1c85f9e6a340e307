import { hashSpaceEnd } from '@rxkube/store';
import type { MemberRecord } from './memberLease.js';
import { memberRecord } from './memberLease.js';
import { MemberView } from './memberView.js';

const everything = [{ start: 0n, end: hashSpaceEnd }];

function record(fields: Partial<MemberRecord> = {}): MemberRecord {
  return {
    lease: 'g-a',
    resourceVersion: '1',
    identity: 'a',
    leaseDurationSeconds: 15,
    renewTime: undefined,
    claims: everything,
    claimsError: undefined,
    ...fields,
  };
}

const view = () =>
  new MemberView({ defaultLeaseDurationSeconds: 15, maxClockSkew: 10_000, renewDeadline: 10_000 });

test('a Lease seen for the first time counts as just renewed, until a lease duration later or until its renewTime is past its duration plus the skew margin', () => {
  const members = view();
  members.observe(
    [
      record({ lease: 'g-fresh', identity: 'fresh', renewTime: 100_000 }),
      record({ lease: 'g-within', identity: 'within', renewTime: 100_000 - 24_000 }),
      record({ lease: 'g-past', identity: 'past', renewTime: 100_000 - 25_001 }),
      record({ lease: 'g-future', identity: 'future', renewTime: 900_000 }),
      record({ lease: 'g-none', identity: 'none', renewTime: undefined }),
    ],
    100_000,
  );
  expect([...members.live(100_000).keys()].sort()).toEqual(['fresh', 'future', 'none', 'within']);
  // Off the ring, but not to be released: that takes seeing it unchanged for a lease duration.
  expect(members.expired(100_000)).toEqual([]);
  // The others expire a lease duration after they were seen, or once their renewTime is past
  // the duration plus the margin, whichever comes first.
  expect([...members.live(101_000).keys()].sort()).toEqual(['fresh', 'future', 'none', 'within']);
  expect([...members.live(101_001).keys()].sort()).toEqual(['fresh', 'future', 'none']);
  expect([...members.live(114_999).keys()].sort()).toEqual(['fresh', 'future', 'none']);
  expect([...members.live(115_000).keys()]).toEqual([]);
  expect(members.expired(114_999)).toEqual([]);
  expect(
    members
      .expired(115_000)
      .map((r) => r.identity)
      .sort(),
  ).toEqual(['fresh', 'future', 'none', 'past', 'within']);
});

test('only a Lease seen unchanged for a lease duration by the local clock is expired, whatever its renewTime says', () => {
  const members = view();
  // A holder whose clock is 30 s behind: the renewal it just wrote looks 30 s old.
  members.observe([record({ renewTime: 70_000 })], 100_000);
  expect(members.live(100_000).size).toBe(0);
  expect(members.expired(100_000)).toEqual([]);
  expect(members.expired(114_999)).toEqual([]);
  // It renews: the new version restarts the count.
  members.observe([record({ resourceVersion: '2', renewTime: 72_000 })], 102_000);
  expect(members.expired(116_999)).toEqual([]);
  expect(members.expired(117_000).map((r) => r.resourceVersion)).toEqual(['2']);
});

test("only the first version seen is judged by renewTime: a change seen happen counts as a renewal, whatever the writer's clock says", () => {
  const members = view();
  // A member whose clock is a minute behind: every renewal it writes looks a minute old.
  members.observe([record({ renewTime: 40_000 })], 100_000);
  expect(members.live(100_000).size).toBe(0);
  members.observe([record({ resourceVersion: '2', renewTime: 42_000 })], 102_000);
  expect([...members.live(102_000).keys()]).toEqual(['a']);
  expect([...members.live(116_999).keys()]).toEqual(['a']);
  expect(members.live(117_000).size).toBe(0);
});

test('with maxClockSkew Infinity, renewTime is never read', () => {
  const members = new MemberView({
    defaultLeaseDurationSeconds: 15,
    maxClockSkew: Infinity,
    renewDeadline: 10_000,
  });
  members.observe([record({ renewTime: 0 })], 1e12);
  expect([...members.live(1e12).keys()]).toEqual(['a']);
});

test('a new version is judged afresh; a released Lease is neither live nor expired', () => {
  const members = view();
  members.observe([record({ renewTime: 0 })], 0);
  expect(members.expired(15_000).map((r) => r.resourceVersion)).toEqual(['1']);
  members.observe([record({ resourceVersion: '2', renewTime: 20_000 })], 20_000);
  expect([...members.live(20_000).keys()]).toEqual(['a']);
  members.observe([record({ resourceVersion: '3', identity: '', claims: [] })], 21_000);
  expect(members.live(21_000).size).toBe(0);
  expect(members.expired(60_000)).toEqual([]);
});

test('a Lease deleted after it expired does not bring its holder back for another lease duration', () => {
  const members = view();
  members.observe([record()], 0);
  members.observe([record()], 15_000);
  expect(members.live(15_000).size).toBe(0);
  members.observe([], 16_000);
  expect(members.live(16_000).size).toBe(0);
  // One deleted while alive still counts until a lease duration after it went.
  members.observe([record({ resourceVersion: '2' })], 20_000);
  members.observe([], 21_000);
  expect([...members.live(35_999).keys()]).toEqual(['a']);
  expect(members.live(36_000).size).toBe(0);
});

test('renewTime and leaseDurationSeconds of any JSON type are read as absent, never thrown on', () => {
  let deep: unknown = 'x';
  for (let i = 0; i < 10_000; i++) deep = [deep];
  for (const value of [deep, { a: 1 }, 5, null, true, 'not a time', '']) {
    const read = memberRecord({
      metadata: { name: 'g-a', resourceVersion: '1' },
      spec: { holderIdentity: 'a', renewTime: value, leaseDurationSeconds: value },
    } as never);
    expect(read.renewTime).toBeUndefined();
    expect(read.leaseDurationSeconds).toBe(value === 5 ? 5 : 0);
  }
  const wellFormed = memberRecord({
    metadata: { name: 'g-a' },
    spec: { renewTime: '2026-01-02T03:04:05.123456Z' },
  } as never);
  expect(wellFormed.renewTime).toBe(Date.UTC(2026, 0, 2, 3, 4, 5, 123));
});
