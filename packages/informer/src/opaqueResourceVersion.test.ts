import type { InformerError } from './errors.js';
import { silentLogger } from './logger.js';
import { SharedIndexInformer } from './sharedIndexInformer.js';
import { FakeListerWatcher } from './testSupport/fakeListerWatcher.testing.js';
import { pod, type TestPod } from './testSupport/pods.testing.js';
import { VirtualClock, flushMicrotasks } from '@rxkube/devkit';

// Resource versions are opaque: aggregated API servers hand out versions that are not
// increasing numbers, and client-go never orders them. Every event is applied as it comes (with
// 'delta', each key's changes together, in the order keys were first queued).
test.each([
  ['real', ['add@9', 'add@x7', 'update@3', 'update@011', 'update@x2', 'delete@4']],
  ['delta', ['add@9', 'add@x7', 'update@3', 'update@011', 'delete@4', 'update@x2']],
] as const)(
  'watch events with "lower" or non-numeric resource versions are applied in stream order (fifo: %s)',
  async (fifo, expected) => {
    const lw = new FakeListerWatcher<TestPod>();
    const informer = new SharedIndexInformer(lw, {
      scheduler: new VirtualClock(),
      logger: silentLogger,
      reflector: { random: () => 0, streamingList: false },
      fifo,
    });
    const errors: InformerError[] = [];
    const seen: string[] = [];
    informer.errors$.subscribe((e) => errors.push(e));
    informer
      .handle()
      .subscribe((e) => seen.push(`${e.type}@${(e.object as TestPod).metadata.resourceVersion}`));
    const running = informer.start();
    lw.respondList([pod('a', '9'), pod('b', 'x7')], '10');
    await flushMicrotasks();
    lw.emit({ type: 'MODIFIED', object: pod('a', '3') });
    await flushMicrotasks();
    expect(informer.getIndexer().getByKey('default/a')?.metadata.resourceVersion).toBe('3');
    lw.emit({ type: 'MODIFIED', object: pod('a', '011') });
    lw.emit({ type: 'MODIFIED', object: pod('b', 'x2') });
    lw.emit({ type: 'DELETED', object: pod('a', '4') });
    await flushMicrotasks();
    expect(seen).toEqual(expected);
    expect(informer.getIndexer().listKeys()).toEqual(['default/b']);
    expect(informer.getIndexer().getByKey('default/b')?.metadata.resourceVersion).toBe('x2');
    expect(errors).toEqual([]);
    running.unsubscribe();
  },
);
