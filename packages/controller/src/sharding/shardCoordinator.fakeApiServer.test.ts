import { jest } from '@jest/globals';
import { FakeApiServer } from '@rxkube/testing';
import { hashRing } from './hashRing.js';
import { rangesSize, sameRanges } from './rangeSet.js';
import { ShardGroup, longestGap, skewedClock } from './shardGroup.testing.js';

// Real HTTP to the fake API server, virtual time for the protocol (client-go's default
// leader-election timing: 15 s lease, 10 s renew deadline, 2 s between rounds).
jest.setTimeout(60_000);

const leaseDuration = 15_000;
const renewDeadline = 10_000;
const retryPeriod = 2_000;

let server: FakeApiServer;
let group: ShardGroup;

beforeEach(async () => {
  server = await FakeApiServer.start();
  group = new ShardGroup(server);
});

afterEach(async () => {
  await group.stopAll();
  await server.stop();
  expect(group.overlaps).toEqual([]);
});

/** Whether every member works on exactly its ring share over `members`. */
function converged(members: string[]): boolean {
  const ring = hashRing(members);
  return members.every((identity) => sameRanges(group.current(identity), ring.get(identity)!));
}

test('three replicas split the hash space as the ring says, each publishing its claims in its own labelled Lease', async () => {
  for (const identity of ['op-a', 'op-b', 'op-c']) group.join(identity);
  await group.runUntil(() => converged(['op-a', 'op-b', 'op-c']), 4 * leaseDuration);
  const leases = server.list('coordination.k8s.io/v1', 'Lease', 'ops');
  expect(leases.map((lease) => lease.metadata?.name).sort()).toEqual([
    'labeller-op-a',
    'labeller-op-b',
    'labeller-op-c',
  ]);
  for (const lease of leases) {
    expect(lease.metadata?.labels).toEqual({ 'shards.rxkube.io/group': 'labeller' });
    expect(lease.metadata?.annotations?.['shards.rxkube.io/claims']).toMatch(
      /^[0-9a-f]+-[0-9a-f]+(,[0-9a-f]+-[0-9a-f]+)*$/,
    );
  }
  // Steady state: renewals go on, nothing moves.
  const changes = group.claims.length;
  await group.run(5 * retryPeriod);
  expect(group.claims.length).toBe(changes);
  expect(group.covered()).toBe(true);
});

test('a replica that dies keeps its ranges until its Lease expires; then the others take them over', async () => {
  for (const identity of ['op-a', 'op-b', 'op-c']) group.join(identity);
  await group.runUntil(() => converged(['op-a', 'op-b', 'op-c']), 4 * leaseDuration);
  const dead = group.member('op-b');
  const itsRanges = group.current('op-b');
  const diedAt = group.clock.now();
  dead.cut = true; // partitioned: its process runs on, but no request reaches the server

  await group.runUntil(() => converged(['op-a', 'op-c']), 4 * leaseDuration);
  const takeover = group.takeover(itsRanges, 'op-b', diedAt);
  expect(takeover).toBeDefined();
  // Nobody touched its ranges before its last renewal was a lease duration old ...
  expect(takeover!.at).toBeGreaterThanOrEqual(dead.lastCommit + leaseDuration);
  // ... and the dead replica itself had dropped them, at its renew deadline.
  const dropped = group.claims.find(
    (c) => c.identity === 'op-b' && c.at >= diedAt && rangesSize(c.ranges) === 0n,
  );
  expect(dropped!.at).toBeLessThanOrEqual(dead.lastCommit + renewDeadline);
  expect(dropped!.at).toBeLessThanOrEqual(takeover!.at);
  // The takeover comes within a round or two of the expiry: left unowned no longer than that.
  expect(takeover!.at).toBeLessThanOrEqual(dead.lastCommit + leaseDuration + 2 * 1.2 * retryPeriod);
  expect(dead.errors.length).toBeGreaterThan(0);
});

test('a replica that joins gets its ring share; ranges move with no overlap and are never unowned for a lease duration', async () => {
  group.join('op-a');
  group.join('op-b');
  await group.runUntil(() => converged(['op-a', 'op-b']), 4 * leaseDuration);
  const joinedAt = group.clock.now();
  group.join('op-c');
  const took = await group.runUntil(() => converged(['op-a', 'op-b', 'op-c']), 4 * leaseDuration);
  // Release-then-claim: a couple of rounds, far less than waiting for an expiry.
  expect(took).toBeLessThan(leaseDuration);
  expect(longestGap(group.gaps, joinedAt, group.clock.now())).toBeLessThan(leaseDuration);
  expect(group.covered()).toBe(true);
});

test('a replica that stops releases its Lease: the others take its ranges over without waiting for expiry', async () => {
  for (const identity of ['op-a', 'op-b', 'op-c']) group.join(identity);
  await group.runUntil(() => converged(['op-a', 'op-b', 'op-c']), 4 * leaseDuration);
  const stoppedAt = group.clock.now();
  void group.member('op-c').coordinator.stop();
  const took = await group.runUntil(() => converged(['op-a', 'op-b']), 4 * leaseDuration);
  expect(took).toBeLessThan(leaseDuration);
  expect(longestGap(group.gaps, stoppedAt, group.clock.now())).toBeLessThan(leaseDuration);
  const lease = server
    .list('coordination.k8s.io/v1', 'Lease', 'ops')
    .find((l) => l.metadata?.name === 'labeller-op-c');
  expect((lease?.['spec'] as { holderIdentity?: string } | undefined)?.holderIdentity).toBe('');
  expect(lease?.metadata?.annotations?.['shards.rxkube.io/claims']).toBe('');
});

test('a range given up while work on one of its hashes is in flight stays claimed until that work ends', async () => {
  group.join('op-a');
  await group.runUntil(() => converged(['op-a']), 4 * leaseDuration);
  // Work on a hash that the ring gives to op-b once it joins.
  const [moving] = hashRing(['op-a', 'op-b']).get('op-b')!;
  const busyHash = moving!.start;
  let busy = true;
  let idle: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (idle = resolve));
  group.member('op-a').coordinator.registerWork({
    hashesInFlight: () => (busy ? [busyHash] : []),
    idle: () => (busy ? done : Promise.resolve()),
  });
  const holds = (identity: string) =>
    group.current(identity).some((r) => r.start <= busyHash && busyHash < r.end);

  group.join('op-b');
  // op-a stops working on the range at once (nothing new starts there) ...
  await group.runUntil(() => !holds('op-a') && group.current('op-b').length > 0, 4 * leaseDuration);
  // ... but keeps claiming it while the work runs: op-b does not start it, round after round.
  await group.run(5 * leaseDuration);
  expect(holds('op-b')).toBe(false);
  expect(holds('op-a')).toBe(false);

  busy = false;
  idle();
  await group.runUntil(() => converged(['op-a', 'op-b']), 4 * leaseDuration);
  expect(holds('op-b')).toBe(true);
});

test('stop() releases the Lease only once the registered work in flight has ended', async () => {
  const member = group.join('op-a');
  await group.runUntil(() => converged(['op-a']), 4 * leaseDuration);
  let idle: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (idle = resolve));
  member.coordinator.registerWork({ hashesInFlight: () => [0n], idle: () => done });
  const holder = () =>
    (
      server
        .list('coordination.k8s.io/v1', 'Lease', 'ops')
        .find((l) => l.metadata?.name === 'labeller-op-a')?.['spec'] as
        { holderIdentity?: string } | undefined
    )?.holderIdentity;

  let stopped = false;
  void member.coordinator.stop().then(() => (stopped = true));
  await group.run(renewDeadline / 2);
  // Nothing new runs, but the Lease still claims the ranges of the work in flight.
  expect(group.current('op-a')).toEqual([]);
  expect(holder()).toBe('op-a');
  expect(stopped).toBe(false);

  idle();
  await group.runUntil(() => stopped, renewDeadline);
  expect(holder()).toBe('');
});

/**
 * Stops (or kills) `leaving` out of three members, lets the two others take its share over,
 * then adds a fourth: how long some hash stays unowned from the join on.
 */
async function gapOfJoinAfter(leave: (identity: string) => void): Promise<number> {
  for (const identity of ['op-a', 'op-b', 'op-c']) group.join(identity);
  await group.runUntil(() => converged(['op-a', 'op-b', 'op-c']), 4 * leaseDuration);
  leave('op-b');
  await group.runUntil(() => converged(['op-a', 'op-c']), 4 * leaseDuration);
  await group.run(2 * retryPeriod);
  const joinedAt = group.clock.now();
  group.join('op-d');
  await group.runUntil(() => converged(['op-a', 'op-c', 'op-d']), 4 * leaseDuration);
  return longestGap(group.gaps, joinedAt, group.clock.now());
}

test('a replica that joins after another was killed leaves nothing unowned for longer than a join after a graceful leave', async () => {
  const afterCrash = await gapOfJoinAfter((identity) => group.kill(identity));
  // A survivor released the killed replica's Lease, claims and all.
  const lease = server
    .list('coordination.k8s.io/v1', 'Lease', 'ops')
    .find((l) => l.metadata?.name === 'labeller-op-b');
  expect((lease?.['spec'] as { holderIdentity?: string } | undefined)?.holderIdentity).toBe('');
  expect(lease?.metadata?.annotations?.['shards.rxkube.io/claims']).toBe('');
  await group.stopAll();
  await server.stop();
  server = await FakeApiServer.start();
  group = new ShardGroup(server);
  const afterLeave = await gapOfJoinAfter((identity) => {
    void group.member(identity).coordinator.stop();
  });
  // Jitter moves the rounds of the two runs apart by up to a fifth of a retry period each.
  expect(afterCrash).toBeLessThanOrEqual(afterLeave + 2 * 0.2 * retryPeriod);
});

/**
 * Stops (or kills) both members of a group, waits, then starts a new one: how long until every
 * hash is worked on again.
 */
async function coverAfterAllLeft(leave: (identity: string) => void): Promise<number> {
  for (const identity of ['op-a', 'op-b']) group.join(identity);
  await group.runUntil(() => converged(['op-a', 'op-b']), 4 * leaseDuration);
  leave('op-a');
  leave('op-b');
  // Longer than a lease duration plus the default clock-skew margin (10 s).
  await group.run(leaseDuration + 10_000 + retryPeriod);
  group.join('op-c');
  return group.runUntil(() => converged(['op-c']), 4 * leaseDuration);
}

test('a replica that starts long after every member was killed does not wait a lease duration for their Leases, only a renew deadline', async () => {
  const afterCrash = await coverAfterAllLeft((identity) => group.kill(identity));
  await group.stopAll();
  await server.stop();
  server = await FakeApiServer.start();
  group = new ShardGroup(server);
  const afterLeave = await coverAfterAllLeft((identity) => {
    void group.member(identity).coordinator.stop();
  });
  // Their renewTime keeps them off its ring at once, but their claims hold until it has seen
  // their Leases unchanged for a renew deadline: it cannot tell them from a working member
  // whose clock is far behind (see the next tests). Then it takes everything in one round.
  expect(afterCrash).toBeLessThan(leaseDuration);
  expect(afterCrash).toBeLessThanOrEqual(afterLeave + renewDeadline + 1.2 * retryPeriod);
});

test('renewTime from a clock up to maxClockSkew + leaseDuration - renewDeadline behind never makes a newcomer start a range its holder still works on', async () => {
  // op-a's clock is 14 s behind the newcomer's: the renewTime op-a writes looks 14 s old.
  const holder = group.join('op-a', { scheduler: skewedClock(group.clock, -14_000) });
  await group.runUntil(() => converged(['op-a']), 4 * leaseDuration);
  await group.run(2 * retryPeriod);
  const cutAt = group.clock.now();
  holder.cut = true; // partitioned: it goes on working until its renew deadline
  // op-b first sees op-a's Lease well after its last renewal, which looks 14 s older still.
  await group.run(renewDeadline / 2);
  group.join('op-b');
  await group.runUntil(() => converged(['op-b']), 4 * leaseDuration);
  const takeover = group.takeover(hashRing(['op-a']).get('op-a')!, 'op-a', cutAt);
  expect(takeover!.at).toBeGreaterThanOrEqual(holder.lastCommit + renewDeadline);
  // afterEach: no instant at which both worked on one hash.
});

test("a newcomer never releases the Lease of a working holder whose clock is far behind, and never works on the holder's ranges with it", async () => {
  // op-a's clock is 30 s behind: the renewTime it writes looks older than lease duration plus
  // maxClockSkew to a newcomer, which keeps it off its ring until it sees a renewal.
  const holder = group.join('op-a', { scheduler: skewedClock(group.clock, -30_000) });
  await group.runUntil(() => converged(['op-a']), 4 * leaseDuration);
  const lease = {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    namespace: 'ops',
    name: 'labeller-op-a',
  };
  const holderOf = () =>
    (server.get(lease)?.['spec'] as { holderIdentity?: string } | undefined)?.holderIdentity;
  const released: number[] = [];
  group.onReplace = (writer, name) => {
    if (writer !== 'op-a' && name === lease.name) released.push(group.clock.now());
  };
  // Join at every offset within a round, so that some join lands just after a renewal.
  for (const offset of [0, 700, 1400]) {
    await group.run(offset);
    const newcomer = group.join(`op-n${offset}`);
    await group.run(2 * leaseDuration);
    expect(holderOf()).toBe('op-a');
    expect(holder.errors).toEqual([]);
    void newcomer.coordinator.stop();
    await group.run(retryPeriod * 2);
  }
  expect(released).toEqual([]);
  // afterEach: no instant at which two members worked on one hash.
});

test('agreed$ turns true on every replica once the hand-over is done, and only then do all of them say so', async () => {
  const identities = ['op-a', 'op-b', 'op-c'];
  const seen = new Map<string, boolean[]>();
  const follow = (identity: string) => {
    const values: boolean[] = [];
    seen.set(identity, values);
    group.member(identity).coordinator.agreed$.subscribe((agreed) => values.push(agreed));
  };
  for (const identity of identities) {
    group.join(identity);
    follow(identity);
  }
  const allAgree = () => identities.every((i) => group.member(i).coordinator.agreed);
  /** Checks at every step that all saying so means the ranges are the ring's and cover all. */
  const agreedMeansConverged = () => {
    const all = allAgree();
    if (all) expect([converged(identities), group.covered()]).toEqual([true, true]);
    return all;
  };
  await group.runUntil(agreedMeansConverged, 4 * leaseDuration);
  expect([...seen.values()].map((values) => values[0])).toEqual([false, false, false]);

  identities.push('op-d');
  group.join('op-d');
  follow('op-d');
  await group.run(100);
  // The newcomer works on nothing yet, and the ring the others see has changed.
  expect(allAgree()).toBe(false);
  await group.runUntil(agreedMeansConverged, 4 * leaseDuration);
  expect(seen.get('op-a')).toEqual([false, true, false, true]);

  let completed = false;
  group.member('op-d').coordinator.agreed$.subscribe({ complete: () => (completed = true) });
  void group.member('op-d').coordinator.stop();
  await group.runUntil(() => completed, renewDeadline);
  expect(seen.get('op-d')!.at(-1)).toBe(false);
});

test('a survivor releases an expired Lease only at the version it saw expire: a holder that renewed meanwhile is not overwritten', async () => {
  group.join('op-a');
  const holder = group.join('op-x');
  await group.runUntil(() => converged(['op-a', 'op-x']), 4 * leaseDuration);
  holder.cut = true;
  const lease = {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    namespace: 'ops',
    name: 'labeller-op-x',
  };
  const holderOf = () =>
    (server.get(lease)?.['spec'] as { holderIdentity?: string } | undefined)?.holderIdentity;
  let renewedFirst = false;
  group.onReplace = (writer, name) => {
    if (writer !== 'op-a' || name !== lease.name || renewedFirst) return;
    // op-x's renewal lands just before op-a's release: a new version of the Lease.
    renewedFirst = true;
    server.patch(lease, (l) => void (l.metadata!.annotations!['renewed'] = 'by op-x'));
  };
  await group.runUntil(() => renewedFirst, 4 * leaseDuration);
  await group.run(50);
  expect(holderOf()).toBe('op-x');
  // op-x stays silent from then on: a lease duration after that version, op-a releases it.
  await group.runUntil(() => holderOf() === '', 4 * leaseDuration);
  // The lost race (409) is not an error worth reporting.
  expect(group.member('op-a').errors).toEqual([]);
});

test('a replica stopped during a round does not go on to release the Leases it saw expire', async () => {
  const survivor = group.join('op-a');
  group.join('op-x');
  await group.runUntil(() => converged(['op-a', 'op-x']), 4 * leaseDuration);
  group.kill('op-x');
  // op-a drops op-x from its ring in the round that finds its Lease expired, before it writes.
  let sawExpiry = false;
  survivor.coordinator.members$.subscribe((members) => {
    if (!members.includes('op-x')) sawExpiry = true;
  });
  const releases: string[] = [];
  let stopped = false;
  group.onReplace = (writer, name) => {
    if (writer !== 'op-a') return;
    if (name !== 'labeller-op-a') releases.push(name);
    else if (sawExpiry && !stopped) {
      // Stopped while that round's own renewal is in flight.
      stopped = true;
      void survivor.coordinator.stop();
    }
  };
  await group.runUntil(() => stopped, 4 * leaseDuration);
  await group.run(renewDeadline);
  expect(releases).toEqual([]);
  const lease = server
    .list('coordination.k8s.io/v1', 'Lease', 'ops')
    .find((l) => l.metadata?.name === 'labeller-op-x');
  expect((lease?.['spec'] as { holderIdentity?: string } | undefined)?.holderIdentity).toBe('op-x');
});
