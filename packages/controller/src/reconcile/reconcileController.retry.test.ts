import { itemExponentialFailureRateLimiter } from '@rxkube/queue';
import { harness } from './controllerHarness.testing.js';
import { thing } from './fakeInformer.testing.js';
import { TerminalError, type ReconcileResult } from './reconcileResult.js';

/** A controller on one object whose reconcile answers from a script, one answer per call. */
async function scripted(answers: (() => ReconcileResult)[], options = {}) {
  let call = 0;
  const starts: number[] = [];
  const h = harness({
    reconcile: () => {
      starts.push(h.clock.now());
      const answer = answers[Math.min(call, answers.length - 1)]!;
      call += 1;
      return answer();
    },
    ...options,
  });
  h.informer.cache.set('ns/a', thing('a'));
  const running = h.ctrl.run().subscribe();
  return { ...h, starts, stop: () => running.unsubscribe() };
}

const fail = () => {
  throw new Error('boom');
};
const ok = () => undefined;

test('errors are retried with per-key exponential backoff (5 ms doubling), success resets it', async () => {
  const s = await scripted([fail, fail, fail, fail, ok, fail, ok]);
  await s.clock.advanceAsync(10_000);
  // 5, 10, 20, 40 ms apart, then success; the next failure backs off from 5 ms again.
  expect(s.starts).toEqual([0, 5, 15, 35, 75]);
  expect(s.outcomes.map((o) => [o.result, o.retries, o.requeueAfter])).toEqual([
    ['error', 0, 5],
    ['error', 1, 10],
    ['error', 2, 20],
    ['error', 3, 40],
    ['success', 4, undefined],
  ]);
  s.informer.resync(); // a new event: the next attempt fails
  await s.clock.advanceAsync(10_000);
  expect(s.starts.slice(5)).toEqual([10_000, 10_005]);
  expect(s.outcomes.slice(5).map((o) => [o.result, o.retries])).toEqual([
    ['error', 0],
    ['success', 1],
  ]);
  s.stop();
});

test('the backoff is capped by the rate limiter passed in', async () => {
  const s = await scripted([fail], { rateLimiter: itemExponentialFailureRateLimiter(100, 1_000) });
  await s.clock.advanceAsync(5_000);
  const gaps = s.starts.slice(1).map((t, i) => t - s.starts[i]!);
  expect(gaps.slice(0, 6)).toEqual([100, 200, 400, 800, 1_000, 1_000]);
  s.stop();
});

test('requeueAfter comes back on schedule and resets the backoff', async () => {
  const s = await scripted([fail, fail, () => ({ requeueAfter: 30_000 }), fail, ok]);
  await s.clock.advanceAsync(100_000);
  expect(s.starts).toEqual([0, 5, 15, 30_015, 30_020]);
  expect(s.outcomes.map((o) => [o.result, o.requeueAfter])).toEqual([
    ['error', 5],
    ['error', 10],
    ['requeueAfter', 30_000],
    ['error', 5], // backoff started afresh
    ['success', undefined],
  ]);
  s.stop();
});

test('requeue: true backs off like an error without being one', async () => {
  const s = await scripted([() => ({ requeue: true }), () => ({ requeue: true }), ok]);
  await s.clock.advanceAsync(1_000);
  expect(s.starts).toEqual([0, 5, 15]);
  expect(s.outcomes.map((o) => [o.result, o.error])).toEqual([
    ['requeue', undefined],
    ['requeue', undefined],
    ['success', undefined],
  ]);
  s.stop();
});

test('a TerminalError is reported and not retried until the next event', async () => {
  const terminal = new TerminalError('invalid spec');
  const s = await scripted([fail, () => Promise.reject(terminal) as never, ok]);
  await s.clock.advanceAsync(60_000);
  expect(s.starts).toEqual([0, 5]);
  expect(s.outcomes.map((o) => [o.result, o.error])).toEqual([
    ['error', new Error('boom')],
    ['terminalError', terminal],
  ]);
  s.informer.resync();
  await s.clock.advanceAsync(1);
  expect(s.outcomes.at(-1)).toMatchObject({ result: 'success', retries: 0 });
  s.stop();
});

test('an invalid requeueAfter is an error, retried with backoff', async () => {
  const s = await scripted([() => ({ requeueAfter: Number.NaN }), ok]);
  await s.clock.advanceAsync(100);
  expect(s.starts).toEqual([0, 5]);
  expect(s.outcomes[0]).toMatchObject({ result: 'error', error: expect.any(RangeError) });
  s.stop();
});

test('outcomes carry the duration on the scheduler clock', async () => {
  const h = harness();
  h.informer.cache.set('ns/a', thing('a'));
  const running = h.ctrl.run().subscribe();
  await h.clock.advanceAsync(0);
  await h.clock.advanceAsync(250);
  h.calls[0]?.resolve();
  await h.clock.advanceAsync(0);
  expect(h.outcomes).toMatchObject([{ startedAt: 0, durationMs: 250, result: 'success' }]);
  expect(h.ctrl.metrics()).toMatchObject({
    adds: 1,
    depth: 0,
    workDuration: { count: 1, sum: 0.25 },
  });
  running.unsubscribe();
});
