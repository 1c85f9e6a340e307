import { Subject, type Subscription } from 'rxjs';
import { VirtualClock, flushMicrotasks } from '@rxkube/devkit';
import type { InformerEvent } from './eventHandler.js';
import { silentLogger } from './logger.js';
import { SharedIndexInformer } from './sharedIndexInformer.js';
import { FakeListerWatcher } from './testSupport/fakeListerWatcher.testing.js';
import { pod, type TestPod } from './testSupport/pods.testing.js';

let informer: SharedIndexInformer<TestPod> | undefined;
let running: Subscription | undefined;
afterEach(() => {
  running?.unsubscribe();
  informer?.stop();
});

const describeEvent = (e: InformerEvent<TestPod>): string =>
  `${e.type}:${(e.object as TestPod).metadata.name}@${(e.object as TestPod).metadata.resourceVersion}`;

test.each([false, true])(
  'two resyncs queued together reach each handler once (atomicEvents: %s)',
  async (atomicEvents) => {
    const lw = new FakeListerWatcher<TestPod>();
    informer = new SharedIndexInformer(lw, {
      scheduler: new VirtualClock(),
      logger: silentLogger,
      reflector: { random: () => 0, streamingList: false },
      fifo: 'real',
      atomicEvents,
    });
    const first = new Subject<void>();
    const second = new Subject<void>();
    const seen: [string[], string[]] = [[], []];
    informer.handle({ resync$: first }).subscribe((e) => seen[0].push(describeEvent(e)));
    informer.handle({ resync$: second }).subscribe((e) => seen[1].push(describeEvent(e)));
    running = informer.start();
    lw.respondList([pod('a', '1'), pod('b', '2')], '10');
    await informer.waitForCacheSync();
    // Both resyncs are queued before the queue is drained: with atomicEvents, as two SyncAll
    // changes under one key.
    first.next();
    second.next();
    await flushMicrotasks(50);
    for (const events of seen) {
      expect(events.slice(0, 2)).toEqual(['add:a@1', 'add:b@2']);
      // The resync follows the cache's order of keys.
      expect(events.slice(2).sort()).toEqual(['update:a@1', 'update:b@2']);
    }
  },
);
