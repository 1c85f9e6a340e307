// Ports client-go's tools/cache/the_real_fifo_test.go: each case names the Go test it ports.
// The tests of the `AtomicEvents` mode are in realFifo.atomic.test.ts, those of `PopBatch` in
// realFifo.popBatch.test.ts.
import { DeletedFinalStateUnknown, KeyError } from '@rxkube/store';
import { DeltaType, Deltas, type Delta } from './deltas.js';
import { FIFOClosedError, RequeueError } from './errors.js';
import { MapStore, deferred, obj, objectOf, plain, type TestObj } from './fixtures.testing.js';
import { RealFIFO } from './realFifo.js';

const { Added, Updated, Deleted, Replaced, Sync } = DeltaType;

const known = (...objects: TestObj[]): MapStore<TestObj> => new MapStore(objects);
const tombstone = (key: string, last: TestObj | undefined): DeletedFinalStateUnknown<TestObj> =>
  new DeletedFinalStateUnknown(key, last);

/** Pops `count` changes synchronously processed; returns each pop's changes. */
async function popN(f: RealFIFO<TestObj>, count: number): Promise<Delta<TestObj>[][]> {
  const popped: Delta<TestObj>[][] = [];
  for (let i = 0; i < count; i++) popped.push((await f.pop(() => undefined)).toArray());
  return popped;
}

/** Pops everything queued; returns the changes, one per pop. */
async function popAll(f: RealFIFO<TestObj>): Promise<Delta<TestObj>[]> {
  return (await popN(f, f.size)).map((deltas) => {
    expect(deltas).toHaveLength(1);
    return deltas[0] as Delta<TestObj>;
  });
}

const values = (deltas: readonly Delta<TestObj>[]): number[] =>
  deltas.map((d) => (d.object as TestObj).value);

describe('RealFIFO writes', () => {
  it('pops every change of every key in arrival order (TestRealFIFO_basic)', async () => {
    const f = new RealFIFO<TestObj>({ knownObjects: known() });
    for (let i = 0; i < 50; i++) {
      f.add(obj(`a${i}`, i));
      f.add(obj(`b${i}`, 1000 + i));
    }
    const popped = values(await popAll(f));
    expect(popped.filter((v) => v < 1000)).toEqual([...Array(50).keys()]);
    expect(popped.filter((v) => v >= 1000)).toEqual([...Array(50).keys()].map((i) => 1000 + i));
    expect(popped).toHaveLength(100);
  });

  it('keeps add, update and delete of one key as three changes (TestRealFIFO_addUpdate)', async () => {
    const f = new RealFIFO<TestObj>({ knownObjects: known() });
    f.add(obj('foo', 10));
    f.update(obj('foo', 12));
    f.delete(obj('foo', 15));
    expect(f.listDeltas()).toEqual([
      { type: Added, object: obj('foo', 10) },
      { type: Updated, object: obj('foo', 12) },
      { type: Deleted, object: obj('foo', 15) },
    ]);
    expect(values(await popAll(f))).toEqual([10, 12, 15]);
    expect(f.size).toBe(0);
  });

  it('queues every deletion, known or not (TestRealFIFO_enqueueingNoLister)', async () => {
    const f = new RealFIFO<TestObj>({ knownObjects: known() });
    f.add(obj('foo', 10));
    f.update(obj('bar', 15));
    f.add(obj('qux', 17));
    f.delete(obj('qux', 18));
    f.delete(obj('baz', 20));
    expect(values(await popAll(f))).toEqual([10, 15, 17, 18, 20]);
  });

  it('queues the deletion of a known key (TestRealFIFO_enqueueingWithLister)', async () => {
    const f = new RealFIFO<TestObj>({
      knownObjects: known(obj('foo', 5), obj('bar', 6), obj('baz', 7)),
    });
    f.add(obj('foo', 10));
    f.update(obj('bar', 15));
    f.delete(obj('baz', 20));
    expect(values(await popAll(f))).toEqual([10, 15, 20]);
  });

  it('keeps an add and a later delete of a key (TestRealFIFO_DeleteExistingNonPropagated)', () => {
    const f = new RealFIFO<TestObj>({ knownObjects: known() });
    f.add(obj('foo', 5));
    f.delete(obj('foo', 6));
    expect(f.listDeltas().map((d) => d.type)).toEqual([Added, Deleted]);
  });

  it('never lets a key jump the line (TestRealFIFO_detectLineJumpers)', async () => {
    const f = new RealFIFO<TestObj>({ knownObjects: known() });
    f.add(obj('foo', 10));
    f.add(obj('bar', 1));
    f.add(obj('foo', 11));
    f.add(obj('foo', 13));
    f.add(obj('zab', 30));
    expect(values((await popN(f, 1)).flat())).toEqual([10]);
    f.add(obj('foo', 14)); // foo must not jump back in line
    expect(values(await popAll(f))).toEqual([1, 11, 13, 30, 14]);
  });

  it('transforms objects once, never tombstones nor resynced objects (TestRealFIFO_transformer)', async () => {
    interface Counted extends TestObj {
      xfrm: number;
    }
    const mk = (name: string, value: number): Counted => ({ metadata: { name }, value, xfrm: 0 });
    const transformer = (o: Counted): Counted => {
      o.xfrm++;
      return o;
    };
    const f = new RealFIFO<Counted>({ knownObjects: new MapStore<Counted>(), transformer });
    f.add(mk('foo', 10));
    f.add(mk('bar', 11));
    f.update(mk('foo', 12));
    f.delete(mk('foo', 15));
    f.replace([], '');
    f.add(mk('bar', 16));
    f.replace([], '');
    const popped: Delta<Counted>[] = [];
    while (f.size > 0) popped.push(...(await f.pop(() => undefined)));
    // Without coalescing, bar is deleted twice: once per replace that found it queued.
    expect(popped.map((d) => [d.type, f.keyOf(objectOf(d) as Counted)])).toEqual([
      [Added, 'foo'],
      [Added, 'bar'],
      [Updated, 'foo'],
      [Deleted, 'foo'],
      [Deleted, 'bar'],
      [Added, 'bar'],
      [Deleted, 'bar'],
    ]);
    const objects = popped
      .map(objectOf)
      .map((o) => (o instanceof DeletedFinalStateUnknown ? (o.obj as Counted) : (o as Counted)));
    expect(objects.map((o) => o.xfrm)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(objects.map((o) => o.value)).toEqual([10, 11, 12, 15, 11, 16, 16]);
  });

  it('files a tombstone and Deltas under their key (TestRealFIFO_KeyOf)', () => {
    const f = new RealFIFO<TestObj>();
    expect(f.keyOf(obj('A', 1))).toBe('A');
    expect(f.keyOf(tombstone('B', undefined))).toBe('B');
    expect(f.keyOf(new Deltas<TestObj>([{ type: Added, object: obj('C', 1) }]))).toBe('C');
    expect(
      f.keyOf(new Deltas<TestObj>([{ type: Deleted, object: tombstone('D', undefined) }])),
    ).toBe('D');
  });

  it('throws a KeyError for an object without a key and changes nothing', () => {
    const f = new RealFIFO<TestObj>({ knownObjects: known(obj('k', 1)) });
    const bad = { metadata: {} } as unknown as TestObj;
    expect(() => f.add(bad)).toThrow(KeyError);
    expect(() => f.update(bad)).toThrow(KeyError);
    expect(() => f.delete(bad)).toThrow(KeyError);
    expect(() => f.replace([obj('a', 1), bad], '1')).toThrow(KeyError);
    expect(f.listDeltas()).toEqual([]);
    expect(f.hasSynced()).toBe(false);
  });
});

describe('RealFIFO replace', () => {
  it('keeps a queued deletion before the listed object (TestRealFIFO_replaceWithDeleteDeltaIn)', () => {
    const f = new RealFIFO<TestObj>({ knownObjects: known(obj('foo', 1)) });
    f.delete(obj('foo', 1));
    f.replace([obj('foo', 2)], '');
    expect(f.listDeltas()).toEqual([
      { type: Deleted, object: obj('foo', 1) },
      { type: Replaced, object: obj('foo', 2) },
    ]);
  });

  // TestRealFIFOW_ReplaceMakesDeletionsForObjectsOnlyInQueue
  const v2 = obj('foo', 2);
  const v3 = obj('foo', 3);
  it.each<[string, (f: RealFIFO<TestObj>) => void, Delta<TestObj>[]]>([
    [
      'an added object is deleted by a replace',
      (f) => {
        f.add(v2);
        f.replace([], '0');
      },
      [
        { type: Added, object: v2 },
        { type: Deleted, object: tombstone('foo', v2) },
      ],
    ],
    [
      'a deleted object gets no second deletion',
      (f) => {
        f.add(v2);
        f.delete(v2);
        f.replace([], '0');
      },
      [
        { type: Added, object: v2 },
        { type: Deleted, object: v2 },
      ],
    ],
    [
      'a listed object gets a single deletion',
      (f) => {
        f.add(v2);
        f.replace([v2], '0');
        f.replace([v2], '0');
        f.replace([], '0');
      },
      [
        { type: Added, object: v2 },
        { type: Replaced, object: v2 },
        { type: Replaced, object: v2 },
        { type: Deleted, object: tombstone('foo', v2) },
      ],
    ],
    [
      'an added object gets a single deletion over several replaces',
      (f) => {
        f.add(v2);
        f.replace([], '0');
        f.replace([], '1');
      },
      [
        { type: Added, object: v2 },
        { type: Deleted, object: tombstone('foo', v2) },
      ],
    ],
    [
      'an object added, deleted and added again is deleted with its last state',
      (f) => {
        f.add(v2);
        f.delete(v2);
        f.add(v3);
        f.replace([], '0');
      },
      [
        { type: Added, object: v2 },
        { type: Deleted, object: v2 },
        { type: Added, object: v3 },
        { type: Deleted, object: tombstone('foo', v3) },
      ],
    ],
    [
      'a bookmark is not queued without atomic events',
      (f) => {
        expect(f.bookmark('123')).toEqual([]);
        f.replace([], '0');
        f.replace([], '1');
      },
      [],
    ],
  ])('%s (TestRealFIFOW_ReplaceMakesDeletionsForObjectsOnlyInQueue)', async (_, ops, expected) => {
    const f = new RealFIFO<TestObj>({ knownObjects: known() });
    ops(f);
    expect(await popAll(f)).toEqual(expected);
    expect(f.size).toBe(0);
  });

  it('pops a queued add, then the listed object (TestRealFIFO_addReplace)', async () => {
    const f = new RealFIFO<TestObj>({ knownObjects: known() });
    f.add(obj('foo', 10));
    f.replace([obj('foo', 15)], '0');
    expect(values(await popAll(f))).toEqual([10, 15]);
  });

  describe('makes deletions (TestRealFIFO_ReplaceMakesDeletions)', () => {
    const state = (): MapStore<TestObj> => known(obj('foo', 5), obj('bar', 6), obj('baz', 7));

    it('after a queued delete: tombstones for known keys come before the listed objects', async () => {
      const f = new RealFIFO<TestObj>({ knownObjects: state() });
      f.delete(obj('baz', 10));
      f.replace([obj('foo', 5)], '0');
      expect(await popAll(f)).toEqual([
        { type: Deleted, object: obj('baz', 10) },
        { type: Deleted, object: tombstone('bar', obj('bar', 6)) },
        { type: Replaced, object: obj('foo', 5) },
      ]);
    });

    it('after a queued add: the tombstone carries the queued object', async () => {
      const f = new RealFIFO<TestObj>({ knownObjects: state() });
      f.add(obj('baz', 10));
      f.replace([obj('foo', 5)], '0');
      expect(await popAll(f)).toEqual([
        { type: Added, object: obj('baz', 10) },
        { type: Deleted, object: tombstone('baz', obj('baz', 10)) },
        { type: Deleted, object: tombstone('bar', obj('bar', 6)) },
        { type: Replaced, object: obj('foo', 5) },
      ]);
    });

    it('after a delete and re-add in the queue: deleted with the re-added object', async () => {
      const f = new RealFIFO<TestObj>({ knownObjects: state() });
      f.delete(obj('bar', 6));
      f.add(obj('bar', 100));
      f.replace([obj('foo', 5)], '0');
      expect(await popAll(f)).toEqual([
        { type: Deleted, object: obj('bar', 6) },
        { type: Added, object: obj('bar', 100) },
        { type: Deleted, object: tombstone('bar', obj('bar', 100)) },
        { type: Deleted, object: tombstone('baz', obj('baz', 7)) },
        { type: Replaced, object: obj('foo', 5) },
      ]);
    });

    it('after a replace that listed a newer object: deleted with that object', async () => {
      const f = new RealFIFO<TestObj>({ knownObjects: state() });
      f.replace([obj('bar', 100), obj('foo', 5)], '0');
      f.replace([obj('foo', 5)], '0');
      expect(await popAll(f)).toEqual([
        { type: Deleted, object: tombstone('baz', obj('baz', 7)) },
        { type: Replaced, object: obj('bar', 100) },
        { type: Replaced, object: obj('foo', 5) },
        { type: Deleted, object: tombstone('bar', obj('bar', 100)) },
        { type: Replaced, object: obj('foo', 5) },
      ]);
    });

    it('with an empty known store: deletions among queued keys only', async () => {
      const f = new RealFIFO<TestObj>({ knownObjects: known() });
      f.add(obj('baz', 10));
      f.replace([obj('foo', 5)], '0');
      expect(await popAll(f)).toEqual([
        { type: Added, object: obj('baz', 10) },
        { type: Deleted, object: tombstone('baz', obj('baz', 10)) },
        { type: Replaced, object: obj('foo', 5) },
      ]);
    });
  });

  it('records Replaced for listed objects (TestRealFIFO_ReplaceMakesDeletionsReplaced)', async () => {
    const f = new RealFIFO<TestObj>({
      knownObjects: known(obj('foo', 5), obj('bar', 6), obj('baz', 7)),
    });
    f.delete(obj('baz', 10));
    f.replace([obj('foo', 6)], '0');
    expect(await popAll(f)).toEqual([
      { type: Deleted, object: obj('baz', 10) },
      { type: Deleted, object: tombstone('bar', obj('bar', 6)) },
      { type: Replaced, object: obj('foo', 6) },
    ]);
  });

  it('returns the key of every change queued, in queue order, a key listed twice twice', () => {
    const f = new RealFIFO<TestObj>({ knownObjects: known(obj('gone', 1)) });
    expect(f.replace([obj('a', 1), obj('b', 1), obj('a', 2)], '1')).toEqual([
      'gone',
      'a',
      'b',
      'a',
    ]);
  });

  it('counts a change being processed as applied: a replace without its key deletes it', async () => {
    const store = known();
    const f = new RealFIFO<TestObj>({ knownObjects: store });
    f.add(obj('a', 1));
    const processing = deferred();
    const popped = f.pop(() => processing.promise);
    // The add is in flight and not in the store yet: the relist must still delete it.
    f.replace([], '2');
    expect(f.listDeltas()).toEqual([{ type: Deleted, object: tombstone('a', obj('a', 1)) }]);
    processing.resolve();
    await popped;
  });
});

describe('RealFIFO resync', () => {
  it('syncs a known key with nothing queued (TestRealFIFO_Resync)', () => {
    const f = new RealFIFO<TestObj>({ knownObjects: known(obj('foo', 5)) });
    expect(f.resync()).toEqual(['foo']);
    expect(f.listDeltas()).toEqual([{ type: Sync, object: obj('foo', 5) }]);
  });

  it('skips a key with a queued deletion (TestRealFIFO_ResyncNonExisting)', () => {
    const f = new RealFIFO<TestObj>({ knownObjects: known(obj('foo', 5)) });
    f.delete(obj('foo', 10));
    expect(f.resync()).toEqual([]);
    expect(f.listDeltas().map((d) => d.type)).toEqual([Deleted]);
  });

  it('never overtakes a queued update (TestRealFIFO_UpdateResyncRace)', async () => {
    const f = new RealFIFO<TestObj>({ knownObjects: known(obj('foo', 5)) });
    f.update(obj('foo', 6));
    f.resync();
    expect(await popAll(f)).toEqual([{ type: Updated, object: obj('foo', 6) }]);
  });

  it('does nothing without knownObjects', () => {
    const f = new RealFIFO<TestObj>();
    expect(f.resync()).toEqual([]);
    expect(f.size).toBe(0);
  });
});

describe('RealFIFO hasSynced', () => {
  it('stays false until the last initial change is popped (TestRealFIFO_HasSyncedCorrectOnDeletion)', async () => {
    const f = new RealFIFO<TestObj>({
      knownObjects: known(obj('foo', 5), obj('bar', 6), obj('baz', 7)),
    });
    f.replace([obj('foo', 5)], '0');
    const expected: Delta<TestObj>[] = [
      { type: Deleted, object: tombstone('bar', obj('bar', 6)) },
      { type: Deleted, object: tombstone('baz', obj('baz', 7)) },
      { type: Replaced, object: obj('foo', 5) },
    ];
    for (const delta of expected) {
      expect(f.hasSynced()).toBe(false);
      let initial: boolean | undefined;
      const popped = await f.pop((_, isInInitialList) => {
        initial = isInInitialList;
      });
      expect(plain(popped)).toEqual([delta]);
      expect(initial).toBe(true);
    }
    expect(f.hasSynced()).toBe(true);
  });

  // TestRealFIFO_HasSynced
  it.each<[string, (f: RealFIFO<TestObj>) => Promise<unknown> | void, boolean]>([
    ['nothing written', () => undefined, false],
    ['an add first', (f) => void f.add(obj('a', 1)), true],
    ['an empty replace', (f) => void f.replace([], '0'), true],
    [
      'a replace of two, none popped',
      (f) => void f.replace([obj('a', 1), obj('b', 2)], '0'),
      false,
    ],
    [
      'a replace of two, one popped',
      async (f) => {
        f.replace([obj('a', 1), obj('b', 2)], '0');
        await popN(f, 1);
      },
      false,
    ],
    [
      'a replace of two, both popped',
      async (f) => {
        f.replace([obj('a', 1), obj('b', 2)], '0');
        await popN(f, 2);
      },
      true,
    ],
    [
      'a replace listing a key twice, both popped',
      async (f) => {
        f.replace([obj('a', 1), obj('a', 2)], '0');
        await popN(f, 2);
      },
      true,
    ],
  ])('%s (TestRealFIFO_HasSynced)', async (_, actions, synced) => {
    const f = new RealFIFO<TestObj>({ knownObjects: known() });
    await actions(f);
    expect(f.hasSynced()).toBe(synced);
  });
});

describe('RealFIFO pop', () => {
  it('unblocks waiting pops when closed (TestRealFIFO_PopShouldUnblockWhenClosed)', async () => {
    const f = new RealFIFO<TestObj>({ knownObjects: known(obj('foo', 5)) });
    const pops = Array.from({ length: 10 }, () => f.pop(() => undefined));
    f.close();
    for (const pop of pops) await expect(pop).rejects.toBeInstanceOf(FIFOClosedError);
    expect(f.isClosed()).toBe(true);
  });

  it('puts a change back at the front on a RequeueError, still in the initial list', async () => {
    const f = new RealFIFO<TestObj>({ knownObjects: known() });
    f.replace([obj('a', 1)], '1');
    f.update(obj('b', 2));
    await f.pop(() => {
      throw new RequeueError();
    });
    expect(f.hasSynced()).toBe(false);
    expect(values(await popAll(f))).toEqual([1, 2]);
    expect(f.hasSynced()).toBe(true);
  });
});
