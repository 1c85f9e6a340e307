import { DeletedFinalStateUnknown, KeyError } from '@rxkube/store';
import { DeltaFIFO } from './deltaFifoQueue.js';
import { DeltaType, type Deltas } from './deltas.js';
import { MapStore, obj, plain, type TestObj } from './fixtures.testing.js';

const { Added, Updated, Deleted, Replaced, Sync } = DeltaType;

async function popAll(f: DeltaFIFO<TestObj>): Promise<Deltas<TestObj>[]> {
  const popped: Deltas<TestObj>[] = [];
  while (f.size > 0) popped.push(await f.pop(() => undefined));
  return popped;
}

describe('DeltaFIFO.replace', () => {
  it.each([
    ['Sync', false, Sync],
    ['Replaced', true, Replaced],
  ] as const)(
    'makes deletions for keys missing from the list (DeltaFIFO_ReplaceMakesDeletions, %s)',
    async (_label, emitDeltaTypeReplaced, listedType) => {
      const f = new DeltaFIFO<TestObj>({
        knownObjects: new MapStore([obj('foo', 5), obj('bar', 6), obj('baz', 7)]),
        emitDeltaTypeReplaced,
      });
      f.delete(obj('baz', 10));
      f.replace([obj('foo', 5)], '0');

      expect((await popAll(f)).map((d) => d.toArray())).toEqual([
        [{ type: Deleted, object: obj('baz', 10) }],
        [{ type: listedType, object: obj('foo', 5) }],
        [{ type: Deleted, object: new DeletedFinalStateUnknown('bar', obj('bar', 6)) }],
      ]);
    },
  );

  it('detects deletions among queued keys without knownObjects, using the newest queued object', () => {
    const f = new DeltaFIFO<TestObj>();
    f.add(obj('a', 1));
    f.update(obj('a', 2));
    f.add(obj('b', 1));
    f.replace([obj('b', 2)], '1');
    expect(plain(f.getByKey('a'))).toEqual([
      { type: Added, object: obj('a', 1) },
      { type: Updated, object: obj('a', 2) },
      { type: Deleted, object: new DeletedFinalStateUnknown('a', obj('a', 2)) },
    ]);
    expect(plain(f.getByKey('b'))?.map((d) => d.type)).toEqual([Added, Sync]);
  });

  it('unwraps a queued tombstone instead of nesting it in the new one', () => {
    const f = new DeltaFIFO<TestObj>({ knownObjects: new MapStore([obj('a', 1)]) });
    f.replace([], '1');
    f.replace([], '2');
    expect(plain(f.getByKey('a'))).toEqual([
      { type: Deleted, object: new DeletedFinalStateUnknown('a', obj('a', 1)) },
    ]);
  });

  it('unwraps a tombstone queued by delete', () => {
    const f = new DeltaFIFO<TestObj>({ knownObjects: new MapStore([obj('a', 1)]) });
    const tombstone = new DeletedFinalStateUnknown('a', obj('a', 1));
    f.delete(tombstone);
    f.add(obj('x', 1));
    f.replace([obj('x', 1)], '1');
    const deltas = plain(f.getByKey('a'));
    expect(deltas).toHaveLength(1);
    expect(deltas?.[0]?.object).toEqual(new DeletedFinalStateUnknown('a', obj('a', 1)));
  });

  it('places a tombstone without object for a known key that vanished', () => {
    const knownObjects = { listKeys: () => ['ghost'], getByKey: () => undefined };
    const f = new DeltaFIFO<TestObj>({ knownObjects });
    f.replace([], '1');
    expect(plain(f.getByKey('ghost'))).toEqual([
      { type: Deleted, object: new DeletedFinalStateUnknown('ghost', undefined) },
    ]);
  });

  it('records a listed key once per listing and counts it once', () => {
    const f = new DeltaFIFO<TestObj>();
    f.replace([obj('a', 1), obj('a', 2)], '1');
    expect(plain(f.getByKey('a'))?.map((d) => d.object)).toEqual([obj('a', 1), obj('a', 2)]);
    expect(f.listKeys()).toEqual(['a']);
  });

  it('changes nothing when a listed object has no key', () => {
    const f = new DeltaFIFO<TestObj>({ knownObjects: new MapStore([obj('k', 1)]) });
    f.add(obj('q', 1));
    expect(() => f.replace([obj('a', 1), { metadata: {} } as unknown as TestObj], '1')).toThrow(
      KeyError,
    );
    expect(f.listKeys()).toEqual(['q']);
    expect(f.getByKey('q')?.length).toBe(1);
  });
});

describe('DeltaFIFO.hasSynced', () => {
  it('is false until the queue is populated', () => {
    expect(new DeltaFIFO<TestObj>().hasSynced()).toBe(false);
  });

  it('becomes true once every item of the first replace has been popped', async () => {
    const f = new DeltaFIFO<TestObj>();
    f.replace([obj('a', 1), obj('b', 1)], '1');
    expect(f.hasSynced()).toBe(false);
    await f.pop(() => undefined);
    expect(f.hasSynced()).toBe(false);
    await f.pop(() => undefined);
    expect(f.hasSynced()).toBe(true);
  });

  it('counts the deletions the first replace detects as initial items', async () => {
    const f = new DeltaFIFO<TestObj>({ knownObjects: new MapStore([obj('gone', 1)]) });
    f.replace([obj('a', 1)], '1');
    const initial: boolean[] = [];
    await f.pop((_d, isInInitialList) => initial.push(isInInitialList));
    expect(f.hasSynced()).toBe(false);
    await f.pop((_d, isInInitialList) => initial.push(isInInitialList));
    expect(f.hasSynced()).toBe(true);
    expect(initial).toEqual([true, true]);
  });

  it('is true at once for an empty first replace', () => {
    const f = new DeltaFIFO<TestObj>();
    f.replace([], '1');
    expect(f.hasSynced()).toBe(true);
  });

  it('is true at once when a write came before the first replace, which then counts nothing', async () => {
    const f = new DeltaFIFO<TestObj>();
    f.add(obj('early', 1));
    expect(f.hasSynced()).toBe(true);
    f.replace([obj('a', 1), obj('b', 1)], '1');
    expect(f.hasSynced()).toBe(true);
    const initial: boolean[] = [];
    while (f.size > 0) await f.pop((_d, isInInitialList) => initial.push(isInInitialList));
    expect(initial).toEqual([false, false, false]);
  });

  it('is not reset by a later replace', async () => {
    const f = new DeltaFIFO<TestObj>();
    f.replace([obj('a', 1)], '1');
    await f.pop(() => undefined);
    f.replace([obj('a', 2), obj('b', 1)], '2');
    expect(f.hasSynced()).toBe(true);
  });

  it('passes isInInitialList only to the items of the initial list', async () => {
    const f = new DeltaFIFO<TestObj>();
    f.replace([obj('a', 1)], '1');
    f.add(obj('b', 1));
    const seen: [string, boolean][] = [];
    while (f.size > 0) {
      await f.pop((d, isInInitialList) => seen.push([f.keyOf(d), isInInitialList]));
    }
    expect(seen).toEqual([
      ['a', true],
      ['b', false],
    ]);
  });
});
