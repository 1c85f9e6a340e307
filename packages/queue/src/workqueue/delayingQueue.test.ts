import { queueScheduler } from 'rxjs';
import { DelayingQueue } from './delayingQueue.js';
import { VirtualClock, drain, track } from '@rxkube/devkit';

function drainNow<T>(queue: DelayingQueue<T>): Promise<T[]> {
  const out: Promise<T>[] = [];
  for (let n = queue.len(); n > 0; n -= 1)
    out.push(
      queue.get().then((result) => {
        if (result.shutdown) throw new Error('unexpected shutdown');
        queue.done(result.item);
        return result.item;
      }),
    );
  return Promise.all(out);
}

describe('DelayingQueue', () => {
  it('adds an item once its delay has passed, not before', () => {
    const clock = new VirtualClock();
    const queue = new DelayingQueue<string>({ scheduler: clock });
    queue.addAfter('a', 50);
    expect(queue.len()).toBe(0);
    clock.advance(49);
    expect(queue.len()).toBe(0);
    clock.advance(1);
    expect(queue.len()).toBe(1);
  });

  it('adds at once for a zero or negative delay', () => {
    const clock = new VirtualClock();
    const queue = new DelayingQueue<string>({ scheduler: clock });
    queue.addAfter('a', 0);
    queue.addAfter('b', -5);
    expect(queue.len()).toBe(2);
    expect(clock.pending).toBe(0);
  });

  it('releases items in order of ready time, ties in order of arrival', async () => {
    const clock = new VirtualClock();
    const queue = new DelayingQueue<string>({ scheduler: clock });
    queue.addAfter('c', 30);
    queue.addAfter('a', 10);
    queue.addAfter('b', 20);
    queue.addAfter('d', 20);
    queue.addAfter('e', 20);
    clock.advance(100); // everything at once: order must still follow ready times
    expect(await drainNow(queue)).toEqual(['a', 'b', 'd', 'e', 'c']);
  });

  it('releases each item at its own time', async () => {
    const clock = new VirtualClock();
    const queue = new DelayingQueue<string>({ scheduler: clock });
    queue.addAfter('late', 1000);
    queue.addAfter('early', 100);
    clock.advance(100);
    expect(await drainNow(queue)).toEqual(['early']);
    clock.advance(899);
    expect(queue.len()).toBe(0);
    clock.advance(1);
    expect(await drainNow(queue)).toEqual(['late']);
  });

  it('keeps the earliest ready time of an item added with several delays', async () => {
    const clock = new VirtualClock();
    const queue = new DelayingQueue<string>({ scheduler: clock });
    queue.addAfter('a', 100);
    queue.addAfter('a', 30); // earlier: wins
    queue.addAfter('a', 500); // later: ignored
    clock.advance(30);
    expect(await drainNow(queue)).toEqual(['a']);
    clock.advance(1000);
    expect(queue.len()).toBe(0); // the longer delays did not add it again
    expect(clock.pending).toBe(0);
  });

  it('moves an item ahead of others when its ready time is lowered', async () => {
    const clock = new VirtualClock();
    const queue = new DelayingQueue<string>({ scheduler: clock });
    queue.addAfter('a', 100);
    queue.addAfter('b', 50);
    queue.addAfter('a', 10);
    clock.advance(100);
    expect(await drainNow(queue)).toEqual(['a', 'b']);
  });

  it('keeps one timer, armed for the earliest item', () => {
    const clock = new VirtualClock();
    const queue = new DelayingQueue<string>({ scheduler: clock });
    queue.addAfter('a', 100);
    queue.addAfter('b', 200);
    expect(clock.pending).toBe(1);
    queue.addAfter('c', 10);
    expect(clock.pending).toBe(1);
    clock.advance(10);
    expect(queue.len()).toBe(1);
    expect(clock.pending).toBe(1);
    clock.advance(190);
    expect(queue.len()).toBe(3);
    expect(clock.pending).toBe(0);
  });

  it('de-duplicates a delayed item with the same item already queued', () => {
    const clock = new VirtualClock();
    const queue = new DelayingQueue<string>({ scheduler: clock });
    queue.add('a');
    queue.addAfter('a', 10);
    clock.advance(10);
    expect(queue.len()).toBe(1);
  });

  it('requeues after done an item whose delay ends while it is processed', async () => {
    const clock = new VirtualClock();
    const queue = new DelayingQueue<string>({ scheduler: clock });
    queue.add('a');
    await queue.get();
    queue.addAfter('a', 10);
    clock.advance(10);
    expect(queue.len()).toBe(0);
    queue.done('a');
    expect(queue.len()).toBe(1);
  });

  it('wakes a waiting get when a delay ends', async () => {
    const clock = new VirtualClock();
    const queue = new DelayingQueue<string>({ scheduler: clock });
    const pending = track(queue.get());
    queue.addAfter('a', 10);
    await drain();
    expect(pending.settled).toBe(false);
    clock.advance(10);
    await drain();
    expect(pending.value).toEqual({ item: 'a', shutdown: false });
  });

  it('cancels its timer and drops the waiting items on shutdown', async () => {
    const clock = new VirtualClock();
    const queue = new DelayingQueue<string>({ scheduler: clock });
    queue.addAfter('a', 10);
    queue.addAfter('b', 20);
    expect(clock.pending).toBe(1);
    queue.shutDown();
    expect(clock.pending).toBe(0);
    clock.advance(100);
    expect(queue.len()).toBe(0);
    expect(await queue.get()).toEqual({ item: undefined, shutdown: true });
  });

  it('cancels its timer on shutDownWithDrain too, and ignores later addAfter', async () => {
    const clock = new VirtualClock();
    const queue = new DelayingQueue<string>({ scheduler: clock });
    queue.addAfter('a', 10);
    await queue.shutDownWithDrain();
    expect(clock.pending).toBe(0);
    queue.addAfter('b', 10);
    queue.addAfter('c', 0);
    expect(clock.pending).toBe(0);
    expect(queue.len()).toBe(0);
    expect(queue.metrics().retries).toBe(1); // only the call before the shutdown
  });

  it('counts every addAfter as a retry', () => {
    const clock = new VirtualClock();
    const queue = new DelayingQueue<string>({ scheduler: clock });
    queue.addAfter('a', 10);
    queue.addAfter('a', 5);
    queue.addAfter('b', 0);
    queue.add('c');
    expect(queue.metrics()).toMatchObject({ retries: 3, adds: 2 });
    clock.advance(10);
    expect(queue.metrics()).toMatchObject({ retries: 3, adds: 3, depth: 3 });
  });

  it('rejects a NaN or infinite delay', () => {
    const queue = new DelayingQueue<string>({ scheduler: new VirtualClock() });
    expect(() => queue.addAfter('a', Number.NaN)).toThrow(RangeError);
    expect(() => queue.addAfter('a', Infinity)).toThrow(RangeError);
  });

  it('works with a scheduler that runs due work synchronously', () => {
    // queueScheduler runs a zero-delay action inside `schedule`; the timer bookkeeping must
    // survive that. A clock that jumps between `addAfter` and arming produces a zero delay.
    let now = 0;
    const scheduler = {
      now: () => now++,
      schedule: queueScheduler.schedule.bind(queueScheduler),
    };
    const queue = new DelayingQueue<string>({ scheduler });
    queue.addAfter('a', 1);
    expect(queue.len()).toBe(1);
    queue.shutDown();
  });

  it('splits waits longer than the longest timer the platform allows', () => {
    const clock = new VirtualClock();
    const queue = new DelayingQueue<string>({ scheduler: clock });
    const fortyDays = 40 * 24 * 3600 * 1000;
    queue.addAfter('a', fortyDays);
    expect(clock.actions[0]!.delay).toBe(2 ** 31 - 1);
    clock.advance(2 ** 31 - 1);
    expect(queue.len()).toBe(0);
    expect(clock.pending).toBe(1);
    clock.advance(fortyDays - (2 ** 31 - 1));
    expect(queue.len()).toBe(1);
  });
});
