import {
  bucketRateLimiter,
  defaultControllerRateLimiter,
  itemExponentialFailureRateLimiter,
  itemFastSlowRateLimiter,
  maxOfRateLimiter,
  withMaxWaitRateLimiter,
  type RateLimiter,
} from './rateLimiters.js';
import { VirtualClock } from '@rxkube/devkit';

function whens<T>(limiter: RateLimiter<T>, item: T, times: number): number[] {
  return Array.from({ length: times }, () => limiter.when(item));
}

describe('itemExponentialFailureRateLimiter', () => {
  it('doubles the delay per retry, per item, up to the cap', () => {
    const limiter = itemExponentialFailureRateLimiter<string>(1, 1000);
    expect(whens(limiter, 'one', 5)).toEqual([1, 2, 4, 8, 16]);
    expect(limiter.numRequeues('one')).toBe(5);
    expect(whens(limiter, 'two', 2)).toEqual([1, 2]);
    expect(limiter.numRequeues('two')).toBe(2);
    expect(whens(limiter, 'one', 6)).toEqual([32, 64, 128, 256, 512, 1000]);
    expect(limiter.when('one')).toBe(1000);
  });

  it('starts again after forget', () => {
    const limiter = itemExponentialFailureRateLimiter<string>(1, 1000);
    whens(limiter, 'one', 3);
    limiter.forget('one');
    expect(limiter.numRequeues('one')).toBe(0);
    expect(whens(limiter, 'one', 2)).toEqual([1, 2]);
  });

  it('stays at the cap without overflowing after very many retries', () => {
    const limiter = itemExponentialFailureRateLimiter<string>(5, 1_000_000);
    const delays = whens(limiter, 'x', 1100);
    expect(delays.at(-1)).toBe(1_000_000);
    expect(delays.every((d) => Number.isFinite(d) && d >= 0)).toBe(true);
    expect(limiter.numRequeues('x')).toBe(1100);
  });

  it('keeps a zero base delay at zero', () => {
    const limiter = itemExponentialFailureRateLimiter<string>(0, 100);
    expect(whens(limiter, 'x', 1100).every((d) => d === 0)).toBe(true);
  });

  it('rejects negative or infinite delays', () => {
    expect(() => itemExponentialFailureRateLimiter(-1, 10)).toThrow(RangeError);
    expect(() => itemExponentialFailureRateLimiter(1, Infinity)).toThrow(RangeError);
    expect(() => itemExponentialFailureRateLimiter(Number.NaN, 10)).toThrow(RangeError);
  });
});

describe('itemFastSlowRateLimiter', () => {
  it('is fast for the first attempts, then slow, per item, until forgotten', () => {
    const limiter = itemFastSlowRateLimiter<string>(5, 10_000, 3);
    expect(whens(limiter, 'one', 5)).toEqual([5, 5, 5, 10_000, 10_000]);
    expect(limiter.numRequeues('one')).toBe(5);
    expect(whens(limiter, 'two', 2)).toEqual([5, 5]);
    limiter.forget('one');
    expect(limiter.numRequeues('one')).toBe(0);
    expect(limiter.when('one')).toBe(5);
  });

  it('validates its arguments', () => {
    expect(() => itemFastSlowRateLimiter(5, 10, -1)).toThrow(RangeError);
    expect(() => itemFastSlowRateLimiter(5, 10, 1.5)).toThrow(RangeError);
    expect(() => itemFastSlowRateLimiter(-5, 10, 1)).toThrow(RangeError);
  });
});

describe('bucketRateLimiter', () => {
  it('lets a burst through, then spaces retries at the steady rate', () => {
    const clock = new VirtualClock();
    const limiter = bucketRateLimiter(10, 100, { scheduler: clock });
    expect(whens(limiter, 'x', 100).every((d) => d === 0)).toBe(true);
    // The bucket is empty: each token is reserved 100 ms after the previous one.
    expect(whens(limiter, 'x', 3)).toEqual([100, 200, 300]);
    // 250 ms later, 2.5 tokens have come back, all owed already: the next one is 150 ms away.
    clock.advance(250);
    expect(limiter.when('x')).toBeCloseTo(150, 9);
    expect(limiter.numRequeues('x')).toBe(0);
    limiter.forget('x'); // no-op
    expect(limiter.when('x')).toBeCloseTo(250, 9);
  });

  it('refills up to the burst and no further', () => {
    const clock = new VirtualClock();
    const limiter = bucketRateLimiter(1, 3, { scheduler: clock });
    expect(whens(limiter, 'x', 3)).toEqual([0, 0, 0]);
    clock.advance(1000);
    expect(whens(limiter, 'x', 2)).toEqual([0, 1000]);
    clock.advance(60_000); // a minute idle: the bucket is full again, with 3 tokens only
    expect(whens(limiter, 'x', 4)).toEqual([0, 0, 0, 1000]);
  });

  it('is shared by all items', () => {
    const clock = new VirtualClock();
    const limiter = bucketRateLimiter(10, 1, { scheduler: clock });
    expect(limiter.when('a')).toBe(0);
    expect(limiter.when('b')).toBe(100);
  });

  it('adds nothing when the clock goes back', () => {
    let now = 10_000;
    const limiter = bucketRateLimiter(1, 1, {
      scheduler: {
        now: () => now,
        schedule: () => {
          throw new Error('unused');
        },
      },
    });
    expect(limiter.when('x')).toBe(0);
    now = 5_000;
    expect(limiter.when('x')).toBe(1000);
    now = 6_000; // one second after the new reference point
    expect(limiter.when('x')).toBe(1000);
  });

  it('never waits with an infinite rate', () => {
    const limiter = bucketRateLimiter(Infinity, 1);
    expect(whens(limiter, 'x', 10).every((d) => d === 0)).toBe(true);
  });

  it('validates its arguments', () => {
    expect(() => bucketRateLimiter(0, 1)).toThrow(RangeError);
    expect(() => bucketRateLimiter(Number.NaN, 1)).toThrow(RangeError);
    expect(() => bucketRateLimiter(1, 0)).toThrow(RangeError);
    expect(() => bucketRateLimiter(1, 2.5)).toThrow(RangeError);
  });
});

describe('maxOfRateLimiter', () => {
  it('returns the longest delay, asks every limiter, and forgets everywhere', () => {
    const limiter = maxOfRateLimiter<string>(
      itemFastSlowRateLimiter(5, 3000, 3),
      itemExponentialFailureRateLimiter(1, 1000),
    );
    expect(whens(limiter, 'one', 5)).toEqual([5, 5, 5, 3000, 3000]);
    expect(limiter.numRequeues('one')).toBe(5);
    expect(whens(limiter, 'one', 6)).toEqual([3000, 3000, 3000, 3000, 3000, 3000]);
    expect(whens(limiter, 'two', 2)).toEqual([5, 5]);
    expect(limiter.numRequeues('two')).toBe(2);
    limiter.forget('one');
    expect(limiter.numRequeues('one')).toBe(0);
    expect(limiter.when('one')).toBe(5);
  });

  it('reports the largest requeue count', () => {
    const a = itemExponentialFailureRateLimiter<string>(1, 10);
    const b = itemExponentialFailureRateLimiter<string>(1, 10);
    const limiter = maxOfRateLimiter(a, b);
    a.when('x');
    a.when('x');
    limiter.when('x');
    expect(limiter.numRequeues('x')).toBe(3);
  });

  it('waits nothing when empty', () => {
    expect(maxOfRateLimiter<string>().when('x')).toBe(0);
  });
});

describe('withMaxWaitRateLimiter', () => {
  it('caps the delays of the wrapped limiter', () => {
    const limiter = withMaxWaitRateLimiter(itemExponentialFailureRateLimiter<string>(10, 1000), 50);
    expect(whens(limiter, 'x', 5)).toEqual([10, 20, 40, 50, 50]);
    expect(limiter.numRequeues('x')).toBe(5);
    limiter.forget('x');
    expect(limiter.when('x')).toBe(10);
  });
});

describe('defaultControllerRateLimiter', () => {
  it('backs off per item from 5 ms to 1000 s', () => {
    const clock = new VirtualClock();
    const limiter = defaultControllerRateLimiter<string>({ scheduler: clock });
    expect(whens(limiter, 'a', 4)).toEqual([5, 10, 20, 40]);
    limiter.forget('a');
    // 5 ms * 2^17 = 655.36 s, 5 ms * 2^18 is past 1000 s. Retries are spaced out so that the
    // bucket stays out of it.
    const delays: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      delays.push(limiter.when('b'));
      clock.advance(1000);
    }
    expect(delays.slice(0, 3)).toEqual([5, 10, 20]);
    expect(delays.slice(17)).toEqual([655_360, 1_000_000, 1_000_000]);
    expect(limiter.numRequeues('b')).toBe(20);
  });

  it('holds a storm of failures across items to 10 per second after a burst of 100', () => {
    const clock = new VirtualClock();
    const limiter = defaultControllerRateLimiter<number>({ scheduler: clock });
    const delays = Array.from({ length: 103 }, (_, i) => limiter.when(i));
    expect(delays.slice(0, 100).every((d) => d === 5)).toBe(true);
    expect(delays.slice(100)).toEqual([100, 200, 300]);
  });
});
