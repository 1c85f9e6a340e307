// Ports the `AtomicEvents` tests of client-go's tools/cache/the_real_fifo_test.go (each case
// names the Go test it ports), plus the rules this RealFIFO adds: typed option errors, atomic
// writes, the initial list, and the consumer's side (`expandAtomicDelta`, `applyDeltas`).
import { DeletedFinalStateUnknown, KeyError } from '@rxkube/store';
import { applyDeltas } from './applyDeltas.js';
import { DeltaFIFO } from './deltaFifoQueue.js';
import { DeltaType, Deltas, type AtomicDelta, type Delta } from './deltas.js';
import { AtomicDeltaError, RealFIFOOptionsError } from './errors.js';
import { expandAtomicDelta } from './expandAtomicDelta.js';
import { MapStore, obj, type TestObj } from './fixtures.testing.js';
import { RealFIFO, atomicDeltaKey } from './realFifo.js';

const { Added, Deleted, Replaced, ReplacedAll, Sync, SyncAll, Bookmark } = DeltaType;

const atomicFifo = (): RealFIFO<TestObj> =>
  new RealFIFO<TestObj>({ atomicEvents: true, emitDeltaTypeBookmark: true });

/** Pops everything queued, one change per pop; returns the changes and their keys. */
async function popAll(f: RealFIFO<TestObj>): Promise<{ deltas: Delta<TestObj>[]; keys: string[] }> {
  const deltas: Delta<TestObj>[] = [];
  const keys: string[] = [];
  while (f.size > 0) {
    const popped = await f.pop((_, __, key) => void keys.push(key));
    deltas.push(...popped);
  }
  return { deltas, keys };
}

const replacedAll = (resourceVersion: string, objects: TestObj[]): AtomicDelta<TestObj> => ({
  type: ReplacedAll,
  object: { resourceVersion, objects },
});

describe('RealFIFO with atomicEvents', () => {
  const foo = obj('foo', 2);

  it.each<[string, (f: RealFIFO<TestObj>) => void, Delta<TestObj>[]]>([
    ['base replace', (f) => f.replace([], '123'), [replacedAll('123', [])]],
    [
      'an added object stays queued before the replace',
      (f) => {
        f.add(foo);
        f.replace([], '123');
      },
      [{ type: Added, object: foo }, replacedAll('123', [])],
    ],
    [
      'multiple replaces run in order',
      (f) => {
        f.add(foo);
        f.replace([foo], '10');
        f.replace([foo], '20');
        f.replace([], '56');
      },
      [
        { type: Added, object: foo },
        replacedAll('10', [foo]),
        replacedAll('20', [foo]),
        replacedAll('56', []),
      ],
    ],
    [
      'a bookmark is queued on its own, not folded into the replace',
      (f) => {
        f.bookmark('123');
        f.replace([], '1234');
      },
      [{ type: Bookmark, object: { resourceVersion: '123' } }, replacedAll('1234', [])],
    ],
  ])('%s (TestRealFIFO_ReplaceAtomic)', async (_, ops, expected) => {
    const f = atomicFifo();
    ops(f);
    expect((await popAll(f)).deltas).toEqual(expected);
    expect(f.size).toBe(0);
  });

  it('pops the queued add, then one change with the whole list (TestRealFIFO_ReplaceAtomicPop)', async () => {
    const f = new RealFIFO<TestObj>({ atomicEvents: true });
    f.add(obj('foo', 10));
    expect(f.replace([obj('foo', 15)], '20')).toEqual([atomicDeltaKey]);
    const { deltas, keys } = await popAll(f);
    expect(deltas).toEqual([
      { type: Added, object: obj('foo', 10) },
      replacedAll('20', [obj('foo', 15)]),
    ]);
    expect(keys).toEqual(['foo', atomicDeltaKey]);
    expect(f.size).toBe(0);
  });

  it.each<[string, (f: RealFIFO<TestObj>) => void, Delta<TestObj>[]]>([
    ['base resync', (f) => f.resync(), [{ type: SyncAll, object: {} }]],
    [
      'an added object stays queued before the resync',
      (f) => {
        f.add(foo);
        f.resync();
      },
      [
        { type: Added, object: foo },
        { type: SyncAll, object: {} },
      ],
    ],
  ])('%s (TestRealFIFO_ResyncAtomic)', async (_, ops, expected) => {
    const f = atomicFifo();
    ops(f);
    expect((await popAll(f)).deltas).toEqual(expected);
    expect(f.size).toBe(0);
  });

  it('refuses options that do not go together, with a typed error', () => {
    const knownObjects = new MapStore<TestObj>();
    expect(() => new RealFIFO<TestObj>({ atomicEvents: true, knownObjects })).toThrow(
      RealFIFOOptionsError,
    );
    expect(() => new RealFIFO<TestObj>({ emitDeltaTypeBookmark: true })).toThrow(
      RealFIFOOptionsError,
    );
    for (const batchSize of [0, -1, 1.5, Number.NaN]) {
      expect(() => new RealFIFO<TestObj>({ batchSize })).toThrow(RealFIFOOptionsError);
    }
  });

  it('queues nothing for a list with a keyless object', () => {
    const f = atomicFifo();
    const keyless = { metadata: {}, value: 1 } as unknown as TestObj;
    expect(() => f.replace([foo, keyless], '1')).toThrow(KeyError);
    expect(f.size).toBe(0);
    expect(f.hasSynced()).toBe(false);
  });

  it('transforms the listed objects once, as they enter', () => {
    const f = new RealFIFO<TestObj>({
      atomicEvents: true,
      transformer: (o) => ({ ...o, value: o.value * 10 }),
    });
    f.replace([obj('a', 1), obj('b', 2)], '5');
    expect(f.listDeltas()).toEqual([replacedAll('5', [obj('a', 10), obj('b', 20)])]);
  });

  it('syncs once the change of the initial list is processed, a bookmark before it included', async () => {
    const f = atomicFifo();
    f.bookmark('1');
    expect(f.hasSynced()).toBe(false); // a bookmark is no write
    f.replace([foo], '2');
    const initial: boolean[] = [];
    await f.pop((_, isInInitialList) => void initial.push(isInInitialList));
    expect(f.hasSynced()).toBe(false);
    await f.pop((_, isInInitialList) => {
      initial.push(isInInitialList);
      expect(f.hasSynced()).toBe(false);
    });
    expect(initial).toEqual([true, true]);
    expect(f.hasSynced()).toBe(true);
  });
});

describe('expandAtomicDelta', () => {
  const keyOf = (o: TestObj): string => o.metadata.name;
  const cache = (): MapStore<TestObj> => new MapStore([obj('a', 1), obj('b', 1)]);

  it('turns a ReplacedAll into tombstones for the unlisted cached keys, then the list', () => {
    const changes = expandAtomicDelta(replacedAll('9', [obj('b', 2), obj('c', 2)]), cache(), keyOf);
    expect(changes).toEqual([
      { type: Deleted, object: new DeletedFinalStateUnknown('a', obj('a', 1)) },
      { type: Replaced, object: obj('b', 2) },
      { type: Replaced, object: obj('c', 2) },
    ]);
  });

  it('turns a SyncAll into a Sync of every cached object, and a Bookmark into nothing', () => {
    expect(expandAtomicDelta({ type: SyncAll, object: {} }, cache(), keyOf)).toEqual([
      { type: Sync, object: obj('a', 1) },
      { type: Sync, object: obj('b', 1) },
    ]);
    expect(
      expandAtomicDelta({ type: Bookmark, object: { resourceVersion: '3' } }, cache(), keyOf),
    ).toEqual([]);
  });

  it('leaves the cache and its events as the per-object changes of a replace would', async () => {
    const list = [obj('b', 2), obj('c', 2)];
    const perObject = new RealFIFO<TestObj>({ knownObjects: cache() });
    perObject.replace(list, '9');
    const expected = perObject.listDeltas();

    const store = cache();
    const atomic = new RealFIFO<TestObj>({ atomicEvents: true });
    atomic.replace(list, '9');
    const [delta] = (await atomic.pop(() => undefined)).toArray() as [Delta<TestObj>];
    if (delta.type !== ReplacedAll) throw new Error(`expected ReplacedAll, got ${delta.type}`);
    const changes = expandAtomicDelta(delta, store, keyOf);
    expect(changes).toEqual(expected);
    applyDeltas(store, new Deltas(changes), false);
    expect([...store.items.values()]).toEqual(list);
  });
});

describe('consumers of changes of single objects', () => {
  it('applyDeltas refuses a change of the whole cache with a typed error', () => {
    const store = new MapStore<TestObj>();
    const deltas = new Deltas<TestObj>([{ type: SyncAll, object: {} }]);
    expect(() => applyDeltas(store, deltas, false)).toThrow(AtomicDeltaError);
  });

  it('DeltaFIFO.addIfNotPresent refuses a change of the whole cache with a typed error', () => {
    const f = new DeltaFIFO<TestObj>();
    expect(() => f.addIfNotPresent(new Deltas<TestObj>([replacedAll('1', [])]))).toThrow(
      AtomicDeltaError,
    );
    expect(f.size).toBe(0);
  });
});
