import { DeletedFinalStateUnknown, NamespaceIndex, metaNamespaceIndexFunc } from '@rxkube/store';
import { Subject, type Subscription } from 'rxjs';
import type { InformerEvent } from './eventHandler.js';
import type { InformerError } from './errors.js';
import { type SharedIndexInformerOptions, freezeByDefault } from './informerOptions.js';
import { silentLogger } from './logger.js';
import type { InformerMetrics } from './metrics.js';
import { SharedIndexInformer } from './sharedIndexInformer.js';
import { FakeListerWatcher } from './testSupport/fakeListerWatcher.testing.js';
import { pod, type TestPod } from './testSupport/pods.testing.js';
import { VirtualClock, flushMicrotasks } from '@rxkube/devkit';

let lw: FakeListerWatcher<TestPod>;
let scheduler: VirtualClock;
let informer: SharedIndexInformer<TestPod>;
let errors: InformerError[];
let running: Subscription | undefined;

function create(options: SharedIndexInformerOptions<TestPod> = {}): SharedIndexInformer<TestPod> {
  lw = new FakeListerWatcher<TestPod>();
  informer = new SharedIndexInformer(lw, {
    scheduler,
    // These tests provoke failures and read them from errors$.
    logger: silentLogger,
    // The scripted lister-watcher answers paged lists; streaming lists: reflector.test.ts.
    reflector: { random: () => 0, streamingList: false },
    indexers: { [NamespaceIndex]: metaNamespaceIndexFunc },
    ...options,
  });
  informer.errors$.subscribe((err) => errors.push(err));
  return informer;
}

function keysOf(events: InformerEvent<TestPod>[]): string[] {
  return events.map((e) => {
    const obj = e.object instanceof DeletedFinalStateUnknown ? e.object.obj : e.object;
    return `${e.type}:${obj?.metadata.name}@${obj?.metadata.resourceVersion}`;
  });
}

function names(snapshot: { list(): readonly TestPod[] }): string[] {
  return snapshot
    .list()
    .map((p) => `${p.metadata.name}@${p.metadata.resourceVersion}`)
    .sort();
}

beforeEach(() => {
  scheduler = new VirtualClock();
  errors = [];
  running = undefined;
});
afterEach(() => {
  running?.unsubscribe();
  informer.stop();
});

test('syncs the initial list: one consistent snapshot, then hasSynced, handlers get initial adds', async () => {
  create();
  const events: InformerEvent<TestPod>[] = [];
  informer.handle().subscribe((e) => events.push(e));
  const sizes: number[] = [];
  informer.indexer$.subscribe((s) => sizes.push(s.size));
  running = informer.start();
  expect(informer.hasSynced()).toBe(false);
  lw.respondList([pod('a', '1'), pod('b', '2'), pod('c', '3')], '10');
  expect(await informer.waitForCacheSync()).toBe(true);
  await flushMicrotasks();
  expect(sizes).toEqual([0, 3]);
  expect(events.every((e) => e.type === 'add' && e.isInInitialList)).toBe(true);
  expect(keysOf(events).sort()).toEqual(['add:a@1', 'add:b@2', 'add:c@3']);
  expect(informer.indexer$.value.resourceVersion).toBe('10');
  expect(informer.lastSyncResourceVersion()).toBe('10');
});

test('a relist is published as one snapshot, with tombstones for objects deleted meanwhile', async () => {
  create();
  const events: InformerEvent<TestPod>[] = [];
  informer.handle().subscribe((e) => events.push(e));
  running = informer.start();
  lw.respondList([pod('a', '1'), pod('b', '2'), pod('c', '3')], '10');
  await informer.waitForCacheSync();
  const seen: string[][] = [];
  informer.indexer$.subscribe((s) => seen.push(names(s)));
  // The watch expires; the relist finds b gone, c changed and d new.
  lw.emit({ type: 'ERROR', object: { code: 410, reason: 'Expired' } });
  scheduler.advance(800);
  lw.respondList([pod('a', '1'), pod('c', '7'), pod('d', '8')], '20');
  await flushMicrotasks(50);
  expect(seen).toEqual([
    ['a@1', 'b@2', 'c@3'],
    ['a@1', 'c@7', 'd@8'],
  ]);
  const afterRelist = events.slice(3);
  expect(keysOf(afterRelist).sort()).toEqual(['add:d@8', 'delete:b@2', 'update:c@7']);
  const deletion = afterRelist.find((e) => e.type === 'delete');
  expect(deletion?.object).toBeInstanceOf(DeletedFinalStateUnknown);
  expect(informer.indexer$.value.resourceVersion).toBe('20');
});

test('status$ says when the informer backs off and since when its cache is stale, then that it recovered', async () => {
  create();
  const seen: string[] = [];
  informer.status$.subscribe((s) =>
    seen.push(
      [s.phase, s.hasSynced ? 'synced' : 'unsynced', `retry ${s.retryAt}`, `stale ${s.staleSince}`]
        .concat(s.lastError === undefined ? [] : [`${s.lastError.kind} at ${s.lastErrorAt}`])
        .join(' · '),
    ),
  );
  running = informer.start();
  lw.respondList([pod('a', '1')], '10');
  await informer.waitForCacheSync();
  scheduler.advance(5_000);
  // The watch expires at 5 s: the Reflector waits 800 ms, relists, and watches again.
  lw.emit({ type: 'ERROR', object: { code: 410, reason: 'Expired' } });
  expect(informer.status()).toMatchObject({
    phase: 'backingOff',
    retryAt: 5_800,
    staleSince: 5_000,
  });
  scheduler.advance(800);
  lw.respondList([pod('a', '1')], '20');
  await flushMicrotasks(50);
  expect(seen).toEqual([
    'syncing · unsynced · retry undefined · stale undefined',
    'watching · unsynced · retry undefined · stale undefined',
    'watching · synced · retry undefined · stale undefined',
    'watching · synced · retry undefined · stale undefined · api at 5000',
    'backingOff · synced · retry 5800 · stale 5000 · api at 5000',
    'relisting · synced · retry undefined · stale 5000 · api at 5000',
    'watching · synced · retry undefined · stale undefined · api at 5000',
  ]);
  informer.stop();
  expect(seen).toHaveLength(7);
});

test('with consistent snapshots off, a relist shows through key by key', async () => {
  create({ consistentSnapshots: false });
  running = informer.start();
  lw.respondList([pod('a', '1'), pod('b', '2')], '10');
  await informer.waitForCacheSync();
  const seen: number[] = [];
  informer.indexer$.subscribe((s) => seen.push(s.size));
  lw.lastWatch().subject.complete();
  scheduler.advance(800);
  lw.respondList([pod('c', '3'), pod('d', '4')], '20');
  await flushMicrotasks(50);
  expect(seen.length).toBeGreaterThan(2);
});

// With 'real' the handlers see the stream's order; with 'delta' each key's changes together, keys
// in the order they were first queued.
test.each([
  ['real', ['add:a@2', 'update:a@3', 'add:b@4', 'delete:a@5']],
  ['delta', ['add:a@2', 'update:a@3', 'delete:a@5', 'add:b@4']],
] as const)(
  'watch events reach the cache and every handler in order (fifo: %s)',
  async (fifo, expected) => {
    create({ fifo });
    const first: InformerEvent<TestPod>[] = [];
    const second: InformerEvent<TestPod>[] = [];
    informer.addEventHandler({
      onAdd: (o) => void first.push({ type: 'add', object: o, isInInitialList: false }),
      onUpdate: (old, o) =>
        void first.push({ type: 'update', object: o, oldObject: old, isInInitialList: false }),
      onDelete: (o) => void first.push({ type: 'delete', object: o, isInInitialList: false }),
    });
    informer.handle().subscribe((e) => second.push(e));
    running = informer.start();
    lw.respondList([], '1');
    await informer.waitForCacheSync();
    lw.emit({ type: 'ADDED', object: pod('a', '2') });
    lw.emit({ type: 'MODIFIED', object: pod('a', '3') });
    lw.emit({ type: 'ADDED', object: pod('b', '4') });
    lw.emit({ type: 'DELETED', object: pod('a', '5') });
    await flushMicrotasks(50);
    expect(keysOf(second)).toEqual(expected);
    expect(keysOf(first)).toEqual(expected);
    expect(names(informer.getIndexer())).toEqual(['b@4']);
    expect(informer.lister().namespace('default').get('b')?.metadata.resourceVersion).toBe('4');
  },
);

test.each([
  ['real', ['update:a@11', 'update:b@12', 'add:c@13', 'update:a@14']],
  ['delta', ['update:a@11', 'update:a@14', 'update:b@12', 'add:c@13']],
] as const)(
  'watch events that arrive together reach indexer$ as one snapshot, and handlers each of them (fifo: %s)',
  async (fifo, handled) => {
    create({ fifo });
    const events: InformerEvent<TestPod>[] = [];
    informer.handle().subscribe((e) => events.push(e));
    running = informer.start();
    lw.respondList([pod('a', '1'), pod('b', '2')], '10');
    await informer.waitForCacheSync();
    await flushMicrotasks();
    const seen: string[][] = [];
    const versions: string[] = [];
    informer.indexer$.subscribe((s) => {
      seen.push(names(s));
      versions.push(s.resourceVersion);
    });
    // One network read's worth of events: queued in one turn, popped in one drain.
    lw.emit({ type: 'MODIFIED', object: pod('a', '11') });
    lw.emit({ type: 'MODIFIED', object: pod('b', '12') });
    lw.emit({ type: 'ADDED', object: pod('c', '13') });
    lw.emit({ type: 'MODIFIED', object: pod('a', '14') });
    await flushMicrotasks(50);
    expect(seen).toEqual([
      ['a@1', 'b@2'],
      ['a@14', 'b@12', 'c@13'],
    ]);
    expect(versions).toEqual(['10', '14']);
    expect(keysOf(events.slice(2))).toEqual(handled);
    // A later turn is a snapshot of its own.
    lw.emit({ type: 'DELETED', object: pod('b', '15') });
    await flushMicrotasks(50);
    expect(seen.slice(2)).toEqual([['a@14', 'c@13']]);
    expect(versions.slice(2)).toEqual(['15']);
  },
);

test('bookmarks advance the resource version and change nothing else', async () => {
  create();
  running = informer.start();
  lw.respondList([pod('a', '1')], '10');
  await informer.waitForCacheSync();
  const before = informer.indexer$.value;
  lw.emit({ type: 'BOOKMARK', object: { metadata: { resourceVersion: '99' } } });
  await flushMicrotasks();
  expect(informer.lastSyncResourceVersion()).toBe('99');
  expect(informer.indexer$.value.resourceVersion).toBe('99');
  expect(informer.indexer$.value.list()).toEqual(before.list());
  expect(informer.metrics()).toMatchObject({ bookmarks: 1, lists: 1, watches: 1 });
});

// A DeltaFIFO's depth counts keys, a RealFIFO's changes.
test.each([
  ['real', 3],
  ['delta', 2],
] as const)(
  'metrics report how much waits in the queue, and nothing once stopped (fifo: %s)',
  async (fifo, depth) => {
    create({ fifo });
    running = informer.start();
    lw.respondList([pod('a', '1')], '10');
    await informer.waitForCacheSync();
    await flushMicrotasks();
    expect(informer.metrics().fifoDepth).toBe(0);
    // Three events for two keys, before the queue has been popped.
    for (const name of ['b', 'c', 'b']) lw.emit({ type: 'ADDED', object: pod(name, '2') });
    expect(informer.metrics().fifoDepth).toBe(depth);
    await flushMicrotasks();
    expect(informer.metrics().fifoDepth).toBe(0);
    expect(informer.getIndexer().size).toBe(3);
    lw.emit({ type: 'MODIFIED', object: pod('a', '3') });
    expect(informer.metrics().fifoDepth).toBe(1);
    informer.stop();
    expect(informer.metrics().fifoDepth).toBe(0);
  },
);

test('metrics$ emits the metrics as they are at each period, in virtual time', async () => {
  create();
  const samples: InformerMetrics[] = [];
  informer.metrics$(1000).subscribe((m) => samples.push(m));
  running = informer.start();
  lw.respondList([pod('a', '1')], '10');
  await informer.waitForCacheSync();
  await flushMicrotasks();
  expect(samples).toEqual([]); // the first sample comes after one period
  scheduler.advance(1000);
  expect(samples).toHaveLength(1);
  expect(samples[0]).toMatchObject({ lists: 1, events: 0, cached: 1, lastResourceVersion: '10' });
  lw.emit({ type: 'ADDED', object: pod('b', '11') });
  lw.emit({ type: 'MODIFIED', object: pod('b', '12') });
  await flushMicrotasks();
  scheduler.advance(999);
  expect(samples).toHaveLength(1);
  scheduler.advance(1);
  expect(samples[1]).toMatchObject({ lists: 1, events: 2, cached: 2, lastResourceVersion: '12' });
  // Each sample is a snapshot: later changes do not show in it.
  expect(samples[0]).toMatchObject({ events: 0, cached: 1 });
  lw.emit({ type: 'DELETED', object: pod('a', '13') });
  await flushMicrotasks();
  scheduler.advance(1000);
  expect(samples.map((m) => [m.events, m.cached, m.lastResourceVersion])).toEqual([
    [0, 1, '10'],
    [2, 2, '12'],
    [3, 1, '13'],
  ]);
});

// Neither queue drops a change: a DeltaFIFO keeps a key's whole history in its one entry. The
// difference is the pops: one entry with three changes, or three entries of one change, each a
// state the server had, which `indexer$` shows when it publishes per pop.
test.each([
  ['real', ['a@2', 'a@3', 'a@4']],
  ['delta', ['a@4']],
] as const)(
  'three updates of one key in one burst reach handlers as three updates, popped per change with real, per key with delta (fifo: %s)',
  async (fifo, snapshots) => {
    create({ fifo, consistentSnapshots: false });
    running = informer.start();
    lw.respondList([pod('a', '1')], '1');
    await informer.waitForCacheSync();
    await flushMicrotasks();
    const events: InformerEvent<TestPod>[] = [];
    const seen: string[] = [];
    informer.handle().subscribe((e) => events.push(e));
    await flushMicrotasks();
    events.length = 0;
    informer.indexer$.subscribe((snapshot) => seen.push(names(snapshot).join(' ')));
    for (const version of ['2', '3', '4']) lw.emit({ type: 'MODIFIED', object: pod('a', version) });
    await flushMicrotasks(50);
    expect(keysOf(events)).toEqual(['update:a@2', 'update:a@3', 'update:a@4']);
    expect(seen.slice(1)).toEqual(snapshots);
  },
);

describe('per-handler resync', () => {
  test('each handler resyncs on its own schedule with the cached objects, and only it', async () => {
    create();
    const fast: string[] = [];
    const slow: string[] = [];
    const never: string[] = [];
    const record = (into: string[]) => (e: InformerEvent<TestPod>) =>
      into.push(`${scheduler.now()}:${e.type}:${(e.object as TestPod).metadata.name}`);
    informer.handle({ resyncPeriod: 10_000 }).subscribe(record(fast));
    informer.handle({ resyncPeriod: 25_000 }).subscribe(record(slow));
    informer.handle().subscribe(record(never));
    running = informer.start();
    expect(informer.resyncCheckPeriod()).toBe(10_000);
    lw.respondList([pod('a', '1')], '10');
    await informer.waitForCacheSync();
    for (let t = 0; t < 30; t++) {
      scheduler.advance(1000);
      await flushMicrotasks();
    }
    expect(fast).toEqual(['0:add:a', '10000:update:a', '20000:update:a', '30000:update:a']);
    expect(slow).toEqual(['0:add:a', '25000:update:a']);
    expect(never).toEqual(['0:add:a']);
  });

  test('a resync never delivers an object older than a change still queued', async () => {
    create();
    const seen: string[] = [];
    informer
      .handle({ resyncPeriod: 1000 })
      .subscribe((e) => seen.push(`${e.type}@${(e.object as TestPod).metadata.resourceVersion}`));
    running = informer.start();
    lw.respondList([pod('a', '1')], '10');
    await informer.waitForCacheSync();
    await flushMicrotasks();
    // The change and the resync arrive together, before the queue is popped.
    lw.emit({ type: 'MODIFIED', object: pod('a', '2') });
    scheduler.advance(1000);
    await flushMicrotasks(50);
    expect(seen).toEqual(['add@1', 'update@2']);
    scheduler.advance(1000);
    await flushMicrotasks(50);
    expect(seen).toEqual(['add@1', 'update@2', 'update@2']);
  });

  test('a resync schedule can be any Observable', async () => {
    create();
    const trigger = new Subject<void>();
    const seen: string[] = [];
    informer.handle({ resync$: trigger }).subscribe((e) => seen.push(e.type));
    running = informer.start();
    lw.respondList([pod('a', '1'), pod('b', '2')], '10');
    await informer.waitForCacheSync();
    trigger.next();
    await flushMicrotasks(50);
    expect(seen).toEqual(['add', 'add', 'update', 'update']);
    expect(informer.metrics().resyncs).toBe(1);
  });

  test('the check period follows the smallest handler period and is re-planned on removal', () => {
    create();
    informer.addEventHandler({}, { resyncPeriod: 5000 });
    const fast = informer.addEventHandler({}, { resyncPeriod: 2000 });
    informer.addEventHandler({}, { resyncPeriod: 300 }).remove();
    expect(informer.resyncCheckPeriod()).toBe(2000);
    fast.remove();
    expect(informer.resyncCheckPeriod()).toBe(5000);
  });
});

test('a late handler gets the cache as adds, then live events, without gap or duplicate', async () => {
  create();
  running = informer.start();
  lw.respondList([pod('a', '1'), pod('b', '2')], '10');
  await informer.waitForCacheSync();
  lw.emit({ type: 'MODIFIED', object: pod('a', '3') });
  await flushMicrotasks();
  const events: InformerEvent<TestPod>[] = [];
  const subscription = informer.handle().subscribe((e) => events.push(e));
  lw.emit({ type: 'MODIFIED', object: pod('b', '4') });
  await flushMicrotasks(50);
  expect(keysOf(events.slice(0, 2)).sort()).toEqual(['add:a@3', 'add:b@2']);
  expect(keysOf(events.slice(2))).toEqual(['update:b@4']);
  expect(events.slice(0, 2).every((e) => e.isInInitialList)).toBe(true);
  subscription.unsubscribe();
});

test('a handler that throws is reported and keeps receiving events', async () => {
  create();
  const received: string[] = [];
  const registration = informer.addEventHandler(
    {
      onAdd: (obj) => {
        received.push(obj.metadata.name);
        if (obj.metadata.name === 'bad') throw new Error('boom');
      },
    },
    { name: 'picky' },
  );
  running = informer.start();
  lw.respondList([], '1');
  lw.emit({ type: 'ADDED', object: pod('bad', '2') });
  lw.emit({ type: 'ADDED', object: pod('good', '3') });
  await flushMicrotasks(50);
  expect(received).toEqual(['bad', 'good']);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatchObject({ kind: 'handler', handler: 'picky', event: 'add' });
  expect(registration.hasSynced()).toBe(true);
});

test('a slow async handler delays neither the cache nor other handlers, and loses nothing', async () => {
  create();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const slow: string[] = [];
  const fast: string[] = [];
  informer.addEventHandler({
    onAdd: async (obj) => {
      slow.push(obj.metadata.name);
      await gate;
    },
  });
  informer.addEventHandler({ onAdd: (obj) => void fast.push(obj.metadata.name) });
  running = informer.start();
  lw.respondList([], '1');
  for (const name of ['a', 'b', 'c']) lw.emit({ type: 'ADDED', object: pod(name, '2') });
  await flushMicrotasks(50);
  expect(fast).toEqual(['a', 'b', 'c']);
  expect(slow).toEqual(['a']);
  expect(informer.getIndexer().size).toBe(3);
  expect(informer.metrics().handlers.map((h) => h.buffered)).toEqual([2, 0]);
  release();
  await flushMicrotasks(50);
  expect(slow).toEqual(['a', 'b', 'c']);
});

test('a removed handler receives nothing more', async () => {
  create();
  const events: string[] = [];
  const registration = informer.addEventHandler({
    onAdd: (o) => void events.push(o.metadata.name),
  });
  running = informer.start();
  lw.respondList([], '1');
  lw.emit({ type: 'ADDED', object: pod('a', '2') });
  await flushMicrotasks();
  registration.remove();
  lw.emit({ type: 'ADDED', object: pod('b', '3') });
  await flushMicrotasks();
  expect(events).toEqual(['a']);
});

test('cached objects are frozen: mutating one throws instead of corrupting the cache', async () => {
  create();
  running = informer.start();
  lw.respondList([pod('a', '1', { metadata: { name: 'a', labels: { app: 'web' } } })], '10');
  await informer.waitForCacheSync();
  const cached = informer.lister().get('default/a')!;
  expect(() => {
    cached.metadata.labels!['app'] = 'hacked';
  }).toThrow(TypeError);
  expect(informer.lister().get('default/a')?.metadata.labels).toEqual({ app: 'web' });
});

test('freezing is on by default except in production, and can be chosen either way', async () => {
  expect(freezeByDefault({})).toBe(true);
  expect(freezeByDefault({ NODE_ENV: 'test' })).toBe(true);
  expect(freezeByDefault({ NODE_ENV: 'production' })).toBe(false);
  create({ freeze: false });
  running = informer.start();
  lw.respondList([pod('a', '1', { metadata: { name: 'a', labels: { app: 'web' } } })], '10');
  await informer.waitForCacheSync();
  expect(Object.isFrozen(informer.lister().get('default/a'))).toBe(false);
});

test('a defect in the pipeline is reported as an InternalError, and it starts over a second later with a new queue', async () => {
  // The defect: a metrics provider whose series throw, once, when armed. Every fault of an
  // object or of user code the pipeline can name is an ObjectError or a HandlerError; this one
  // fails a step the pipeline runs for every pop.
  const defect = { armed: false };
  const fail = (): void => {
    if (!defect.armed) return;
    defect.armed = false;
    throw new TypeError('defect');
  };
  const series = { inc: fail, dec: fail, set: fail, observe: fail };
  create({
    freeze: true,
    metrics: { counter: () => series, gauge: () => series, histogram: () => series },
  });
  running = informer.start();
  lw.respondList([pod('a', '1')], '10');
  await informer.waitForCacheSync();
  defect.armed = true;
  lw.emit({ type: 'ADDED', object: pod('x', '11') });
  await flushMicrotasks();
  expect(errors.map((e) => e.kind)).toEqual(['internal']);
  expect(lw.lists).toHaveLength(1);
  scheduler.advance(999);
  expect(lw.lists).toHaveLength(1);
  scheduler.advance(1);
  expect(lw.lists).toHaveLength(2);
  lw.respondList([pod('a', '1'), pod('x', '11')], '11');
  await flushMicrotasks();
  expect(names(informer.indexer$.value)).toEqual(['a@1', 'x@11']);
  expect(informer.indexer$.value.resourceVersion).toBe('11');
});

test('transform runs before the queue; a throwing transform skips only its object', async () => {
  create({
    transform: (obj) => {
      if (obj.metadata.name === 'broken') throw new Error('cannot transform');
      return { ...obj, status: undefined };
    },
  });
  running = informer.start();
  lw.respondList([pod('a', '1', { status: { phase: 'Running' } }), pod('broken', '2')], '10');
  await informer.waitForCacheSync();
  expect(
    informer
      .lister()
      .list()
      .map((p) => p.metadata.name),
  ).toEqual(['a']);
  expect(informer.lister().get('default/a')?.status).toBeUndefined();
  expect(errors.map((e) => e.kind)).toEqual(['object']);
  expect(() => informer.setTransform((o) => o)).toThrow(/before the informer starts/);
});

test('a malformed object is reported and skipped; the rest of the list is cached', async () => {
  create();
  running = informer.start();
  lw.respondList([pod('a', '1'), { metadata: {} } as TestPod], '10');
  await informer.waitForCacheSync();
  lw.emit({ type: 'ADDED', object: { metadata: { namespace: 'x' } } as TestPod });
  lw.emit({ type: 'ADDED', object: pod('b', '11') });
  await flushMicrotasks();
  expect(names(informer.getIndexer())).toEqual(['a@1', 'b@11']);
  expect(errors.map((e) => `${e.kind}:${(e as { stage?: string }).stage}`)).toEqual([
    'object:key',
    'object:key',
  ]);
});

test('stop aborts the watch, completes the streams and cancels every timer', async () => {
  create();
  informer.handle({ resyncPeriod: 5000 }).subscribe();
  let completed = 0;
  informer.indexer$.subscribe({ complete: () => completed++ });
  informer.errors$.subscribe({ complete: () => completed++ });
  informer.hasSynced$.subscribe({ complete: () => completed++ });
  running = informer.start();
  lw.respondList([pod('a', '1')], '10');
  await informer.waitForCacheSync();
  informer.stop();
  expect(lw.lastWatch().active).toBe(false);
  expect(completed).toBe(3);
  expect(scheduler.pending).toBe(0);
  expect(informer.isStopped()).toBe(true);
  expect(await informer.waitForCacheSync()).toBe(true);
  expect(() => informer.addEventHandler({})).toThrow(/stopped/);
});

test('stop completes every stream the informer handed out, and metrics$ stops ticking', async () => {
  create();
  const completed: string[] = [];
  const ends = (name: string) => ({ complete: () => completed.push(name) });
  informer.handle({ resyncPeriod: 5000 }).subscribe(ends('handle'));
  informer.metrics$(1000).subscribe(ends('metrics$'));
  informer.indexer$.subscribe(ends('indexer$'));
  informer.errors$.subscribe(ends('errors$'));
  informer.hasSynced$.subscribe(ends('hasSynced$'));
  informer.list$().subscribe(ends('list$'));
  informer.get$('default/a').subscribe(ends('get$'));
  informer.byIndex$(NamespaceIndex, 'default').subscribe(ends('byIndex$'));
  running = informer.start();
  lw.respondList([pod('a', '1')], '10');
  await informer.waitForCacheSync();
  const samples: number[] = [];
  informer.metrics$(500).subscribe({ next: (m) => samples.push(m.cached), ...ends('metrics$ 2') });
  scheduler.advance(1000);
  informer.stop();
  expect(completed.sort()).toEqual(
    [
      'byIndex$',
      'errors$',
      'get$',
      'handle',
      'hasSynced$',
      'indexer$',
      'list$',
      'metrics$',
      'metrics$ 2',
    ].sort(),
  );
  scheduler.advance(10_000);
  expect(samples).toEqual([1, 1]);
  expect(scheduler.pending).toBe(0);
});

test('streams asked for after stop complete at once', () => {
  create();
  running = informer.start();
  informer.stop();
  const completed: string[] = [];
  const ends = (name: string) => ({ complete: () => completed.push(name) });
  informer.handle().subscribe(ends('handle'));
  informer.metrics$(1000).subscribe(ends('metrics$'));
  informer.list$().subscribe(ends('list$'));
  informer.errors$.subscribe(ends('errors$'));
  expect(completed).toEqual(['handle', 'metrics$', 'list$', 'errors$']);
  expect(scheduler.pending).toBe(0);
});

test('waitForCacheSync resolves false when the informer stops first', async () => {
  create();
  running = informer.start();
  const waiting = informer.waitForCacheSync();
  informer.stop();
  expect(await waiting).toBe(false);
});

test('refuses a queue kind it does not know with a RangeError', () => {
  create();
  expect(
    () => new SharedIndexInformer(lw, { fifo: 'fast' as unknown as 'real', logger: silentLogger }),
  ).toThrow(RangeError);
});
