import { LeaseApiError } from './errors.js';
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

/** a leads; b follows. */
async function leaderAndFollower() {
  const a = election.add('a');
  const b = election.add('b');
  a.elector.start();
  await election.clock.advanceAsync(0);
  b.elector.start();
  await election.clock.advanceAsync(3_000);
  expect(election.leaders()).toEqual(['a']);
  return { a, b };
}

test.each(['unreachable', 'hang'] as const)(
  'a leader whose renewals fail (%s) steps down at the renew deadline, before anyone can take over',
  async (fault) => {
    const { a, b } = await leaderAndFollower();
    const lastRenewal = election.store.writes.at(-1)!;
    const requestsBefore = a.client.requests;
    a.client.fault = fault;

    await election.clock.until(() => !a.elector.isLeader, 20_000, 100);
    expect(a.losses).toEqual([{ reason: 'renewDeadlineExceeded' }]);
    // Counted from when the last successful renewal was sent.
    expect(a.terms[0]?.end).toBe(lastRenewal.at + 10_000);
    expect(b.elector.isLeader).toBe(false);

    await election.clock.until(() => b.elector.isLeader, 30_000, 100);
    expect(election.store.writes.at(-1)).toMatchObject({ by: 'b', leaseTransitions: 1 });
    expect(b.terms[0]!.start).toBeGreaterThanOrEqual(lastRenewal.at + 15_000);

    // Retries are paced by the retry period, not a hot loop: at most two requests per attempt
    // (the holder's blind write, then a read).
    const elapsed = election.clock.now() - lastRenewal.at;
    expect(a.client.requests - requestsBefore).toBeLessThanOrEqual(2 * (elapsed / 2_000 + 1));
    if (fault === 'unreachable') {
      expect(a.errors.length).toBeGreaterThan(0);
      expect(a.errors.every((e) => e.transient && e.code === undefined)).toBe(true);
    }
  },
);

test('a deposed leader follows the new one when the network heals, and can lead again later', async () => {
  const { a, b } = await leaderAndFollower();
  a.client.fault = 'unreachable';
  await election.clock.until(() => b.elector.isLeader, 40_000, 100);
  a.client.fault = undefined;
  await election.clock.advanceAsync(10_000);
  expect(a.elector.isLeader).toBe(false);
  expect(a.elector.leader).toBe('b');

  await b.elector.stop();
  await election.clock.until(() => a.elector.isLeader, 10_000, 100);
  expect(a.terms).toHaveLength(2);
  expect(election.store.writes.at(-1)).toMatchObject({ holder: 'a', leaseTransitions: 2 });
});

test('a renewal that finds another holder steps down at once (leaseLost)', async () => {
  const { a } = await leaderAndFollower();
  const states: unknown[] = [];
  a.elector.leadership$.subscribe((state) => states.push(state));
  const time = election.clock.now();
  election.store.edit(lock.namespace, lock.name, {
    holderIdentity: 'intruder',
    leaseDurationSeconds: 15,
    leaseTransitions: 1,
  });
  await election.clock.until(() => !a.elector.isLeader, 2_000, 100);
  expect(a.losses).toEqual([{ reason: 'leaseLost' }]);
  expect(a.elector.leader).toBe('intruder');
  expect(states).toEqual([
    { identity: 'a', isLeader: true, leader: 'a' },
    { identity: 'a', isLeader: false, leader: 'intruder' },
  ]);
  expect(election.clock.now() - time).toBeLessThanOrEqual(2_000);
  // Nobody writes while the intruder's lease is fresh.
  await election.clock.advanceAsync(10_000);
  expect(election.store.writes.at(-1)?.by).toBe('editor');
  expect(election.leaders()).toEqual([]);
});

test('stop() called from onStoppedLeading (exit on loss, as client-go does) ends everything', async () => {
  const { a } = await leaderAndFollower();
  let completed = false;
  a.elector.stoppedLeading$.subscribe(() => void a.elector.stop());
  a.elector.leadership$.subscribe({ complete: () => (completed = true) });
  a.client.fault = 'unreachable';
  await election.clock.until(() => completed, 20_000, 100);
  expect(a.losses).toEqual([{ reason: 'renewDeadlineExceeded' }]);
  const requests = a.client.requests;
  await election.clock.advanceAsync(30_000);
  expect(a.client.requests).toBe(requests);
});

test('a Lease deleted under the leader is recreated by it; followers do not jump in', async () => {
  const { a, b } = await leaderAndFollower();
  election.store.delete(lock.namespace, lock.name);
  await election.clock.advanceAsync(4_000);
  expect(election.leaders()).toEqual(['a']);
  expect(election.holder()).toBe('a');
  expect(a.losses).toEqual([]);
  expect(b.elector.leader).toBe('a');
});

test('a follower that saw a live holder waits for its expiry even when the Lease disappears', async () => {
  const { a, b } = await leaderAndFollower();
  a.client.fault = 'hang'; // a can no longer write, so it cannot recreate the Lease
  election.store.delete(lock.namespace, lock.name);
  const deletedAt = election.clock.now();
  const lastRenewal = election.store.writes.at(-1)!;
  await election.clock.until(() => b.elector.isLeader, 30_000, 100);
  expect(election.clock.now() - deletedAt).toBeGreaterThan(10_000);
  expect(b.terms[0]!.start - lastRenewal.at).toBeGreaterThanOrEqual(15_000);
  expect(a.losses).toEqual([{ reason: 'renewDeadlineExceeded' }]);
});

test('transient errors while acquiring are reported and retried with jittered pauses, never in a hot loop', async () => {
  const a = election.add('a');
  a.client.fault = { code: 500, reason: 'InternalError' };
  a.elector.start();
  await election.clock.advanceAsync(60_000);
  // One request per attempt; pauses are between 2 s and 2 × (1 + 1.2) = 4.4 s.
  expect(a.client.requests).toBeGreaterThanOrEqual(Math.floor(60_000 / 4_400));
  expect(a.client.requests).toBeLessThanOrEqual(60_000 / 2_000 + 1);
  expect(a.errors).toHaveLength(a.client.requests);
  expect(a.errors[0]).toMatchObject({ code: 500, reason: 'InternalError', transient: true });

  a.client.fault = undefined;
  await election.clock.until(() => a.elector.isLeader, 5_000, 100);
});

test('an attempt that never gets an answer is abandoned after the renew deadline and retried', async () => {
  const a = election.add('a');
  a.client.fault = 'hang';
  a.elector.start();
  await election.clock.advanceAsync(60_000);
  // Each attempt waits 10 s for its answer, then 2 to 4.4 s before the next.
  expect(a.client.requests).toBeGreaterThanOrEqual(Math.floor(60_000 / 14_400));
  expect(a.client.requests).toBeLessThanOrEqual(Math.ceil(60_000 / 12_000));
  expect(a.errors.length).toBeGreaterThanOrEqual(a.client.requests - 1);
  expect(a.errors[0]).toMatchObject({ verb: 'acquireOrRenew', code: undefined, transient: true });
  a.client.fault = undefined;
  await election.clock.until(() => a.elector.isLeader, 15_000, 100);
});

test('a permanent error while following ends the election with a typed error', async () => {
  const a = election.add('a');
  a.client.fault = { code: 403, reason: 'Forbidden' };
  let failure: unknown;
  a.elector.leadership$.subscribe({ error: (error: unknown) => (failure = error) });
  a.elector.start();
  await election.clock.advanceAsync(0);
  expect(failure).toBeInstanceOf(LeaseApiError);
  expect(failure).toMatchObject({ code: 403, reason: 'Forbidden', transient: false });
  expect(a.errors).toEqual([failure]);
  await election.clock.advanceAsync(60_000);
  expect(a.client.requests).toBe(1);
  await a.elector.stop(); // still harmless
});

test('a permanent error while leading ends the term (failed) and the election', async () => {
  const { a } = await leaderAndFollower();
  let failure: unknown;
  a.elector.leadership$.subscribe({ error: (error: unknown) => (failure = error) });
  a.client.fault = { code: 403, reason: 'Forbidden' };
  await election.clock.advanceAsync(2_000);
  expect(a.elector.isLeader).toBe(false);
  expect(a.losses).toEqual([{ reason: 'failed', error: failure }]);
  expect(failure).toMatchObject({ code: 403, verb: 'update' });
});

test('stop during a hung request waits at most the renew deadline, then gives up', async () => {
  const { a } = await leaderAndFollower();
  a.client.fault = 'hang';
  await election.clock.advanceAsync(2_000); // the renewal now hangs
  let done = false;
  void a.elector.stop().then(() => (done = true));
  await election.clock.advanceAsync(9_999);
  expect(done).toBe(false);
  await election.clock.advanceAsync(1);
  expect(done).toBe(true);
  expect(a.losses).toEqual([{ reason: 'stopped' }]);
  expect(election.holder()).toBe('a'); // not released: the others wait for expiry
});
