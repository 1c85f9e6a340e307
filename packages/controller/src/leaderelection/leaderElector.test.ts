import { jest } from '@jest/globals';
import type { Observable } from 'rxjs';
import { Election, lock } from './election.testing.js';
import { leaseHistoryViolations } from './leaseHistory.testing.js';

// Virtual time with client-go's default timing: 15 s lease, 10 s renew deadline, 2 s retry.
let election: Election;
beforeEach(() => {
  election = new Election();
});
afterEach(async () => {
  await election.stopAll();
  expect(election.monitor.violations).toEqual([]);
  expect(leaseHistoryViolations(election.store.writes)).toEqual([]);
  expect(election.clock.pending).toBe(0);
});

test('a lone candidate creates the Lease, leads at once and renews every retry period', async () => {
  const a = election.add('a');
  const states: unknown[] = [];
  a.elector.leadership$.subscribe((state) => states.push(state));
  a.elector.start();
  await election.clock.advanceAsync(0);

  expect(a.elector.isLeader).toBe(true);
  expect(a.elector.leader).toBe('a');
  expect(states).toEqual([
    { identity: 'a', isLeader: false, leader: undefined },
    { identity: 'a', isLeader: true, leader: 'a' },
  ]);
  const created = election.store.get(lock.namespace, lock.name)!;
  expect(created.spec).toMatchObject({
    holderIdentity: 'a',
    leaseDurationSeconds: 15,
    leaseTransitions: 0,
    acquireTime: '1970-01-01T00:00:00.000000Z',
  });

  await election.clock.advanceAsync(10_000);
  const renewals = election.store.writes.slice(1);
  expect(renewals.map((w) => w.at)).toEqual([2_000, 4_000, 6_000, 8_000, 10_000]);
  const renewed = election.store.get(lock.namespace, lock.name)!;
  expect(renewed.spec).toMatchObject({
    holderIdentity: 'a',
    leaseTransitions: 0,
    acquireTime: '1970-01-01T00:00:00.000000Z',
    renewTime: '1970-01-01T00:00:10.000000Z',
  });
  // One request per renewal: the holder writes its last version back without reading first.
  expect(a.client.requests).toBe(2 + 5);
  expect(states).toHaveLength(2);
});

test('two candidates: exactly one leads, the other follows it and never writes', async () => {
  const a = election.add('a');
  const b = election.add('b');
  const followerLeaders: string[] = [];
  a.elector.start();
  b.elector.start();
  await election.clock.advanceAsync(60_000);

  const leaders = election.leaders();
  expect(leaders).toHaveLength(1);
  const [winner] = leaders;
  const follower = winner === 'a' ? b : a;
  follower.elector.newLeader$.subscribe((leader) => followerLeaders.push(leader));
  expect(follower.elector.isLeader).toBe(false);
  expect(follower.elector.leader).toBe(winner);
  expect(followerLeaders).toEqual([winner]);
  expect(election.store.writes.every((w) => w.by === winner)).toBe(true);
  expect(election.holder()).toBe(winner);
  // The race to create the Lease was lost with a conflict, reported but harmless.
  expect(follower.errors.map((e) => e.reason)).toEqual(['AlreadyExists']);
});

test('three candidates agree on one leader; graceful stops hand over at once, counting transitions', async () => {
  const ids = ['a', 'b', 'c'];
  for (const id of ids) election.add(id).elector.start();
  await election.clock.advanceAsync(5_000);
  expect(election.leaders()).toHaveLength(1);
  for (const id of ids) expect(election.get(id).elector.leader).toBe(election.leaders()[0]);

  for (let round = 1; round <= 2; round += 1) {
    const [leader] = election.leaders();
    const stopped = election.get(leader!);
    await stopped.elector.stop();
    expect(stopped.losses).toEqual([{ reason: 'stopped' }]);
    expect(election.store.get(lock.namespace, lock.name)?.spec).toMatchObject({
      holderIdentity: '',
      leaseDurationSeconds: 1,
      leaseTransitions: round - 1,
    });
    // Released, so the next candidate need not wait out the lease: its next attempt wins.
    const waited = await election.clock.until(() => election.leaders().length === 1, 15_000, 100);
    expect(waited).toBeLessThanOrEqual(2_000 * (1 + 1.2));
    expect(election.store.get(lock.namespace, lock.name)?.spec).toMatchObject({
      holderIdentity: election.leaders()[0],
      leaseTransitions: round,
    });
  }
  expect(election.monitor.elected).toHaveLength(3);
});

test('a crashed leader (no release) is replaced only once the lease has expired for the follower', async () => {
  const a = election.add('a', { releaseOnCancel: false });
  const b = election.add('b');
  a.elector.start();
  await election.clock.advanceAsync(0);
  b.elector.start();
  await election.clock.advanceAsync(7_000);
  expect(election.leaders()).toEqual(['a']);

  await a.elector.stop(); // a crash: renewals stop, the Lease still names a
  expect(election.holder()).toBe('a');
  const lastRenewal = election.store.writes.at(-1)!;
  await election.clock.until(() => b.elector.isLeader, 30_000, 100);

  const takeover = election.store.writes.at(-1)!;
  expect(takeover).toMatchObject({ by: 'b', holder: 'b', leaseTransitions: 1 });
  expect(takeover.at - lastRenewal.at).toBeGreaterThanOrEqual(15_000);
  expect(b.terms).toHaveLength(1);
});

test('successive crashes of three candidates: each takeover waits for expiry, one leader at a time', async () => {
  for (const id of ['a', 'b', 'c']) election.add(id, { releaseOnCancel: false }).elector.start();
  for (let crash = 1; crash <= 2; crash += 1) {
    await election.clock.until(() => election.leaders().length === 1, 30_000, 100);
    const [leader] = election.leaders();
    await election.get(leader!).elector.stop();
    await election.clock.until(() => election.leaders().length === 1, 30_000, 100);
    expect(election.leaders()[0]).not.toBe(leader);
  }
  expect(election.monitor.elected).toHaveLength(3);
  expect(new Set(election.monitor.elected).size).toBe(3);
  expect(election.store.writes.at(-1)?.leaseTransitions).toBe(2);
  // leaseHistoryViolations (afterEach) checks every takeover came a lease duration after the
  // previous holder's last write.
});

test('callbacks: started with a signal that aborts at the end of the term, stopped with the reason, new leaders', async () => {
  const calls: string[] = [];
  let signal: AbortSignal | undefined;
  const a = election.add('a', {
    onStartedLeading: (leadership) => {
      signal = leadership;
      calls.push('started');
    },
    onStoppedLeading: (loss) => calls.push(`stopped:${loss.reason}`),
    onNewLeader: (identity) => calls.push(`leader:${identity}`),
  });
  a.elector.start();
  await election.clock.advanceAsync(0);
  expect(signal?.aborted).toBe(false);
  await a.elector.stop();
  expect(signal?.aborted).toBe(true);
  expect(calls).toEqual(['leader:a', 'started', 'stopped:stopped']);
});

test('stop is idempotent, works before start, completes every Observable', async () => {
  const idle = election.add('idle');
  let completed = 0;
  const streams: Observable<unknown>[] = [
    idle.elector.leadership$,
    idle.elector.startedLeading$,
    idle.elector.stoppedLeading$,
    idle.elector.errors$,
    idle.elector.newLeader$,
  ];
  for (const stream of streams) {
    stream.subscribe({ complete: () => (completed += 1) });
  }
  const first = idle.elector.stop();
  expect(idle.elector.stop()).toBe(first);
  await first;
  expect(completed).toBe(5);
  expect(election.store.writes).toEqual([]);

  const a = election.add('a');
  expect(a.elector.start()).toBe(a.elector.start());
  await election.clock.advanceAsync(0);
  expect(a.client.requests).toBe(2);
});

test('a stopped elector starts again: a fresh candidacy with the same identity and new Observables', async () => {
  const onStartedLeading = jest.fn();
  // random() = 0: a follower retries exactly every retryPeriod (2 s).
  const a = election.add('a', { onStartedLeading, random: () => 0 });
  a.elector.start();
  await election.clock.advanceAsync(0);
  expect(a.elector.isLeader).toBe(true);
  await a.elector.stop();
  expect(election.holder()).toBe(''); // released
  expect(a.elector.isLeader).toBe(false);

  // Another candidate takes the released Lease while a is away.
  const b = election.add('b');
  b.elector.start();
  await election.clock.advanceAsync(0);
  expect(election.holder()).toBe('b');

  expect(a.elector.start()).toBe(a.elector);
  const states: unknown[] = [];
  let completed = false;
  a.elector.leadership$.subscribe({
    next: (state) => states.push(state),
    complete: () => (completed = true),
  });
  await election.clock.advanceAsync(0);
  expect(a.elector.isLeader).toBe(false);
  expect(a.elector.leader).toBe('b');

  await b.elector.stop();
  await election.clock.advanceAsync(2_000);
  expect(a.elector.isLeader).toBe(true);
  expect(election.holder()).toBe('a');
  expect(states).toEqual([
    { identity: 'a', isLeader: false, leader: undefined },
    { identity: 'a', isLeader: false, leader: 'b' },
    { identity: 'a', isLeader: true, leader: 'a' },
  ]);
  // The options' callbacks follow every candidacy.
  expect(onStartedLeading).toHaveBeenCalledTimes(2);
  expect(completed).toBe(false);
  await a.elector.stop();
  expect(completed).toBe(true);
});

test('start while a stop is still under way is refused, and works once it has finished', async () => {
  const a = election.add('a');
  a.elector.start();
  await election.clock.advanceAsync(0);
  const stopping = a.elector.stop();
  expect(() => a.elector.start()).toThrow('still stopping');
  await stopping;
  a.elector.start();
  await election.clock.advanceAsync(0);
  expect(a.elector.isLeader).toBe(true);
});

test.each([
  [0, [0, 2_000, 4_000, 6_000, 8_000, 10_000]],
  [0.5, [0, 3_200, 6_400, 9_600]],
])(
  'a follower waits retryPeriod × (1 + random() × 1.2) between attempts (random() = %p)',
  async (draw, attemptTimes) => {
    election.add('a').elector.start();
    await election.clock.advanceAsync(0);
    const b = election.add('b', { random: () => draw });
    const start = election.clock.now();
    const seen: number[] = [];
    const { requests } = b.client;
    b.elector.start();
    for (let t = 0; t <= 10_000; t += 100) {
      await election.clock.advanceAsync(t === 0 ? 0 : 100);
      if (b.client.requests > requests + seen.length) seen.push(election.clock.now() - start);
    }
    expect(seen).toEqual(attemptTimes);
    expect(b.elector.isLeader).toBe(false);
  },
);
