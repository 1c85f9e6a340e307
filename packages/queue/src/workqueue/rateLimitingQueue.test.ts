import { RateLimitingQueue } from './rateLimitingQueue.js';
import { itemExponentialFailureRateLimiter, type RateLimiter } from './rateLimiters.js';
import { VirtualClock, drain } from '@rxkube/devkit';

describe('RateLimitingQueue', () => {
  it('retries with the limiter backoff, and forget starts it over', async () => {
    const clock = new VirtualClock();
    const queue = new RateLimitingQueue<string>({
      scheduler: clock,
      rateLimiter: itemExponentialFailureRateLimiter(1, 1000),
    });
    queue.addRateLimited('one');
    expect(queue.len()).toBe(0);
    clock.advance(1);
    expect(queue.len()).toBe(1);
    expect(queue.numRequeues('one')).toBe(1);

    const first = await queue.get();
    expect(first.item).toBe('one');
    queue.addRateLimited('one'); // while processing: 2 ms
    queue.done('one');
    clock.advance(1);
    expect(queue.len()).toBe(0);
    clock.advance(1);
    expect(queue.len()).toBe(1);
    expect(queue.numRequeues('one')).toBe(2);

    queue.forget('one');
    expect(queue.numRequeues('one')).toBe(0);
    expect(queue.len()).toBe(1); // forget does not dequeue
  });

  it('drives a failing item through a growing backoff in virtual time', async () => {
    const clock = new VirtualClock();
    const queue = new RateLimitingQueue<string>({
      scheduler: clock,
      rateLimiter: itemExponentialFailureRateLimiter(10, 80),
    });
    const attempts: number[] = [];
    const worker = (async () => {
      for (;;) {
        const { item, shutdown } = await queue.get();
        if (shutdown) return;
        attempts.push(clock.now());
        if (attempts.length < 6) queue.addRateLimited(item);
        else queue.forget(item);
        queue.done(item);
      }
    })();
    queue.add('x');
    for (let t = 0; t < 300; t += 1) {
      await drain();
      clock.advance(1);
    }
    queue.shutDown();
    await worker;
    expect(attempts).toEqual([0, 10, 30, 70, 150, 230]);
    expect(queue.numRequeues('x')).toBe(0);
  });

  it('uses defaultControllerRateLimiter on its own scheduler by default', () => {
    const clock = new VirtualClock();
    const queue = new RateLimitingQueue<number>({ scheduler: clock });
    for (let i = 0; i < 101; i += 1) queue.addRateLimited(i);
    clock.advance(5);
    expect(queue.len()).toBe(100); // the burst, after the 5 ms base delay
    clock.advance(94);
    expect(queue.len()).toBe(100);
    clock.advance(1); // the 101st waited for a token: 100 ms at 10 qps
    expect(queue.len()).toBe(101);
    expect(queue.metrics().retries).toBe(101);
  });

  it('does not consult the limiter once shutting down', () => {
    const calls: string[] = [];
    const limiter: RateLimiter<string> = {
      when: (item) => (calls.push(item), 10),
      forget: () => {},
      numRequeues: () => 0,
    };
    const clock = new VirtualClock();
    const queue = new RateLimitingQueue<string>({ scheduler: clock, rateLimiter: limiter });
    queue.shutDown();
    queue.addRateLimited('a');
    expect(calls).toEqual([]);
    expect(clock.pending).toBe(0);
  });

  it('exposes its limiter', () => {
    const limiter = itemExponentialFailureRateLimiter<string>(1, 2);
    expect(new RateLimitingQueue<string>({ rateLimiter: limiter }).rateLimiter).toBe(limiter);
  });
});
