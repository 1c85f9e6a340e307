import { share } from 'rxjs';
import { LeaderElectionConfigError } from './errors.js';
import { Election, lock } from './election.testing.js';
import { leaderElection } from './leaderElection.js';
import type { LeadershipState } from './leadershipState.js';

test('subscribing stands as a candidate; unsubscribing releases the Lease', async () => {
  const election = new Election();
  const client = election.store.client('a');
  const states: LeadershipState[] = [];
  const subscription = leaderElection(client, {
    lock,
    identity: 'a',
    scheduler: election.clock,
  }).subscribe((state) => states.push(state));
  await election.clock.advanceAsync(0);
  expect(states.at(-1)).toEqual({ identity: 'a', isLeader: true, leader: 'a' });

  subscription.unsubscribe();
  await election.clock.advanceAsync(0);
  expect(election.holder()).toBe('');
  expect(election.clock.pending).toBe(0);
});

test('each subscription is a separate candidate; share() makes one', async () => {
  const election = new Election();
  const client = election.store.client('a');
  const leadership$ = leaderElection(client, { lock, identity: 'a', scheduler: election.clock });
  const shared$ = leadership$.pipe(share());
  const one = shared$.subscribe();
  const two = shared$.subscribe();
  await election.clock.advanceAsync(0);
  expect(client.requests).toBe(2); // one candidate: a read (404) and a create
  one.unsubscribe();
  two.unsubscribe();
  await election.clock.advanceAsync(0);
});

test('invalid options throw at once, before any subscription', () => {
  const client = new Election().store.client('a');
  expect(() => leaderElection(client, { lock, identity: 'a', renewDeadline: 20_000 })).toThrow(
    LeaderElectionConfigError,
  );
});
