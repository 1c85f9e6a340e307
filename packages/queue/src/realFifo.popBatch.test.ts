// Ports the `PopBatch` tests of client-go's tools/cache/the_real_fifo_test.go (each case names
// the Go test it ports), plus what batches share with `pop` here: requeueing, closing, taking
// turns, and writes that treat a batch in flight as applied.
import { DeletedFinalStateUnknown, KeyError } from '@rxkube/store';
import { DeltaType, type Delta } from './deltas.js';
import { FIFOClosedError, RequeueError } from './errors.js';
import { MapStore, deferred, obj, type TestObj } from './fixtures.testing.js';
import { RealFIFO, atomicDeltaKey } from './realFifo.js';

const { Added, Updated, Deleted, Replaced, SyncAll } = DeltaType;

interface Batch {
  readonly deltas: readonly Delta<TestObj>[];
  readonly isInInitialList: boolean;
}

/** Pops batches until nothing is queued; returns each batch, lone changes included. */
async function popBatches(f: RealFIFO<TestObj>): Promise<Batch[]> {
  const batches: Batch[] = [];
  while (f.size > 0) {
    await f.popBatch(
      (deltas, isInInitialList) => {
        expect(deltas.length).toBeGreaterThan(1);
        batches.push({ deltas: [...deltas], isInInitialList });
      },
      (deltas, isInInitialList) => void batches.push({ deltas: deltas.toArray(), isInInitialList }),
    );
  }
  return batches;
}

describe('RealFIFO.popBatch', () => {
  const unlimited = 999999;
  const [obj1, obj2, obj3, obj4] = [1, 2, 3, 4].map((i) => obj(`foo${i}`, 5)) as [
    TestObj,
    TestObj,
    TestObj,
    TestObj,
  ];
  const replaced = (o: TestObj): Delta<TestObj> => ({ type: Replaced, object: o });
  const updated = (o: TestObj): Delta<TestObj> => ({ type: Updated, object: o });

  it.each<[string, TestObj[], TestObj[], number, Delta<TestObj>[][]]>([
    [
      'non-split: unique items pop as one batch',
      [obj1, obj2, obj3],
      [],
      unlimited,
      [[replaced(obj1), replaced(obj2), replaced(obj3)]],
    ],
    [
      'split by the initial list: 2 initial items and 2 updates make 2 batches',
      [obj1, obj2],
      [obj3, obj4],
      2,
      [
        [replaced(obj1), replaced(obj2)],
        [updated(obj3), updated(obj4)],
      ],
    ],
    [
      'split by a repeated key #1: updates of one item pop one by one',
      [obj1],
      [obj1, obj1],
      unlimited,
      [[replaced(obj1)], [updated(obj1)], [updated(obj1)]],
    ],
    [
      'split by a repeated key #2: a repeated key at the end starts a new batch',
      [obj1, obj2],
      [obj2, obj3],
      unlimited,
      [
        [replaced(obj1), replaced(obj2)],
        [updated(obj2), updated(obj3)],
      ],
    ],
    [
      'split by a repeated key #3: a repeated key in the middle starts a new batch',
      [obj1, obj2, obj3],
      [obj2],
      unlimited,
      [[replaced(obj1), replaced(obj2), replaced(obj3)], [updated(obj2)]],
    ],
    [
      'split by the batch size #1: the initial list is batched',
      [obj1, obj2, obj3],
      [],
      2,
      [[replaced(obj1), replaced(obj2)], [replaced(obj3)]],
    ],
    [
      'split by the batch size #2: later changes are batched',
      [],
      [obj1, obj2, obj3],
      2,
      [[updated(obj1), updated(obj2)], [updated(obj3)]],
    ],
    [
      'split by the batch size #3: 3 initial and 1 later change in batches of 2 make 3 batches',
      [obj1, obj2, obj3],
      [obj4],
      2,
      [[replaced(obj1), replaced(obj2)], [replaced(obj3)], [updated(obj4)]],
    ],
  ])(
    '%s (TestRealFIFO_PopMultipleDeltaInBatch)',
    async (_, initialItems, updates, batchSize, expected) => {
      const f = new RealFIFO<TestObj>({ knownObjects: new MapStore(initialItems), batchSize });
      f.replace(initialItems, '123');
      for (const o of updates) f.update(o);
      const batches = await popBatches(f);
      expect(batches.map((b) => b.deltas)).toEqual(expected);
      const initial = batches.filter((b) => b.isInInitialList).flatMap((b) => b.deltas);
      expect(initial.map((d) => d.object)).toEqual(initialItems);
    },
  );

  // client-go keys a change when it is batched, and batches a change whose key fails as the
  // batch's last. Here a change is keyed when it is written: a keyless object throws a
  // KeyError there and is never queued, so batches hold only the others.
  it.each<[string, ('ok1' | 'ok2' | 'bad3' | 'bad4')[], string[][]]>([
    ['1st item is broken', ['bad3'], []],
    ['nth item is broken', ['ok1', 'ok2', 'bad3'], [['foo1', 'foo2']]],
    ['multiple nth items are broken', ['ok1', 'ok2', 'bad3', 'bad4'], [['foo1', 'foo2']]],
    ['mixed 1st and nth items are broken', ['bad3', 'ok1', 'bad4'], [['foo1']]],
  ])('%s (TestRealFIFO_PopBrokenItemsInBatch)', async (_, incoming, expected) => {
    const broken = new Set(['foo3', 'foo4']);
    const f = new RealFIFO<TestObj>({
      batchSize: unlimited,
      keyFunction: (o) => {
        if (broken.has(o.metadata.name)) throw new Error('test key func error');
        return o.metadata.name;
      },
    });
    for (const item of incoming) {
      const o = obj(`foo${item.slice(-1)}`, 5);
      if (item.startsWith('bad')) expect(() => f.add(o)).toThrow(KeyError);
      else f.add(o);
    }
    const batches = await popBatches(f);
    expect(batches.map((b) => b.deltas.map((d) => (d.object as TestObj).metadata.name))).toEqual(
      expected,
    );
    expect(batches.flatMap((b) => b.deltas).every((d) => d.type === Added)).toBe(true);
  });

  it('pops a change of the whole cache alone, and ends a batch before it', async () => {
    const f = new RealFIFO<TestObj>({ atomicEvents: true });
    f.add(obj1);
    f.add(obj2);
    f.resync();
    f.add(obj3);
    const keys: string[][] = [];
    while (f.size > 0) {
      await f.popBatch(
        (deltas) => void keys.push(deltas.map((d) => (d.object as TestObj).metadata.name)),
        (deltas, _, key) => void keys.push([`${deltas.oldest()?.type}:${key}`]),
      );
    }
    expect(keys).toEqual([['foo1', 'foo2'], [`${SyncAll}:${atomicDeltaKey}`], [`Added:foo3`]]);
  });

  it('puts a whole batch back at the front, in order, on a RequeueError', async () => {
    const f = new RealFIFO<TestObj>();
    f.add(obj1);
    f.add(obj2);
    await expect(
      f.popBatch(
        () => {
          throw new RequeueError(new Error('try later'));
        },
        () => undefined,
      ),
    ).rejects.toThrow('try later');
    f.add(obj3);
    expect(f.listDeltas().map((d) => (d.object as TestObj).metadata.name)).toEqual([
      'foo1',
      'foo2',
      'foo3',
    ]);
  });

  it('keeps a requeued initial batch in the initial list', async () => {
    const f = new RealFIFO<TestObj>();
    f.replace([obj1, obj2], '1');
    await expect(
      f.popBatch(
        () => {
          throw new RequeueError();
        },
        () => undefined,
      ),
    ).resolves.toHaveLength(2);
    expect(f.hasSynced()).toBe(false);
    const batches = await popBatches(f);
    expect(batches.map((b) => b.isInInitialList)).toEqual([true]);
    expect(f.hasSynced()).toBe(true);
  });

  it('takes turns with pop, and is not synced while an initial batch is processed', async () => {
    const f = new RealFIFO<TestObj>();
    f.replace([obj1, obj2], '1');
    const gate = deferred();
    const batch = f.popBatch(
      () => gate.promise,
      () => undefined,
    );
    const single = f.pop(() => undefined);
    f.add(obj3);
    expect(f.hasSynced()).toBe(false);
    expect(f.size).toBe(1); // obj3: the pop waits for the batch
    gate.resolve();
    expect(await batch).toHaveLength(2);
    expect((await single).oldest()).toEqual({ type: Added, object: obj3 });
    expect(f.hasSynced()).toBe(true);
  });

  it('treats a batch in flight as applied: a relist meanwhile deletes its objects', async () => {
    const known = new MapStore<TestObj>();
    const f = new RealFIFO<TestObj>({ knownObjects: known });
    f.add(obj1);
    f.add(obj2);
    const gate = deferred();
    const batch = f.popBatch(
      async (deltas) => {
        await gate.promise;
        for (const d of deltas) known.add(d.object as TestObj);
      },
      () => undefined,
    );
    f.replace([obj2], '2');
    gate.resolve();
    await batch;
    expect(f.listDeltas()).toEqual([
      { type: Deleted, object: new DeletedFinalStateUnknown('foo1', obj1) },
      { type: Replaced, object: obj2 },
    ]);
  });

  it('drains what is queued after close, then rejects with FIFOClosedError', async () => {
    const f = new RealFIFO<TestObj>();
    f.add(obj1);
    f.close();
    await expect(
      f.popBatch(
        () => undefined,
        () => undefined,
      ),
    ).resolves.toHaveLength(1);
    await expect(
      f.popBatch(
        () => undefined,
        () => undefined,
      ),
    ).rejects.toThrow(FIFOClosedError);
  });

  it('waits for a change, and a close wakes a waiting pop', async () => {
    const f = new RealFIFO<TestObj>();
    const waiting = f.popBatch(
      () => undefined,
      () => undefined,
    );
    f.close();
    await expect(waiting).rejects.toThrow(FIFOClosedError);
  });
});
