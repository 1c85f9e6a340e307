import type { InformerError } from './errors.js';
import { silentLogger } from './logger.js';
import { SharedIndexInformer } from './sharedIndexInformer.js';
import { FakeListerWatcher } from './testing/fakeListerWatcher.testing.js';
import { pod, type TestPod } from './testing/pods.testing.js';
import { settle, SteppingScheduler } from './testing/virtualTime.testing.js';

test('a watch event older than the cached object is reported and not applied', async () => {
  const lw = new FakeListerWatcher<TestPod>();
  const informer = new SharedIndexInformer(lw, {
    scheduler: new SteppingScheduler(),
    logger: silentLogger,
    reflector: { random: () => 0 },
  });
  const errors: InformerError[] = [];
  const seen: string[] = [];
  informer.errors$.subscribe((e) => errors.push(e));
  informer
    .handle()
    .subscribe((e) => seen.push(`${e.type}@${(e.object as TestPod).metadata.resourceVersion}`));
  const running = informer.start();
  lw.respondList([pod('a', '9')], '10');
  await settle();
  lw.emit({ type: 'MODIFIED', object: pod('a', '3') });
  lw.emit({ type: 'DELETED', object: pod('a', '4') });
  lw.emit({ type: 'MODIFIED', object: pod('a', '12') });
  await settle();
  // Same length once the leading zero goes: compared digit by digit, 11 < 12.
  lw.emit({ type: 'MODIFIED', object: pod('a', '011') });
  await settle();
  expect(seen).toEqual(['add@9', 'update@12']);
  expect(informer.getIndexer().getByKey('default/a')?.metadata.resourceVersion).toBe('12');
  expect(errors.map((e) => [e.kind, e.message])).toEqual([
    [
      'object',
      'fakes: object skipped at stale: resourceVersion 3 of default/a is older than the cached 9',
    ],
    [
      'object',
      'fakes: object skipped at stale: resourceVersion 4 of default/a is older than the cached 9',
    ],
    [
      'object',
      'fakes: object skipped at stale: resourceVersion 011 of default/a is older than the cached 12',
    ],
  ]);
  running.unsubscribe();
});
