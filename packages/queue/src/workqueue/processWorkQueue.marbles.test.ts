import { TestScheduler, type RunHelpers } from 'rxjs/testing';
import { ItemNotProcessingError } from '../errors.js';
import { processWorkQueue } from './processWorkQueue.js';
import { WorkQueue } from './workQueue.js';

/** A cold Observable of the marbles, which records its subscriptions. */
type Cold = ReturnType<RunHelpers['cold']>;

const scheduler = (): TestScheduler =>
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

/** Marks `item` done, or tells that it was not being processed (already marked done). */
const wasDone = (queue: WorkQueue<string>, item: string): boolean => {
  try {
    queue.done(item);
    return false;
  } catch (err) {
    if (err instanceof ItemNotProcessingError) return true;
    throw err;
  }
};

// Each item's work is a cold Observable of its own, so its subscriptions show when a worker
// ran it; the queue's default scheduler (asap) runs in virtual time inside `run`.
describe('processWorkQueue (marbles)', () => {
  it('runs at most `concurrency` items at once, taking the next when one finishes', () => {
    scheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const queue = new WorkQueue<string>();
      for (const item of ['a', 'b', 'c', 'd', 'e']) queue.add(item);
      const works: Record<string, Cold> = {
        a: cold('--a|'),
        b: cold('----b|'),
        c: cold('--c|'),
        d: cold('--d|'),
        e: cold('-e|'),
      };
      expectObservable(processWorkQueue(queue, (item) => works[item]!, { concurrency: 2 })).toBe(
        '--a-bc-(de)',
      );
      expectSubscriptions(works.a!.subscriptions).toBe('^--!');
      expectSubscriptions(works.b!.subscriptions).toBe('^----!');
      expectSubscriptions(works.c!.subscriptions).toBe('---^--!');
      expectSubscriptions(works.d!.subscriptions).toBe('-----^--!');
      expectSubscriptions(works.e!.subscriptions).toBe('------^-!');
    });
  });

  it('works on an item re-added while it is being worked on again afterwards, never twice at once', () => {
    scheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const queue = new WorkQueue<string>();
      queue.add('a');
      const work = cold('---x|');
      cold('-a').subscribe((item) => queue.add(item)); // while a is worked on
      expectObservable(processWorkQueue(queue, () => work, { concurrency: 2 })).toBe('---x---x');
      expectSubscriptions(work.subscriptions).toBe(['^---!', '----^---!']);
    });
  });

  it('completes once shut down, only after the running work has finished', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const queue = new WorkQueue<string>();
      queue.add('a');
      cold('-s').subscribe(() => queue.shutDown());
      expectObservable(processWorkQueue(queue, () => cold('---x|'), { concurrency: 3 })).toBe(
        '---x|',
      );
    });
  });

  it('errors when work fails, stopping every worker and marking their items done', () => {
    const failure = new Error('reconcile failed');
    const queue = new WorkQueue<string>();
    for (const item of ['a', 'b', 'c']) queue.add(item);
    scheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const works: Record<string, Cold> = {
        a: cold('--#', undefined, failure),
        b: cold('-b---|'),
        c: cold('-c|'),
      };
      expectObservable(processWorkQueue(queue, (item) => works[item]!, { concurrency: 2 })).toBe(
        '-b#',
        undefined,
        failure,
      );
      expectSubscriptions(works.b!.subscriptions).toBe('^-!');
      expectSubscriptions(works.c!.subscriptions).toBe([]);
    });
    expect(wasDone(queue, 'a')).toBe(true);
    expect(wasDone(queue, 'b')).toBe(true);
    expect(queue.len()).toBe(1); // c was never taken
  });

  it('on unsubscribe, stops the running work and marks its items done', () => {
    const queue = new WorkQueue<string>();
    for (const item of ['a', 'b', 'c']) queue.add(item);
    scheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const work = cold('-x-x-x-');
      expectObservable(
        processWorkQueue(queue, () => work, { concurrency: 2 }),
        '^--!',
      ).toBe('-(xx)');
      expectSubscriptions(work.subscriptions).toBe(['^--!', '^--!']);
    });
    expect(wasDone(queue, 'a')).toBe(true);
    expect(wasDone(queue, 'b')).toBe(true);
    expect(queue.len()).toBe(1); // c is still queued
  });

  it('on unsubscribe before the work of a handed-out item started, gives the item back', () => {
    const queue = new WorkQueue<string>();
    queue.add('a');
    let worked = 0;
    scheduler().run(({ expectObservable }) => {
      // The queue hands `a` out at subscription; the unsubscription, scheduled first at the
      // same frame, comes before the worker starts the work.
      expectObservable(
        processWorkQueue(queue, () => void (worked += 1)),
        '(^!)',
      ).toBe('');
    });
    expect(worked).toBe(0);
    expect(wasDone(queue, 'a')).toBe(true); // not being processed any more…
    expect(queue.len()).toBe(1); // …and queued again
  });
});
