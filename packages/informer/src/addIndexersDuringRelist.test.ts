import { VirtualClock, flushMicrotasks } from '@rxkube/devkit';
import type { IndexFunc } from '@rxkube/store';
import { silentLogger } from './logger.js';
import { SharedIndexInformer } from './sharedIndexInformer.js';
import { FakeListerWatcher } from './testSupport/fakeListerWatcher.testing.js';
import { pod, type TestPod } from './testSupport/pods.testing.js';

const byName: IndexFunc<TestPod> = (p) => [p.metadata.name];

// While a relist is applied, indexer$ stays at the snapshot from before it. An index added in
// that window must be in that snapshot too: a consumer arriving then (a dashboard component
// adding the index it filters by) asks indexer$ for it at once.
test('an index added while a relist is held is in the held snapshot, and follows the list once applied', async () => {
  const lw = new FakeListerWatcher<TestPod>();
  const informer = new SharedIndexInformer(lw, {
    scheduler: new VirtualClock(),
    logger: silentLogger,
    // The scripted lister-watcher answers a paged list.
    reflector: { streamingList: false },
  });
  const running = informer.start();
  informer.indexer$.subscribe();
  // The list is queued (indexer$ held) and drained a microtask later.
  lw.respondList([pod('a', '1'), pod('b', '2')], '2');
  informer.addIndexers({ byName });
  const answers: string[][] = [];
  const failures: unknown[] = [];
  informer.byIndex$('byName', 'a').subscribe({
    next: (pods) => answers.push(pods.map((p) => p.metadata.name)),
    error: (err: unknown) => failures.push(err),
  });
  await flushMicrotasks();
  expect(failures).toEqual([]);
  expect(answers).toEqual([[], ['a']]);
  expect(informer.indexer$.value.byIndex('byName', 'b').map((p) => p.metadata.name)).toEqual(['b']);
  running.unsubscribe();
});
