import { seededRandom } from '@rxkube/testing';
import type { Candidate } from './election.testing.js';
import { Election, lock } from './election.testing.js';
import { leaseHistoryViolations } from './leaseHistory.testing.js';

// A conflict storm in virtual time: many candidates with uneven latencies race for the Lease
// while leaders crash, stop, lose the network, and a third party keeps rewriting the Lease.
// After every step: never two leaders; at the end, the Lease's history obeys the rules. The
// seed fixes the chaos and the candidates' jitter, so a failing seed replays.
test.each([1, 2, 3])('conflict storm (seed %d): never two leaders', async (seed) => {
  const random = seededRandom(seed);
  // One jitter sequence shared by every candidate, so the storm replays exactly per seed.
  const jitter = seededRandom(seed + 1_000);
  const election = new Election();
  const timing = { leaseDuration: 3_000, renewDeadline: 2_000, retryPeriod: 500 };
  const alive: Candidate[] = [];
  const everyone: Candidate[] = [];
  let next = 0;
  const spawn = (): void => {
    const candidate = election.add(
      `c${next++}`,
      { ...timing, releaseOnCancel: random() < 0.5, random: jitter },
      Math.floor(random() * 300),
    );
    candidate.elector.start();
    alive.push(candidate);
    everyone.push(candidate);
  };
  for (let i = 0; i < 12; i += 1) spawn();

  for (let step = 0; step < 2_400; step += 1) {
    await election.clock.advanceAsync(50);
    expect(election.leaders().length).toBeLessThanOrEqual(1);

    const roll = random();
    if (roll < 0.2) {
      election.store.touch(lock.namespace, lock.name);
    } else if (roll < 0.215) {
      // The leader dies (releasing or not, as configured) and a newcomer replaces it.
      const victim = alive.find((c) => c.elector.isLeader) ?? alive[0];
      if (victim !== undefined) {
        alive.splice(alive.indexOf(victim), 1);
        void victim.elector.stop();
        spawn();
      }
    } else if (roll < 0.23) {
      const target = alive[Math.floor(random() * alive.length)];
      if (target !== undefined) target.client.fault = random() < 0.5 ? 'unreachable' : 'hang';
    } else if (roll < 0.26) {
      for (const candidate of alive) candidate.client.fault = undefined;
    } else if (roll < 0.28) {
      const target = alive[Math.floor(random() * alive.length)];
      if (target !== undefined) target.client.latency = Math.floor(random() * 600);
    }
  }
  for (const candidate of alive) candidate.client.fault = undefined;
  await election.clock.until(() => election.leaders().length === 1, 30_000, 100);
  await election.stopAll();

  expect(election.monitor.violations).toEqual([]);
  const candidateWrites = election.store.writes.filter((w) => w.by !== 'toucher');
  expect(leaseHistoryViolations(election.store.writes)).toEqual([]);
  // It was a storm: many lost races, several handovers.
  const conflicts = everyone.flatMap((c) => c.errors).filter((e) => e.conflict).length;
  expect(conflicts).toBeGreaterThan(50);
  expect(election.monitor.elected.length).toBeGreaterThan(10);
  expect(candidateWrites.at(-1)?.leaseTransitions).toBeGreaterThan(10);
  expect(election.clock.pending).toBe(0);
});
