import { ItemNotProcessingError } from '../errors.js';
import { VirtualClock, drain, track } from '@rxkube/devkit';
import { WorkQueue, type WorkQueueGetResult } from './workQueue.js';
import type { WorkQueueMetricsProvider } from './workQueueMetrics.js';

async function take<T>(queue: WorkQueue<T>): Promise<T> {
  const result = await queue.get();
  if (result.shutdown) throw new Error('unexpected shutdown');
  return result.item;
}

describe('WorkQueue', () => {
  it('hands items out in FIFO order', async () => {
    const queue = new WorkQueue<string>();
    for (const item of ['a', 'b', 'c']) queue.add(item);
    expect(queue.len()).toBe(3);
    expect(await take(queue)).toBe('a');
    expect(await take(queue)).toBe('b');
    expect(await take(queue)).toBe('c');
    expect(queue.len()).toBe(0);
  });

  it('de-duplicates an item while it is queued, keeping its place', async () => {
    const queue = new WorkQueue<string>();
    queue.add('a');
    queue.add('b');
    queue.add('a');
    queue.add('a');
    expect(queue.len()).toBe(2);
    expect(await take(queue)).toBe('a');
    expect(await take(queue)).toBe('b');
    expect(queue.len()).toBe(0);
  });

  it('queues an item re-added during processing again after done, at the back', async () => {
    const queue = new WorkQueue<string>();
    queue.add('a');
    expect(await take(queue)).toBe('a');
    queue.add('a');
    queue.add('a'); // still one pending re-add
    queue.add('b');
    expect(queue.len()).toBe(1); // only b: a waits for done
    expect(await take(queue)).toBe('b');
    queue.done('b');
    const next = track(queue.get());
    await drain();
    expect(next.settled).toBe(false); // a is still being processed
    queue.done('a');
    await drain();
    expect(next.value).toEqual({ item: 'a', shutdown: false });
    queue.done('a');
    expect(queue.len()).toBe(0);
  });

  it('does not requeue an item that was not re-added', async () => {
    const queue = new WorkQueue<string>();
    queue.add('a');
    await take(queue);
    queue.done('a');
    expect(queue.len()).toBe(0);
  });

  it('lets get wait for an add', async () => {
    const queue = new WorkQueue<string>();
    const pending = track(queue.get());
    await drain();
    expect(pending.settled).toBe(false);
    queue.add('a');
    await drain();
    expect(pending.value).toEqual({ item: 'a', shutdown: false });
    expect(queue.len()).toBe(0);
  });

  it('serves waiting consumers in the order they started waiting', async () => {
    const queue = new WorkQueue<string>();
    const first = track(queue.get());
    const second = track(queue.get());
    queue.add('a');
    await drain();
    expect(first.value).toEqual({ item: 'a', shutdown: false });
    expect(second.settled).toBe(false);
    queue.add('b');
    await drain();
    expect(second.value).toEqual({ item: 'b', shutdown: false });
  });

  it('never hands the same item to two consumers at once', async () => {
    const queue = new WorkQueue<string>();
    const inProgress = new Set<string>();
    const processed: string[] = [];
    let violations = 0;
    const worker = async (): Promise<void> => {
      for (;;) {
        const { item, shutdown } = await queue.get();
        if (shutdown) return;
        if (inProgress.has(item)) violations += 1;
        inProgress.add(item);
        await drain();
        processed.push(item);
        inProgress.delete(item);
        queue.done(item);
      }
    };
    const workers = Promise.all([worker(), worker(), worker(), worker()]);
    for (let round = 0; round < 20; round += 1) {
      for (const item of ['a', 'b', 'c']) queue.add(item);
      await Promise.resolve();
    }
    await drain();
    await drain();
    await queue.shutDownWithDrain();
    queue.shutDown();
    await workers;
    expect(violations).toBe(0);
    expect(new Set(processed)).toEqual(new Set(['a', 'b', 'c']));
  });

  it('compares items as Map keys: strings by value, objects by identity', async () => {
    const queue = new WorkQueue<object | string>();
    const obj = { name: 'a' };
    queue.add(obj);
    queue.add({ name: 'a' });
    queue.add(obj);
    queue.add('k');
    queue.add('k');
    expect(queue.len()).toBe(3);
    expect(await take(queue)).toBe(obj);
  });

  describe('done', () => {
    it('throws ItemNotProcessingError for an item never handed out', () => {
      const queue = new WorkQueue<string>();
      queue.add('a');
      expect(() => queue.done('a')).toThrow(ItemNotProcessingError);
      expect(queue.len()).toBe(1); // nothing changed
    });

    it('throws ItemNotProcessingError the second time', async () => {
      const queue = new WorkQueue<string>();
      queue.add('a');
      await take(queue);
      queue.done('a');
      const error = (() => {
        try {
          queue.done('a');
        } catch (err) {
          return err;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(ItemNotProcessingError);
      expect((error as ItemNotProcessingError).item).toBe('a');
      expect((error as Error).message).toContain('"a"');
    });
  });

  describe('shutdown', () => {
    it('releases waiting gets with the shutdown signal', async () => {
      const queue = new WorkQueue<string>();
      const first = track(queue.get());
      const second = track(queue.get());
      queue.shutDown();
      await drain();
      expect(first.value).toEqual({ item: undefined, shutdown: true });
      expect(second.value).toEqual({ item: undefined, shutdown: true });
      expect(await queue.get()).toEqual({ item: undefined, shutdown: true });
      expect(queue.shuttingDown()).toBe(true);
    });

    it('ignores adds, and still hands out what was queued before reporting shutdown', async () => {
      const queue = new WorkQueue<string>();
      queue.add('a');
      queue.add('b');
      queue.shutDown();
      queue.add('c');
      expect(queue.len()).toBe(2);
      expect(await take(queue)).toBe('a');
      expect(await take(queue)).toBe('b');
      expect((await queue.get()).shutdown).toBe(true);
    });

    it('reports shutdown once the queue is empty, even if an item in flight was re-added', async () => {
      // As in client-go: `get` looks at the queue only. The re-added item joins the queue when
      // it is done, and a later `get` still hands it out.
      const queue = new WorkQueue<string>();
      queue.add('a');
      await take(queue);
      queue.add('a');
      queue.shutDown();
      expect(await queue.get()).toEqual({ item: undefined, shutdown: true });
      queue.done('a');
      expect(queue.len()).toBe(1);
      expect(await queue.get()).toEqual({ item: 'a', shutdown: false });
      queue.done('a');
      expect((await queue.get()).shutdown).toBe(true);
    });

    it('is idempotent', () => {
      const queue = new WorkQueue<string>();
      queue.shutDown();
      queue.shutDown();
      expect(queue.shuttingDown()).toBe(true);
    });

    it('shutDownWithDrain resolves at once when nothing is being processed', async () => {
      const queue = new WorkQueue<string>();
      queue.add('a'); // queued but not handed out: not waited for
      await queue.shutDownWithDrain();
      expect(queue.shuttingDown()).toBe(true);
    });

    it('shutDownWithDrain waits for every in-flight item to be done', async () => {
      const queue = new WorkQueue<string>();
      queue.add('a');
      queue.add('b');
      await take(queue);
      await take(queue);
      const drained = track(queue.shutDownWithDrain());
      const waiting = track(queue.get());
      await drain();
      expect(drained.settled).toBe(false);
      expect(waiting.value).toEqual({ item: undefined, shutdown: true });
      queue.done('a');
      await drain();
      expect(drained.settled).toBe(false);
      queue.done('b');
      await drain();
      expect(drained.settled).toBe(true);
    });

    it('shutDownWithDrain also waits for a re-added item handed out before processing ended', async () => {
      const queue = new WorkQueue<string>();
      queue.add('a');
      queue.add('b');
      await take(queue);
      queue.add('a');
      await take(queue); // b
      const drained = track(queue.shutDownWithDrain());
      queue.done('a'); // a joins the queue; b is still in flight
      expect(await take(queue)).toBe('a');
      queue.done('b');
      await drain();
      expect(drained.settled).toBe(false);
      queue.done('a');
      await drain();
      expect(drained.settled).toBe(true);
    });

    it('shutDown ends a pending shutDownWithDrain', async () => {
      const queue = new WorkQueue<string>();
      queue.add('a');
      await take(queue);
      const drained = track(queue.shutDownWithDrain());
      await drain();
      expect(drained.settled).toBe(false);
      queue.shutDown();
      await drain();
      expect(drained.settled).toBe(true);
      queue.done('a'); // still allowed
    });
  });

  describe('get with an abort signal', () => {
    it('rejects with the reason when aborted while waiting, and loses nothing', async () => {
      const queue = new WorkQueue<string>();
      const controller = new AbortController();
      const aborted = track(queue.get({ signal: controller.signal }));
      const other = track(queue.get());
      controller.abort(new Error('stop'));
      await drain();
      expect((aborted.error as Error).message).toBe('stop');
      queue.add('a');
      await drain();
      expect(other.value).toEqual({ item: 'a', shutdown: false });
    });

    it('rejects at once if already aborted', async () => {
      const queue = new WorkQueue<string>();
      queue.add('a');
      await expect(queue.get({ signal: AbortSignal.abort('gone') })).rejects.toBe('gone');
      expect(queue.len()).toBe(1);
    });

    it('has no effect once the item is handed out', async () => {
      const queue = new WorkQueue<string>();
      const controller = new AbortController();
      const pending = queue.get({ signal: controller.signal });
      queue.add('a');
      controller.abort();
      expect(await pending).toEqual({ item: 'a', shutdown: false });
    });
  });

  describe('get$', () => {
    it('hands out a ready item synchronously, then completes', () => {
      const queue = new WorkQueue<string>();
      queue.add('a');
      const seen: (WorkQueueGetResult<string> | 'complete')[] = [];
      queue.get$().subscribe({ next: (r) => seen.push(r), complete: () => seen.push('complete') });
      expect(seen).toEqual([{ item: 'a', shutdown: false }, 'complete']);
      expect(queue.len()).toBe(0);
      expect(() => queue.done('a')).not.toThrow(); // it was being processed
    });

    it('waits in line with pending gets, and unsubscribing abandons the wait without an item', async () => {
      const queue = new WorkQueue<string>();
      const first = track(queue.get());
      const seen: WorkQueueGetResult<string>[] = [];
      const abandoned = queue.get$().subscribe(() => seen.push({ item: 'never', shutdown: false }));
      queue.get$().subscribe((r) => seen.push(r));
      abandoned.unsubscribe();
      queue.add('a');
      queue.add('b');
      queue.add('c');
      await drain();
      expect(first.value).toEqual({ item: 'a', shutdown: false });
      expect(seen).toEqual([{ item: 'b', shutdown: false }]);
      expect(queue.len()).toBe(1); // c
    });

    it('emits the shutdown once the queue is shut down and empty', () => {
      const queue = new WorkQueue<string>();
      const seen: WorkQueueGetResult<string>[] = [];
      queue.get$().subscribe((r) => seen.push(r));
      queue.shutDown();
      queue.get$().subscribe((r) => seen.push(r));
      expect(seen).toEqual([
        { item: undefined, shutdown: true },
        { item: undefined, shutdown: true },
      ]);
    });
  });

  describe('metrics', () => {
    it('are all zero at first', () => {
      const queue = new WorkQueue<string>({ scheduler: new VirtualClock() });
      expect(queue.metrics()).toEqual({
        depth: 0,
        adds: 0,
        queueLatency: { count: 0, sum: 0 },
        workDuration: { count: 0, sum: 0 },
        unfinishedWorkSeconds: 0,
        longestRunningProcessorSeconds: 0,
        retries: 0,
      });
    });

    it('follow client-go after a known sequence, in virtual time', async () => {
      const clock = new VirtualClock();
      const queue = new WorkQueue<string>({ scheduler: clock });
      queue.add('a'); // t=0
      queue.add('a'); // duplicate: not counted
      clock.advance(1000);
      queue.add('b'); // t=1000
      clock.advance(1000);
      expect(await take(queue)).toBe('a'); // t=2000: waited 2 s
      queue.add('a'); // re-added while processing: counted in depth, not in len
      expect(queue.metrics()).toMatchObject({ depth: 2, adds: 3 });
      expect(queue.len()).toBe(1);
      clock.advance(500);
      expect(await take(queue)).toBe('b'); // t=2500: waited 1.5 s
      clock.advance(1500); // t=4000: a running 2 s, b 1.5 s
      expect(queue.metrics()).toEqual({
        depth: 1,
        adds: 3,
        queueLatency: { count: 2, sum: 3.5 },
        workDuration: { count: 0, sum: 0 },
        unfinishedWorkSeconds: 3.5,
        longestRunningProcessorSeconds: 2,
        retries: 0,
      });
      queue.done('a'); // worked 2 s; a is queued again (added at t=2000)
      clock.advance(1000);
      queue.done('b'); // worked 2.5 s
      expect(await take(queue)).toBe('a'); // t=5000: second run waited 3 s
      expect(queue.metrics()).toEqual({
        depth: 0,
        adds: 3,
        queueLatency: { count: 3, sum: 6.5 },
        workDuration: { count: 2, sum: 4.5 },
        unfinishedWorkSeconds: 0,
        longestRunningProcessorSeconds: 0,
        retries: 0,
      });
    });

    it('are reported to a provider, named, with the unfinished work pushed periodically', async () => {
      const clock = new VirtualClock();
      const log: string[] = [];
      const names = new Set<string>();
      const provider: WorkQueueMetricsProvider = {
        newDepthMetric: (name) => (
          names.add(name),
          { inc: () => log.push('depth+'), dec: () => log.push('depth-') }
        ),
        newAddsMetric: () => ({ inc: () => log.push('adds+') }),
        newLatencyMetric: () => ({ observe: (v) => log.push(`latency ${v}`) }),
        newWorkDurationMetric: () => ({ observe: (v) => log.push(`work ${v}`) }),
        newUnfinishedWorkSecondsMetric: () => ({ set: (v) => log.push(`unfinished ${v}`) }),
        newLongestRunningProcessorSecondsMetric: () => ({ set: (v) => log.push(`longest ${v}`) }),
        newRetriesMetric: () => ({ inc: () => log.push('retries+') }),
      };
      const queue = new WorkQueue<string>({
        scheduler: clock,
        name: 'pods',
        metricsProvider: provider,
        unfinishedWorkUpdatePeriodMs: 1000,
      });
      expect(names).toEqual(new Set(['pods']));
      queue.add('a');
      clock.advance(250);
      await take(queue);
      clock.advance(1000); // the update at t=1000 sees a running for 0.75 s
      queue.done('a');
      expect(log).toEqual([
        'adds+',
        'depth+',
        'depth-',
        'latency 0.25',
        'unfinished 0.75',
        'longest 0.75',
        'work 1',
      ]);
      log.length = 0;
      clock.advance(1000);
      expect(log).toEqual(['unfinished 0', 'longest 0']);
      expect(clock.pending).toBe(1);
      queue.shutDown();
      expect(clock.pending).toBe(0); // the update timer is cancelled
    });

    it('schedule no timer without a provider', () => {
      const clock = new VirtualClock();
      new WorkQueue<string>({ scheduler: clock });
      expect(clock.pending).toBe(0);
    });

    it('reject a non-positive update period', () => {
      expect(
        () =>
          new WorkQueue<string>({
            metricsProvider: {} as WorkQueueMetricsProvider,
            unfinishedWorkUpdatePeriodMs: 0,
          }),
      ).toThrow(RangeError);
    });
  });

  it('narrows the get result by destructuring', async () => {
    const queue = new WorkQueue<number>();
    queue.add(1);
    const result: WorkQueueGetResult<number> = await queue.get();
    const { item, shutdown } = result;
    if (shutdown) throw new Error('unexpected');
    const n: number = item; // compiles only if narrowed
    expect(n).toBe(1);
  });
});
