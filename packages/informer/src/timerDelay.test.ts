import { asyncScheduler } from 'rxjs';
import { ApiError, type InformerError } from './errors.js';
import { silentLogger } from './logger.js';
import { reflector } from './reflector.js';
import { SharedIndexInformer } from './sharedIndexInformer.js';
import { FakeListerWatcher } from './testSupport/fakeListerWatcher.testing.js';
import { pod, type TestPod } from './testSupport/pods.testing.js';
import { maxTimerDelayMs, timerDelay } from './timerDelay.js';

// Real timers on purpose: a virtual clock has no 32-bit limit, Node's timers do (a longer
// delay fires after 1 ms). Each test gives timers far more than the limit and checks, after a
// short real wait, that none of them fired.
const beyondTimers = 2 ** 32;
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

test('timerDelay keeps delays within what a timer honours', () => {
  expect(timerDelay(1500)).toBe(1500);
  expect(timerDelay(beyondTimers)).toBe(maxTimerDelayMs);
  expect(timerDelay(Infinity)).toBe(maxTimerDelayMs);
  expect(timerDelay(-5)).toBe(0);
  expect(timerDelay(NaN)).toBe(0);
});

test('resync periods, metrics$ periods and idle timeouts beyond 2^31-1 ms do not fire at once', async () => {
  const lw = new FakeListerWatcher<TestPod>();
  const informer = new SharedIndexInformer(lw, {
    scheduler: asyncScheduler,
    logger: silentLogger,
    reflector: { idleTimeoutMs: beyondTimers, streamingList: false },
  });
  const errors: InformerError[] = [];
  informer.errors$.subscribe((error) => errors.push(error));
  informer.handle({ resyncPeriod: beyondTimers }).subscribe();
  const samples: unknown[] = [];
  informer.metrics$(beyondTimers).subscribe((m) => samples.push(m));
  informer.start();
  lw.respondList([pod('a', '1')], '10');
  await informer.waitForCacheSync();
  await pause(100);
  informer.stop();
  expect(errors).toEqual([]);
  expect(informer.metrics().resyncs).toBe(0);
  expect(samples).toEqual([]);
  expect(lw.watches).toHaveLength(1);
});

test('a backoff beyond 2^31-1 ms waits instead of retrying at once', async () => {
  const lw = new FakeListerWatcher<TestPod>();
  const subscription = reflector(lw, {
    scheduler: asyncScheduler,
    backoff: { initialMs: beyondTimers, maxMs: beyondTimers },
    streamingList: false,
  }).subscribe();
  lw.lastList().subject.error(
    new ApiError({ code: 500, verb: 'list', source: 'response' }, { resource: 'fakes' }),
  );
  await pause(100);
  subscription.unsubscribe();
  expect(lw.lists).toHaveLength(1);
});
