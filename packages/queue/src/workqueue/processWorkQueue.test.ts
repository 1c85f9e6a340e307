import { Subject, defer, delay, finalize, lastValueFrom, of, throwError, toArray } from 'rxjs';
import { processWorkQueue } from './processWorkQueue.js';
import { VirtualClock, drain, track } from '@rxkube/devkit';
import { WorkQueue } from './workQueue.js';

describe('processWorkQueue', () => {
  it('works on every item, emits the results, and completes once shut down and drained', async () => {
    const queue = new WorkQueue<string>();
    for (const item of ['a', 'b', 'c']) queue.add(item);
    const results = track(
      lastValueFrom(
        processWorkQueue(queue, (item) => Promise.resolve(item.toUpperCase())).pipe(toArray()),
      ),
    );
    await drain();
    expect(queue.len()).toBe(0);
    expect(results.settled).toBe(false);
    queue.shutDown();
    await drain();
    expect(results.value).toEqual(['A', 'B', 'C']);
    expect(queue.metrics().workDuration.count).toBe(3); // each item was marked done
  });

  it('accepts synchronous work returning nothing', async () => {
    const queue = new WorkQueue<string>();
    const seen: string[] = [];
    queue.add('a');
    queue.add('b');
    const sub = processWorkQueue(queue, (item) => void seen.push(item)).subscribe();
    await drain();
    expect(seen).toEqual(['a', 'b']);
    sub.unsubscribe();
  });

  it('runs at most `concurrency` items at once, never one item twice', async () => {
    const clock = new VirtualClock();
    const queue = new WorkQueue<number>({ scheduler: clock });
    let running = 0;
    let maxRunning = 0;
    const inProgress = new Set<number>();
    let overlaps = 0;
    const done: number[] = [];
    const sub = processWorkQueue(
      queue,
      (item) =>
        defer(() => {
          running += 1;
          maxRunning = Math.max(maxRunning, running);
          if (inProgress.has(item)) overlaps += 1;
          inProgress.add(item);
          return of(item).pipe(delay(10, clock));
        }).pipe(
          finalize(() => {
            running -= 1;
            inProgress.delete(item);
          }),
        ),
      { concurrency: 3 },
    ).subscribe((item) => done.push(item));
    for (let i = 0; i < 10; i += 1) queue.add(i % 5);
    for (let t = 0; t < 100; t += 1) {
      await drain();
      clock.advance(1);
      if (t % 7 === 0) queue.add(t % 5);
    }
    sub.unsubscribe();
    expect(maxRunning).toBe(3);
    expect(overlaps).toBe(0);
    expect(new Set(done)).toEqual(new Set([0, 1, 2, 3, 4]));
  });

  it('marks an item done and errors when the work fails', async () => {
    const queue = new WorkQueue<string>();
    queue.add('a');
    const result = track(
      lastValueFrom(processWorkQueue(queue, () => throwError(() => new Error('boom')))),
    );
    await drain();
    expect((result.error as Error).message).toBe('boom');
    queue.add('a');
    expect(queue.len()).toBe(1); // a was done, so it is queued at once
  });

  it('marks an item done and errors when the work throws', async () => {
    const queue = new WorkQueue<string>();
    queue.add('a');
    const result = track(
      lastValueFrom(
        processWorkQueue(queue, () => {
          throw new Error('sync boom');
        }),
      ),
    );
    await drain();
    expect((result.error as Error).message).toBe('sync boom');
    expect(() => queue.done('a')).toThrow(); // already done
  });

  it('on unsubscribe, stops the running work, marks it done, and leaves the rest queued', async () => {
    const queue = new WorkQueue<string>();
    const never = new Subject<never>();
    queue.add('a');
    queue.add('b');
    const sub = processWorkQueue(queue, () => never).subscribe();
    await drain();
    expect(never.observed).toBe(true);
    queue.add('a'); // re-added while processed
    sub.unsubscribe();
    expect(never.observed).toBe(false);
    expect(queue.len()).toBe(2); // b, then a again
    queue.add('c');
    const next = await queue.get(); // the abandoned worker took nothing
    expect(next.item).toBe('b');
  });

  it('rejects a bad concurrency', async () => {
    const queue = new WorkQueue<string>();
    await expect(
      lastValueFrom(processWorkQueue(queue, () => undefined, { concurrency: 0 })),
    ).rejects.toThrow(RangeError);
  });
});
