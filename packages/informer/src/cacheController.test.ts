import { DeltaFIFO, applyDeltas, type Deltas } from '@rxkube/queue';
import { Indexer } from '@rxkube/store';
import { CacheController } from './cacheController.js';
import type { InformerError } from './errors.js';
import { FakeListerWatcher } from './testSupport/fakeListerWatcher.testing.js';
import { pod, type TestPod } from './testSupport/pods.testing.js';
import { VirtualClock, flushMicrotasks } from '@rxkube/devkit';

test('runs list-watch into the queue and pops into process, resyncing when allowed', async () => {
  const scheduler = new VirtualClock();
  const lw = new FakeListerWatcher<TestPod>();
  const indexer = new Indexer<TestPod>();
  const queue = new DeltaFIFO<TestPod>({ knownObjects: indexer, emitDeltaTypeReplaced: true });
  const seen: string[] = [];
  let allowResync = false;
  const controller = new CacheController<TestPod, Deltas<TestPod>>({
    queue,
    listerWatcher: lw,
    process: (deltas, initial) => {
      for (const event of applyDeltas(indexer, deltas, initial)) seen.push(event.type);
    },
    fullResyncPeriod: 1000,
    shouldResync: () => allowResync,
    reflector: { scheduler, random: () => 0, streamingList: false },
  });
  const running = controller.run();
  lw.respondList([pod('a', '1')], '10');
  lw.emit({ type: 'ADDED', object: pod('b', '11') });
  await flushMicrotasks();
  expect(controller.hasSynced()).toBe(true);
  expect(controller.lastSyncResourceVersion()).toBe('11');
  scheduler.advance(1000);
  await flushMicrotasks();
  expect(seen).toEqual(['add', 'add']);
  allowResync = true;
  scheduler.advance(1000);
  await flushMicrotasks();
  expect(seen).toEqual(['add', 'add', 'update', 'update']);
  running.unsubscribe();
  expect(queue.isClosed()).toBe(true);
  expect(lw.lastWatch().active).toBe(false);
  expect(scheduler.pending).toBe(0);
});

test('retryOnError requeues an item whose processing failed', async () => {
  const lw = new FakeListerWatcher<TestPod>();
  const queue = new DeltaFIFO<TestPod>();
  const errors: InformerError[] = [];
  let attempts = 0;
  const controller = new CacheController<TestPod, Deltas<TestPod>>({
    queue,
    listerWatcher: lw,
    retryOnError: true,
    onError: (err) => errors.push(err),
    process: () => {
      if (++attempts === 1) throw new Error('transient');
    },
    reflector: { scheduler: new VirtualClock(), streamingList: false },
  });
  const running = controller.run();
  lw.respondList([pod('a', '1')], '10');
  await flushMicrotasks();
  expect(attempts).toBe(2);
  expect(errors).toHaveLength(1);
  running.unsubscribe();
});
