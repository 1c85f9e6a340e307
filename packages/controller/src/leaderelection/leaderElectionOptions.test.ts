import { asyncScheduler, queueScheduler } from 'rxjs';
import { LeaderElectionConfigError } from './errors.js';
import type { LeaderElectionOptions } from './leaderElectionOptions.js';
import { jitterFactor, resolveLeaderElectionOptions } from './leaderElectionOptions.js';

const base: LeaderElectionOptions = { lock: { namespace: 'ops', name: 'op' }, identity: 'a' };

function rejection(options: Partial<LeaderElectionOptions>): LeaderElectionConfigError {
  try {
    resolveLeaderElectionOptions({ ...base, ...options } as LeaderElectionOptions);
  } catch (error) {
    expect(error).toBeInstanceOf(LeaderElectionConfigError);
    return error as LeaderElectionConfigError;
  }
  throw new Error('expected a LeaderElectionConfigError');
}

test("defaults are client-go's: 15 s lease, 10 s renew deadline, 2 s retry, release on cancel", () => {
  expect(resolveLeaderElectionOptions(base)).toEqual({
    lock: { namespace: 'ops', name: 'op' },
    identity: 'a',
    leaseDuration: 15_000,
    renewDeadline: 10_000,
    retryPeriod: 2_000,
    releaseOnCancel: true,
    scheduler: asyncScheduler,
    random: Math.random,
  });
  const custom = resolveLeaderElectionOptions({
    ...base,
    leaseDuration: 1_000,
    renewDeadline: 600,
    retryPeriod: 100,
    releaseOnCancel: false,
    scheduler: queueScheduler,
  });
  expect(custom).toMatchObject({ leaseDuration: 1_000, releaseOnCancel: false });
  expect(custom.scheduler).toBe(queueScheduler);
});

test('the lease must outlast the renew deadline', () => {
  expect(rejection({ leaseDuration: 10_000 }).option).toBe('leaseDuration');
  expect(rejection({ leaseDuration: 9_000 }).message).toContain('greater than renewDeadline');
});

test('the renew deadline must exceed the jittered retry period', () => {
  expect(jitterFactor).toBe(1.2);
  expect(rejection({ retryPeriod: 10_000 / 1.2 }).option).toBe('renewDeadline');
  expect(rejection({ renewDeadline: 2_400 }).option).toBe('renewDeadline');
  expect(() =>
    resolveLeaderElectionOptions({ ...base, renewDeadline: 2_401, retryPeriod: 2_000 }),
  ).not.toThrow();
});

test.each([
  ['leaseDuration', 0],
  ['leaseDuration', -1],
  ['renewDeadline', Number.NaN],
  ['retryPeriod', 0],
  ['retryPeriod', Number.POSITIVE_INFINITY],
] as const)('%s = %p is rejected', (option, value) => {
  expect(rejection({ [option]: value }).option).toBe(option);
});

test('identity and lock are required', () => {
  expect(rejection({ identity: '' }).option).toBe('identity');
  expect(rejection({ lock: { namespace: '', name: 'op' } }).option).toBe('lock');
  expect(rejection({ lock: { namespace: 'ops', name: '' } }).option).toBe('lock');
  expect(rejection({ lock: undefined } as unknown as LeaderElectionOptions).option).toBe('lock');
});

test('random must be a function', () => {
  const random = 0.5 as unknown as () => number;
  expect(rejection({ random }).option).toBe('random');
});
