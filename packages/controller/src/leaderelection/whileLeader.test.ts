import { BehaviorSubject, Observable, Subject } from 'rxjs';
import { Election } from './election.testing.js';
import type { LeadershipState } from './leadershipState.js';
import { whileLeader } from './whileLeader.js';

/** A cold source that records its subscriptions and lets the test push values. */
function probe() {
  const log: string[] = [];
  const values = new Subject<number>();
  const source = new Observable<number>((subscriber) => {
    log.push('subscribe');
    const subscription = values.subscribe(subscriber);
    return () => {
      log.push('unsubscribe');
      subscription.unsubscribe();
    };
  });
  return { log, values, source };
}

const state = (isLeader: boolean): LeadershipState => ({
  identity: 'a',
  isLeader,
  leader: isLeader ? 'a' : 'b',
});

test('subscribes to the source only while leading, afresh for each term', () => {
  const leadership = new BehaviorSubject(state(false));
  const { log, values, source } = probe();
  const seen: number[] = [];
  let completed = false;
  source.pipe(whileLeader(leadership)).subscribe({
    next: (v) => seen.push(v),
    complete: () => (completed = true),
  });
  values.next(1);
  expect(log).toEqual([]);

  leadership.next(state(true));
  leadership.next({ ...state(true), leader: 'a' }); // no change of leadership: no resubscription
  values.next(2);
  leadership.next(state(false));
  values.next(3);
  leadership.next(state(true));
  values.next(4);
  expect(log).toEqual(['subscribe', 'unsubscribe', 'subscribe']);
  expect(seen).toEqual([2, 4]);

  leadership.next(state(false));
  leadership.complete();
  expect(log).toEqual(['subscribe', 'unsubscribe', 'subscribe', 'unsubscribe']);
  expect(completed).toBe(true);
});

test('errors when the election fails', () => {
  const leadership = new Subject<LeadershipState>();
  let failure: unknown;
  probe()
    .source.pipe(whileLeader(leadership))
    .subscribe({ error: (error: unknown) => (failure = error) });
  leadership.error(new Error('forbidden'));
  expect(failure).toEqual(new Error('forbidden'));
});

test('gates work on a real elector: torn down before the loss is reported, and on stop', async () => {
  const election = new Election();
  const a = election.add('a');
  const b = election.add('b');
  const work = { a: probe(), b: probe() };
  const order: string[] = [];
  work.a.source.pipe(whileLeader(a.elector)).subscribe();
  work.b.source.pipe(whileLeader(b.elector)).subscribe();
  a.elector.stoppedLeading$.subscribe(() => order.push(`stoppedLeading:${work.a.log.at(-1)}`));

  a.elector.start();
  await election.clock.advanceAsync(0);
  b.elector.start();
  await election.clock.advanceAsync(5_000);
  expect(work.a.log).toEqual(['subscribe']);
  expect(work.b.log).toEqual([]);

  a.client.fault = 'unreachable';
  await election.clock.until(() => b.elector.isLeader, 30_000, 100);
  expect(work.a.log).toEqual(['subscribe', 'unsubscribe']);
  expect(order).toEqual(['stoppedLeading:unsubscribe']);
  expect(work.b.log).toEqual(['subscribe']);

  await election.stopAll();
  expect(work.b.log).toEqual(['subscribe', 'unsubscribe']);
  expect(election.monitor.violations).toEqual([]);
});
