import { TestScheduler } from 'rxjs/testing';
import type { LeadershipState } from './leadershipState.js';
import { whileLeader } from './whileLeader.js';

// Leadership marbles: `L` leading, `f` following (another holder), `n` following with no
// holder known. The work is a cold source, so its subscription lifetimes show each term.
const states: Record<'L' | 'l' | 'f' | 'n', LeadershipState> = {
  L: { identity: 'me', isLeader: true, leader: 'me' },
  // Leading still, with a renewed observation of the Lease (a new state object).
  l: { identity: 'me', isLeader: true, leader: 'me' },
  f: { identity: 'me', isLeader: false, leader: 'other' },
  n: { identity: 'me', isLeader: false, leader: undefined },
};

const scheduler = (): TestScheduler =>
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('whileLeader (marbles)', () => {
  it('subscribes to the work for each term, afresh, and unsubscribes it when the term ends', () => {
    scheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const leadership = hot('f-L----f--L---n-', states);
      const work = cold('-a-b-c-d-e-');
      expectObservable(work.pipe(whileLeader(leadership))).toBe('---a-b-----a-b-');
      expectSubscriptions(work.subscriptions).toBe(['--^----!--------', '----------^---!--']);
    });
  });

  it('keeps one subscription across states that do not change leadership', () => {
    scheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const leadership = hot('L-l-L-n-f-', states);
      const work = cold('-a-b-c-d-');
      expectObservable(work.pipe(whileLeader(leadership))).toBe('-a-b-c');
      expectSubscriptions(work.subscriptions).toBe('^-----!');
    });
  });

  it('accepts an elector through its leadership$', () => {
    scheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const elector = { leadership$: hot('n-L--f', states) };
      const work = cold('a-b-');
      expectObservable(work.pipe(whileLeader(elector))).toBe('--a-b');
      expectSubscriptions(work.subscriptions).toBe('--^--!');
    });
  });

  it('completes when the election ends (an elector reports the lost term first)', () => {
    scheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const leadership = hot('L--n|', states);
      const work = cold('-a-b-c-');
      expectObservable(work.pipe(whileLeader(leadership))).toBe('-a--|');
      expectSubscriptions(work.subscriptions).toBe('^--!');
    });
  });

  it('stops the work and completes when the leadership stream completes while leading', () => {
    // Completion means nothing more will be known about leadership: the work must not go on
    // unsupervised, as if this replica would lead forever.
    scheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const leadership = hot('L---|', states);
      const work = cold('-a-b-c-d-');
      expectObservable(work.pipe(whileLeader(leadership))).toBe('-a-b|');
      expectSubscriptions(work.subscriptions).toBe('^---!');
    });
  });

  it('does not complete when one term of the work completes', () => {
    scheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const leadership = hot('L--f-L--', states);
      const work = cold('-a|');
      expectObservable(work.pipe(whileLeader(leadership))).toBe('-a----a-');
      expectSubscriptions(work.subscriptions).toBe(['^-!', '-----^-!']);
    });
  });

  it('errors when the election fails, ending the running term', () => {
    scheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const failure = new Error('lease api down');
      const leadership = hot('L--#', states, failure);
      const work = cold('-a-b-');
      expectObservable(work.pipe(whileLeader(leadership))).toBe('-a-#', undefined, failure);
      expectSubscriptions(work.subscriptions).toBe('^--!');
    });
  });

  it('passes an error of the work on, and stops following the election', () => {
    scheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const failure = new Error('reconcile failed');
      const leadership = hot('L------', states);
      const work = cold('-a-#', undefined, failure);
      expectObservable(work.pipe(whileLeader(leadership))).toBe('-a-#', undefined, failure);
      expectSubscriptions(leadership.subscriptions).toBe('^--!');
    });
  });

  it('unsubscribes the work and the election with its subscriber', () => {
    scheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const leadership = hot('L------', states);
      const work = cold('-a-b-c-');
      expectObservable(work.pipe(whileLeader(leadership)), '^--!').toBe('-a-');
      expectSubscriptions(work.subscriptions).toBe('^--!');
      expectSubscriptions(leadership.subscriptions).toBe('^--!');
    });
  });
});
