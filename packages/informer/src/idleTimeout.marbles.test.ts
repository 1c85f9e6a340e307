import { TestScheduler } from 'rxjs/testing';
import { idleTimeout } from './idleTimeout.js';

// In `run` mode a frame is one virtual millisecond, and the TestScheduler is the operator's
// clock and timer.

class Quiet extends Error {}

describe('idleTimeout (marbles)', () => {
  let scheduler: TestScheduler;
  beforeEach(() => {
    scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
  });

  it('errors once the source has been quiet for idleMs since its last value', () => {
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-a---b-------c-');
      expectObservable(source.pipe(idleTimeout(5, scheduler, () => new Quiet()))).toBe(
        '-a---b----#',
        undefined,
        new Quiet(),
      );
      expectSubscriptions(source.subscriptions).toBe('^---------!');
    });
  });

  it('errors idleMs after subscription when the source says nothing', () => {
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('---------');
      expectObservable(source.pipe(idleTimeout(5, scheduler, () => new Quiet()))).toBe(
        '-----#',
        undefined,
        new Quiet(),
      );
      expectSubscriptions(source.subscriptions).toBe('^----!');
    });
  });

  it('lets values through as long as each comes less than idleMs after the previous one', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const source = cold('a 3ms b 3ms c 3ms d|');
      expectObservable(source.pipe(idleTimeout(5, scheduler, () => new Quiet()))).toBe(
        'a 3ms b 3ms c 3ms d|',
      );
    });
  });

  it('completes and errors with the source, leaving no timer behind', () => {
    scheduler.run(({ cold, expectObservable }) => {
      expectObservable(cold('-a|').pipe(idleTimeout(5, scheduler, () => new Quiet()))).toBe('-a|');
      const failure = new Error('stream broke');
      expectObservable(
        cold('-a#', undefined, failure).pipe(idleTimeout(5, scheduler, () => new Quiet())),
      ).toBe('-a#', undefined, failure);
    });
    expect(scheduler.actions).toHaveLength(0);
  });

  it('unsubscribes the source and cancels its timer with its subscriber', () => {
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-a------');
      expectObservable(source.pipe(idleTimeout(5, scheduler, () => new Quiet())), '^--!').toBe(
        '-a-',
      );
      expectSubscriptions(source.subscriptions).toBe('^--!');
    });
    expect(scheduler.actions).toHaveLength(0);
  });
});
