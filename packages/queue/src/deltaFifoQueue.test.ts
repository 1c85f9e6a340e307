import { DeletedFinalStateUnknown, KeyError } from '@rxkube/store';
import { DeltaFIFO } from './deltaFifoQueue.js';
import { RequeueError } from './errors.js';
import { DeltaType, Deltas } from './deltas.js';
import { MapStore, obj, plain, type TestObj } from './fixtures.testing.js';

const { Added, Updated, Deleted, Sync } = DeltaType;

describe('DeltaFIFO writes', () => {
  it('records every change of a key, oldest first (DeltaFIFO_basic)', () => {
    const f = new DeltaFIFO<TestObj>();
    f.add(obj('foo', 1));
    f.update(obj('foo', 2));
    f.delete(obj('foo', 3));
    expect(plain(f.getByKey('foo'))).toEqual([
      { type: Added, object: obj('foo', 1) },
      { type: Updated, object: obj('foo', 2) },
      { type: Deleted, object: obj('foo', 3) },
    ]);
  });

  it('queues keys in the order of their first pending change, once each', () => {
    const f = new DeltaFIFO<TestObj>();
    f.add(obj('a', 1));
    f.add(obj('b', 1));
    f.update(obj('a', 2));
    f.add(obj('c', 1));
    f.update(obj('b', 2));
    expect(f.listKeys()).toEqual(['a', 'b', 'c']);
    expect(f.size).toBe(3);
  });

  it('lists the newest object of every key', () => {
    const f = new DeltaFIFO<TestObj>();
    f.add(obj('a', 1));
    f.add(obj('b', 1));
    f.update(obj('a', 2));
    expect(f.list()).toEqual([obj('a', 2), obj('b', 1)]);
  });

  it('throws a KeyError for an object without a key and changes nothing', () => {
    const f = new DeltaFIFO<TestObj>();
    const bad = { metadata: {} } as unknown as TestObj;
    expect(() => f.add(bad)).toThrow(KeyError);
    expect(() => f.update(bad)).toThrow(KeyError);
    expect(() => f.delete(bad)).toThrow(KeyError);
    expect(f.listKeys()).toEqual([]);
    expect(f.hasSynced()).toBe(false);
  });

  it('wraps a key function failure that is not a KeyError', () => {
    const cause = new TypeError('boom');
    const f = new DeltaFIFO<TestObj>({
      keyFunction: () => {
        throw cause;
      },
    });
    const err = (() => {
      try {
        f.add(obj('a', 1));
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(KeyError);
    expect((err as KeyError).cause).toBe(cause);
  });
});

describe('DeltaFIFO.delete', () => {
  it('drops the deletion of a key that is not queued when there are no knownObjects', () => {
    const f = new DeltaFIFO<TestObj>();
    f.delete(obj('foo', 1));
    expect(f.listKeys()).toEqual([]);
  });

  it('records the deletion of a queued key without knownObjects', () => {
    const f = new DeltaFIFO<TestObj>();
    f.add(obj('foo', 1));
    f.delete(obj('foo', 1));
    expect(plain(f.getByKey('foo'))?.map((d) => d.type)).toEqual([Added, Deleted]);
  });

  it('drops the deletion of a key neither queued nor known', () => {
    const f = new DeltaFIFO<TestObj>({ knownObjects: new MapStore([obj('bar', 1)]) });
    f.delete(obj('foo', 1));
    expect(f.listKeys()).toEqual([]);
  });

  it('records the deletion of a known key that is not queued', () => {
    const f = new DeltaFIFO<TestObj>({ knownObjects: new MapStore([obj('foo', 1)]) });
    f.delete(obj('foo', 2));
    expect(plain(f.getByKey('foo'))).toEqual([{ type: Deleted, object: obj('foo', 2) }]);
  });

  it('accepts a tombstone and files it under the key it carries', () => {
    const f = new DeltaFIFO<TestObj>({ knownObjects: new MapStore([obj('foo', 1)]) });
    const tombstone = new DeletedFinalStateUnknown('foo', obj('foo', 1));
    f.delete(tombstone);
    expect(plain(f.getByKey('foo'))).toEqual([{ type: Deleted, object: tombstone }]);
  });

  it('marks the queue populated even when the deletion is dropped', () => {
    const f = new DeltaFIFO<TestObj>();
    f.delete(obj('foo', 1));
    expect(f.hasSynced()).toBe(true);
  });
});

describe('DeltaFIFO deletion dedup', () => {
  const known = () => new MapStore([obj('foo', 1)]);
  const tombstone = new DeletedFinalStateUnknown('foo', obj('foo', 1));

  it('merges two consecutive deletions, keeping the older', () => {
    const f = new DeltaFIFO<TestObj>({ knownObjects: known() });
    f.delete(obj('foo', 2));
    f.delete(obj('foo', 3));
    expect(plain(f.getByKey('foo'))).toEqual([{ type: Deleted, object: obj('foo', 2) }]);
  });

  it('lets a real deletion replace an earlier tombstone', () => {
    const f = new DeltaFIFO<TestObj>({ knownObjects: known() });
    f.delete(tombstone);
    f.delete(obj('foo', 2));
    expect(plain(f.getByKey('foo'))).toEqual([{ type: Deleted, object: obj('foo', 2) }]);
  });

  it('keeps a real deletion over a later tombstone', () => {
    const f = new DeltaFIFO<TestObj>({ knownObjects: known() });
    f.delete(obj('foo', 2));
    f.delete(tombstone);
    expect(plain(f.getByKey('foo'))).toEqual([{ type: Deleted, object: obj('foo', 2) }]);
  });

  it('merges two tombstones, keeping the newer', () => {
    const f = new DeltaFIFO<TestObj>({ knownObjects: known() });
    const later = new DeletedFinalStateUnknown('foo', obj('foo', 5));
    f.delete(tombstone);
    f.delete(later);
    expect(plain(f.getByKey('foo'))).toEqual([{ type: Deleted, object: later }]);
  });

  it('merges only consecutive deletions, and nothing else', () => {
    const f = new DeltaFIFO<TestObj>({ knownObjects: known() });
    f.delete(obj('foo', 2));
    f.add(obj('foo', 3));
    f.delete(obj('foo', 4));
    f.update(obj('foo', 5));
    f.update(obj('foo', 6));
    expect(plain(f.getByKey('foo'))?.map((d) => d.type)).toEqual([
      Deleted,
      Added,
      Deleted,
      Updated,
      Updated,
    ]);
  });
});

describe('DeltaFIFO reads', () => {
  it('returns a copy from getByKey and get', () => {
    const f = new DeltaFIFO<TestObj>();
    f.add(obj('foo', 1));
    const before = f.getByKey('foo');
    const viaGet = f.get(obj('foo', 99));
    f.update(obj('foo', 2));
    expect(before?.length).toBe(1);
    expect(viaGet?.length).toBe(1);
    expect(f.getByKey('foo')?.length).toBe(2);
  });

  it('returns undefined for a key with nothing queued', () => {
    const f = new DeltaFIFO<TestObj>();
    expect(f.getByKey('nope')).toBeUndefined();
    expect(f.get(obj('nope', 1))).toBeUndefined();
  });

  it('keys a Deltas by its newest object and a tombstone by its key', () => {
    const f = new DeltaFIFO<TestObj>();
    const deltas = new Deltas<TestObj>([
      { type: Added, object: obj('old-name', 1) },
      { type: Updated, object: obj('new-name', 2) },
    ]);
    expect(f.keyOf(deltas)).toBe('new-name');
    const tombstone = new DeletedFinalStateUnknown<TestObj>('ns/x', undefined);
    expect(f.keyOf(tombstone)).toBe('ns/x');
    expect(f.keyOf(new Deltas<TestObj>([{ type: Deleted, object: tombstone }]))).toBe('ns/x');
    expect(f.keyOf(obj('plain', 1))).toBe('plain');
  });

  it('rejects an empty Deltas with a KeyError', () => {
    expect(() => new DeltaFIFO<TestObj>().keyOf(new Deltas<TestObj>([]))).toThrow(KeyError);
  });
});

describe('DeltaFIFO transformer', () => {
  const transformer = (o: TestObj): TestObj => ({ ...o, value: o.value * 10 });

  it('transforms objects written by add, update, delete and replace', () => {
    const f = new DeltaFIFO<TestObj>({ transformer, knownObjects: new MapStore([obj('b', 1)]) });
    f.add(obj('a', 1));
    f.update(obj('a', 2));
    f.delete(obj('b', 3));
    f.replace([obj('a', 4)], '1');
    expect(plain(f.getByKey('a'))?.map((d) => d.object)).toEqual([
      obj('a', 10),
      obj('a', 20),
      obj('a', 40),
    ]);
    expect(plain(f.getByKey('b'))).toEqual([{ type: Deleted, object: obj('b', 30) }]);
  });

  it('leaves tombstones alone, whether deleted explicitly or detected by replace', () => {
    const calls: TestObj[] = [];
    const f = new DeltaFIFO<TestObj>({
      knownObjects: new MapStore([obj('a', 1), obj('b', 1)]),
      transformer: (o) => (calls.push(o), o),
    });
    const tombstone = new DeletedFinalStateUnknown('a', obj('a', 1));
    f.delete(tombstone);
    f.replace([], '1');
    expect(calls).toEqual([]);
    expect(plain(f.getByKey('a'))).toEqual([{ type: Deleted, object: tombstone }]);
    expect(plain(f.getByKey('b'))).toEqual([
      { type: Deleted, object: new DeletedFinalStateUnknown('b', obj('b', 1)) },
    ]);
  });

  it('does not transform the known objects a resync re-delivers (they were transformed once)', () => {
    const f = new DeltaFIFO<TestObj>({ transformer, knownObjects: new MapStore([obj('a', 10)]) });
    f.resync();
    expect(plain(f.getByKey('a'))).toEqual([{ type: Sync, object: obj('a', 10) }]);
  });

  it('changes nothing when the transformer throws', () => {
    const f = new DeltaFIFO<TestObj>({
      transformer: (o) => {
        if (o.value < 0) throw new Error('negative');
        return o;
      },
    });
    f.add(obj('a', 1));
    expect(() => f.update(obj('a', -1))).toThrow('negative');
    expect(() => f.replace([obj('b', 1), obj('c', -1)], '1')).toThrow('negative');
    expect(f.listKeys()).toEqual(['a']);
    expect(f.getByKey('a')?.length).toBe(1);
  });
});

describe('DeltaFIFO.resync', () => {
  it('does nothing without knownObjects', () => {
    const f = new DeltaFIFO<TestObj>();
    f.resync();
    expect(f.listKeys()).toEqual([]);
  });

  it('queues Sync for every known key with nothing queued', () => {
    const f = new DeltaFIFO<TestObj>({ knownObjects: new MapStore([obj('a', 1), obj('b', 2)]) });
    f.resync();
    expect(f.listKeys()).toEqual(['a', 'b']);
    expect(plain(f.getByKey('b'))).toEqual([{ type: Sync, object: obj('b', 2) }]);
  });

  it('never overtakes a queued change', () => {
    const f = new DeltaFIFO<TestObj>({ knownObjects: new MapStore([obj('a', 1)]) });
    f.update(obj('a', 2));
    f.resync();
    expect(plain(f.getByKey('a'))).toEqual([{ type: Updated, object: obj('a', 2) }]);
  });

  it('leaves a queued deletion of a known key alone (DeltaFIFO_ResyncNonExisting)', () => {
    const f = new DeltaFIFO<TestObj>({ knownObjects: new MapStore([obj('foo', 5)]) });
    f.delete(obj('foo', 10));
    f.resync();
    expect(plain(f.getByKey('foo'))).toEqual([{ type: Deleted, object: obj('foo', 10) }]);
  });
});

describe('DeltaFIFO.addIfNotPresent', () => {
  it('queues the deltas of a key that has nothing queued', () => {
    const f = new DeltaFIFO<TestObj>();
    const deltas = new Deltas<TestObj>([{ type: Added, object: obj('a', 1) }]);
    f.addIfNotPresent(deltas);
    expect(plain(f.getByKey('a'))).toEqual(deltas.toArray());
    expect(f.hasSynced()).toBe(true);
  });

  it('keeps the newer queued deltas of a key', () => {
    const f = new DeltaFIFO<TestObj>();
    f.update(obj('a', 2));
    f.addIfNotPresent(new Deltas([{ type: Added, object: obj('a', 1) }]));
    expect(plain(f.getByKey('a'))).toEqual([{ type: Updated, object: obj('a', 2) }]);
  });

  it('copies what it queues, so later changes do not touch the caller’s Deltas', () => {
    const f = new DeltaFIFO<TestObj>();
    const deltas = new Deltas<TestObj>([{ type: Added, object: obj('a', 1) }]);
    f.addIfNotPresent(deltas);
    f.update(obj('a', 2));
    expect(deltas.length).toBe(1);
  });

  it('rejects an empty Deltas with a KeyError', () => {
    const f = new DeltaFIFO<TestObj>();
    expect(() => f.addIfNotPresent(new Deltas<TestObj>([]))).toThrow(KeyError);
    expect(f.hasSynced()).toBe(false);
  });
});

describe('DeltaFIFO.popReady', () => {
  it('pops and settles a synchronous process at once, and reports when nothing is ready', () => {
    const f = new DeltaFIFO<TestObj>();
    const seen: string[] = [];
    expect(f.popReady(() => seen.push('empty'))).toBeUndefined();
    f.add(obj('a', 1));
    f.update(obj('a', 2));
    const popped = f.popReady((deltas) => {
      seen.push([...deltas].map((d) => `${d.type}:${(d.object as TestObj).value}`).join(','));
    });
    expect(popped).toBeInstanceOf(Deltas);
    expect(seen).toEqual(['Added:1,Updated:2']);
    expect(f.listKeys()).toEqual([]);
  });

  it('returns a promise for an asynchronous process and lets no other pop in meanwhile', async () => {
    const f = new DeltaFIFO<TestObj>();
    f.add(obj('a', 1));
    f.add(obj('b', 1));
    let finish!: () => void;
    const first = f.popReady(() => new Promise<void>((resolve) => (finish = resolve)));
    expect(first).toBeInstanceOf(Promise);
    expect(f.popReady(() => undefined)).toBeUndefined();
    finish();
    await first;
    expect(f.popReady(() => undefined)).toBeInstanceOf(Deltas);
  });

  it('requeues on a synchronous RequeueError and throws its cause', () => {
    const f = new DeltaFIFO<TestObj>();
    f.add(obj('a', 1));
    const cause = new Error('not yet');
    expect(() =>
      f.popReady(() => {
        throw new RequeueError(cause);
      }),
    ).toThrow(cause);
    expect(f.listKeys()).toEqual(['a']);
  });
});
