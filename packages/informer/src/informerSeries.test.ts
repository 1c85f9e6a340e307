import { VirtualClock, flushMicrotasks } from '@rxkube/devkit';
import { MemoryMetrics } from '@rxkube/queue';
import type { InformerError } from './errors.js';
import { silentLogger } from './logger.js';
import { SharedIndexInformer } from './sharedIndexInformer.js';
import { FakeListerWatcher } from './testSupport/fakeListerWatcher.testing.js';
import { pod, type TestPod } from './testSupport/pods.testing.js';

// What an informer given a metrics provider reports to it, in virtual time: durations are read
// off the scheduler, so each one below is the time the test advanced.

let clock: VirtualClock;
let lw: FakeListerWatcher<TestPod>;
let metrics: MemoryMetrics;
let informer: SharedIndexInformer<TestPod>;
let errors: InformerError[];
const pods = { name: 'pods' };

beforeEach(() => {
  clock = new VirtualClock();
  lw = new FakeListerWatcher<TestPod>();
  metrics = new MemoryMetrics();
  errors = [];
  informer = new SharedIndexInformer(lw, {
    name: 'pods',
    metrics,
    scheduler: clock,
    logger: silentLogger,
    // The scripted lister-watcher answers paged lists.
    reflector: { random: () => 0, streamingList: false },
  });
  informer.errors$.subscribe((error) => errors.push(error));
});
afterEach(() => informer.stop());

async function sync(items: TestPod[], resourceVersion: string, listMs = 0): Promise<void> {
  informer.start();
  clock.advance(listMs);
  lw.respondList(items, resourceVersion);
  await informer.waitForCacheSync();
  await flushMicrotasks();
}

test('lists are counted and measured, and the last resource version follows the stream', async () => {
  await sync([pod('a', '3'), pod('b', '4')], '10', 2000);
  expect(metrics.value('reflector_lists_total', pods)).toBe(1);
  expect(metrics.histogramValue('reflector_list_duration_seconds', pods)).toEqual({
    count: 1,
    sum: 2,
  });
  expect(metrics.histogramValue('reflector_items_per_list', pods)).toEqual({ count: 1, sum: 2 });
  expect(metrics.value('reflector_last_resource_version', pods)).toBe(10);
  lw.emit({ type: 'ADDED', object: pod('c', '11') });
  lw.emit({ type: 'BOOKMARK', object: { metadata: { resourceVersion: '12' } } });
  expect(metrics.value('reflector_last_resource_version', pods)).toBe(12);
  // An opaque version has no number: the gauge keeps the last one that had.
  lw.emit({ type: 'BOOKMARK', object: { metadata: { resourceVersion: 'opaque-13' } } });
  expect(metrics.value('reflector_last_resource_version', pods)).toBe(12);
});

test('watches are counted and measured; a very short one is counted as such', async () => {
  await sync([], '10');
  expect(metrics.value('reflector_watches_total', pods)).toBe(1);
  clock.advance(3000);
  lw.emit({ type: 'ADDED', object: pod('a', '11') });
  lw.emit({ type: 'MODIFIED', object: pod('a', '12') });
  lw.lastWatch().subject.complete(); // a clean end after 3 s and two events: watch again
  expect(metrics.value('reflector_watches_total', pods)).toBe(2);
  expect(metrics.histogramValue('reflector_watch_duration_seconds', pods)).toEqual({
    count: 1,
    sum: 3,
  });
  expect(metrics.histogramValue('reflector_items_per_watch', pods)).toEqual({ count: 1, sum: 2 });
  lw.lastWatch().subject.complete(); // at once and empty: a very short watch
  expect(errors.map((error) => error.kind)).toEqual(['shortWatch']);
  expect(metrics.value('reflector_short_watches_total', pods)).toBe(1);
  expect(metrics.histogramValue('reflector_items_per_watch', pods)).toEqual({ count: 2, sum: 2 });
});

test('the queue depth is reported while events wait, and each pop is timed', async () => {
  await sync([pod('a', '1')], '10');
  const popsBefore = metrics.histogramValue('informer_processing_latency_seconds', pods)?.count;
  expect(popsBefore).toBeGreaterThan(0);
  for (const name of ['b', 'c', 'd']) lw.emit({ type: 'ADDED', object: pod(name, '11') });
  expect(metrics.value('informer_queued_items', pods)).toBe(3);
  await flushMicrotasks();
  expect(metrics.value('informer_queued_items', pods)).toBe(0);
  expect(metrics.histogramValue('informer_processing_latency_seconds', pods)?.count).toBe(
    (popsBefore ?? 0) + 3,
  );
  lw.emit({ type: 'DELETED', object: pod('a', '12') });
  expect(metrics.value('informer_queued_items', pods)).toBe(1);
  informer.stop();
  expect(metrics.value('informer_queued_items', pods)).toBe(0);
});

test("each handler's backlog is a gauge labelled with its name", async () => {
  let release = (): void => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  informer.addEventHandler({ onAdd: () => gate }, { name: 'slow' });
  informer.addEventHandler({}, { name: 'quick' });
  await sync([pod('a', '1'), pod('b', '2'), pod('c', '3')], '10');
  const slow = { name: 'pods', handler: 'slow' };
  const quick = { name: 'pods', handler: 'quick' };
  // The slow handler holds its first add: the two others wait in its buffer.
  expect(metrics.value('informer_handler_pending_notifications', slow)).toBe(2);
  expect(metrics.value('informer_handler_pending_notifications', quick)).toBe(0);
  release();
  await flushMicrotasks();
  expect(metrics.value('informer_handler_pending_notifications', slow)).toBe(0);
  expect(metrics.labelsOf('informer_handler_pending_notifications')).toEqual([slow, quick]);
});

test('a stopped handler leaves no backlog behind', async () => {
  const registration = informer.addEventHandler({ onAdd: () => new Promise(() => {}) });
  await sync([pod('a', '1'), pod('b', '2')], '10');
  const labels = { name: 'pods', handler: registration.name };
  expect(metrics.value('informer_handler_pending_notifications', labels)).toBe(1);
  registration.remove();
  expect(metrics.value('informer_handler_pending_notifications', labels)).toBe(0);
});

test('every series carries the informer name, and two informers share the families', async () => {
  const other = new SharedIndexInformer(new FakeListerWatcher<TestPod>(), {
    name: 'nodes',
    metrics,
    scheduler: clock,
    logger: silentLogger,
  });
  for (const name of metrics.names().filter((n) => !n.startsWith('informer_handler'))) {
    expect([name, metrics.labelsOf(name)]).toEqual([name, [pods, { name: 'nodes' }]]);
  }
  expect(metrics.names().length).toBe(10);
  other.stop();
});
