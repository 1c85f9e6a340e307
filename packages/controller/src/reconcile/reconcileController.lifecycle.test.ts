import { MemoryMetrics, noopMetricsProvider } from '@rxkube/queue';
import { BehaviorSubject, Subject } from 'rxjs';
import type { LeadershipState } from '../leaderelection/leadershipState.js';
import { drain } from '@rxkube/devkit';
import { harness } from './controllerHarness.testing.js';
import { FakeInformer, thing, written } from './fakeInformer.testing.js';
import { ControllerConfigError } from './controllerOptions.js';
import { CacheSyncError } from './controllerRun.js';
import { watch, watchRequests } from './eventSource.js';
import { controller } from './reconcileController.js';
import type { ReconcileOutcome } from './reconcileOutcome.js';

function track<T>(promise: Promise<T>) {
  const state = { settled: false };
  void promise.then(() => (state.settled = true));
  return state;
}

test('workers start once every cache has synced; events before that are queued and de-duplicated', async () => {
  const h0 = harness();
  const children = new FakeInformer(h0.clock, false);
  const h = harness({
    scheduler: h0.clock,
    kind: { apiVersion: 'v1', kind: 'Thing' },
    owns: [children],
  });
  const running = h.ctrl.run().subscribe();
  let a = thing('a');
  h.informer.set(a);
  h.informer.set((a = written(a)));
  h.informer.set(thing('b'));
  await drain();
  expect(h.calls).toHaveLength(0);
  expect(h.ctrl.metrics()?.depth).toBe(2);
  children.markSynced();
  await h.finishAll();
  expect(h.keys()).toEqual(['ns/a', 'ns/b']);
  running.unsubscribe();
});

test('a run fails with CacheSyncError when an informer stops before syncing', async () => {
  const h0 = harness();
  const other = new FakeInformer(h0.clock, false);
  const h = harness({ watches: [watch(other, () => [])] });
  let failure: unknown;
  h.ctrl.run().subscribe({ error: (error: unknown) => (failure = error) });
  other.stop();
  await drain();
  expect(failure).toBeInstanceOf(CacheSyncError);
});

test('stop() finishes the reconciles in flight, leaves the queued keys and completes', async () => {
  const h = harness({ concurrency: 2 });
  for (const name of ['a', 'b', 'c']) h.informer.cache.set(`ns/${name}`, thing(name));
  let completed = false;
  h.ctrl.outcomes$.subscribe({ complete: () => (completed = true) });
  let runDone = false;
  h.ctrl.run().subscribe({ complete: () => (runDone = true) });
  await drain();
  expect(h.keys()).toEqual(['ns/a', 'ns/b']);

  const stopped = track(h.ctrl.stop());
  h.informer.set(thing('d')); // ignored: no longer listening
  await drain();
  expect(stopped.settled).toBe(false);
  h.calls[0]?.resolve();
  await drain();
  expect(stopped.settled).toBe(false); // b still runs
  h.calls[1]?.resolve({ requeueAfter: 1_000 }); // not requeued: shutting down
  await drain();
  expect(stopped.settled).toBe(true);
  expect(runDone && completed).toBe(true);
  expect(h.keys()).toEqual(['ns/a', 'ns/b']); // c was never started
  expect(h.calls.every((call) => !call.context.signal.aborted)).toBe(true);
  expect(h.outcomes.map((o) => [o.request.key, o.result])).toEqual([
    ['ns/a', 'success'],
    ['ns/b', 'requeueAfter'],
  ]);
  expect(h.outcomes[1]?.requeueAfter).toBeUndefined();
  await h.clock.advanceAsync(5_000);
  expect(h.calls).toHaveLength(2);

  // Stopped for good: a new run completes at once.
  let late = false;
  h.ctrl.run().subscribe({ complete: () => (late = true) });
  expect(late).toBe(true);
  expect(h.ctrl.isStopped()).toBe(true);
});

test('stop() before the caches synced completes the run at once', async () => {
  const clock = harness().clock;
  const informer = new FakeInformer(clock, false);
  const ctrl = controller({ for: informer, scheduler: clock, reconcile: () => undefined });
  let done = false;
  ctrl.run().subscribe({ complete: () => (done = true) });
  await ctrl.stop();
  expect(done).toBe(true);
});

test('unsubscribing aborts running reconciles; a new run waits for them before reconciling their keys', async () => {
  const h = harness();
  h.informer.cache.set('ns/a', thing('a'));
  const first = h.ctrl.run().subscribe();
  await drain();
  const [old] = h.calls;
  first.unsubscribe();
  expect(old?.context.signal.aborted).toBe(true);

  const second = h.ctrl.run().subscribe();
  await drain();
  expect(h.calls).toHaveLength(1); // a is still being reconciled by the torn-down run
  old?.resolve();
  await drain();
  expect(h.calls).toHaveLength(2);
  expect(h.calls[1]?.context.signal.aborted).toBe(false);
  // The late outcome of the torn-down run is still reported on outcomes$.
  expect(h.outcomes.map((o) => o.request.key)).toEqual(['ns/a']);
  const stopped = track(h.ctrl.stop());
  await drain();
  expect(stopped.settled).toBe(false);
  h.calls[1]?.resolve();
  await drain();
  expect(stopped.settled).toBe(true);
  second.unsubscribe();
});

test('stop() also waits for reconciles of runs torn down earlier', async () => {
  const h = harness();
  h.informer.cache.set('ns/a', thing('a'));
  h.ctrl.run().subscribe().unsubscribe();
  const run = h.ctrl.run().subscribe();
  await drain();
  run.unsubscribe();
  const stopped = track(h.ctrl.stop());
  await drain();
  expect(stopped.settled).toBe(false);
  h.calls[0]?.resolve();
  await drain();
  expect(stopped.settled).toBe(true);
});

test('start({ leadership }) reconciles only while leading, everything again on each term', async () => {
  const state = (isLeader: boolean): LeadershipState => ({
    identity: 'me',
    isLeader,
    leader: isLeader ? 'me' : 'other',
  });
  const leadership = new BehaviorSubject(state(false));
  const h = harness({ concurrency: 2 });
  h.informer.cache.set('ns/a', thing('a'));
  h.informer.cache.set('ns/b', thing('b'));
  const running = h.ctrl.start({ leadership });
  h.informer.set(written(h.informer.cache.get('ns/a')!));
  await drain();
  expect(h.calls).toHaveLength(0);

  leadership.next(state(true));
  await drain();
  expect(h.keys()).toEqual(['ns/a', 'ns/b']);
  h.calls[0]?.resolve();
  await drain();
  leadership.next(state(false)); // b's reconcile is cut short
  expect(h.calls[1]?.context.signal.aborted).toBe(true);
  h.calls[1]?.reject(new Error('aborted'));
  h.informer.set(thing('c'));
  await h.clock.advanceAsync(1_000); // no retry while following
  expect(h.calls).toHaveLength(2);

  leadership.next(state(true));
  await h.finishAll();
  expect(h.keys().slice(2).sort()).toEqual(['ns/a', 'ns/b', 'ns/c']);
  await h.ctrl.stop();
  running.unsubscribe();
});

test('start() reports a failing run on outcomes$', async () => {
  // A source whose stream fails ends the run (a throwing mapper does not: see errors$).
  const failing = new Subject<string>();
  const h = harness({ watches: [watchRequests(failing)] });
  h.ctrl.start();
  failing.error(new Error('source failed'));
  await drain();
  expect(h.failures).toEqual([new Error('source failed')]);
});

test("the work queue reports to the controller's metrics provider, labelled with its name", async () => {
  const metrics = new MemoryMetrics();
  const h = harness({ metrics });
  const running = h.ctrl.run().subscribe();
  h.informer.set(thing('a'));
  h.informer.set(thing('b'));
  await drain();
  expect(metrics.value('workqueue_adds_total', { name: 'test' })).toBe(2);
  expect(metrics.value('workqueue_depth', { name: 'test' })).toBe(h.ctrl.metrics()?.depth);
  await h.finishAll();
  expect(metrics.histogramValue('workqueue_work_duration_seconds', { name: 'test' })?.count).toBe(
    2,
  );
  running.unsubscribe();
});

test('metrics() is undefined before the first run', () => {
  expect(harness().ctrl.metrics()).toBeUndefined();
});

test.each([
  [{ concurrency: 0 }, 'concurrency'],
  [{ concurrency: 1.5 }, 'concurrency'],
  [{ resyncPeriod: -1 }, 'resyncPeriod'],
  [{ resyncPeriod: Number.POSITIVE_INFINITY }, 'resyncPeriod'],
  [{ metrics: new MemoryMetrics(), metricsProvider: noopMetricsProvider }, 'metrics'],
])('bad options are refused: %o', (options, option) => {
  const informer = new FakeInformer(harness().clock);
  let error: unknown;
  try {
    controller({ for: informer, reconcile: () => undefined, ...options });
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ControllerConfigError);
  expect((error as ControllerConfigError).option).toBe(option);
});

test('outcomes$ is shared by every run', async () => {
  const h = harness();
  const seen: ReconcileOutcome[] = [];
  h.ctrl.outcomes$.subscribe((o) => seen.push(o));
  h.informer.cache.set('ns/a', thing('a'));
  const a = h.ctrl.run().subscribe();
  await h.finishAll();
  a.unsubscribe();
  const b = h.ctrl.run().subscribe();
  await h.finishAll();
  b.unsubscribe();
  expect(seen).toHaveLength(2);
});
