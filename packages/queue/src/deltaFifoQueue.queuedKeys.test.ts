import { DeletedFinalStateUnknown, KeyError } from '@rxkube/store';
import { DeltaFIFO } from './deltaFifoQueue.js';
import { DeltaType } from './deltas.js';
import { MapStore, deferred, obj, plain, type TestObj } from './fixtures.testing.js';

const { Deleted, Replaced, Sync } = DeltaType;

describe('DeltaFIFO producers report the keys they queued', () => {
  it('add and update return the key', () => {
    const f = new DeltaFIFO<TestObj>();
    expect(f.add(obj('a', 1))).toBe('a');
    expect(f.update(obj('a', 2))).toBe('a');
    expect(f.update(obj('b', 1))).toBe('b');
  });

  it('delete returns the key it queued a deletion for, and undefined when it skipped it', () => {
    const f = new DeltaFIFO<TestObj>({ knownObjects: new MapStore([obj('known', 1)]) });
    f.add(obj('queued', 1));
    expect(f.delete(obj('known', 1))).toBe('known');
    expect(f.delete(obj('queued', 1))).toBe('queued');
    expect(f.delete(obj('unknown', 1))).toBeUndefined();
    expect(f.delete(new DeletedFinalStateUnknown('known', obj('known', 1)))).toBe('known');
    expect(f.listKeys()).toEqual(['queued', 'known']);
  });

  it('replace returns the listed keys once each in list order, then the inferred deletions', () => {
    const f = new DeltaFIFO<TestObj>({
      knownObjects: new MapStore([obj('k1', 1), obj('k2', 1), obj('listed', 1)]),
      emitDeltaTypeReplaced: true,
    });
    f.add(obj('q', 1));
    const keys = f.replace([obj('listed', 2), obj('new', 1), obj('listed', 3)], '5');
    // Queued keys missing from the list come before known ones, as the deltas were appended.
    expect(keys).toEqual(['listed', 'new', 'q', 'k1', 'k2']);
    expect([...keys].sort()).toEqual(f.listKeys().sort());
    expect(plain(f.getByKey('listed'))?.map((d) => d.type)).toEqual([Replaced, Replaced]);
  });

  it('replace reports a key whose queued deletion absorbs the inferred one', () => {
    const f = new DeltaFIFO<TestObj>({ knownObjects: new MapStore([obj('a', 1)]) });
    f.delete(obj('a', 1));
    expect(f.replace([], '2')).toEqual(['a']);
    expect(plain(f.getByKey('a'))).toEqual([{ type: Deleted, object: obj('a', 1) }]);
  });

  it('replace reports nothing for an empty list into an empty queue', () => {
    const f = new DeltaFIFO<TestObj>({ knownObjects: new MapStore<TestObj>() });
    expect(f.replace([], '1')).toEqual([]);
  });

  it('a failing replace throws and reports nothing, as it queues nothing', () => {
    const f = new DeltaFIFO<TestObj>({ knownObjects: new MapStore([obj('a', 1)]) });
    expect(() => f.replace([obj('b', 1), { metadata: {} } as TestObj], '2')).toThrow(KeyError);
    expect(f.listKeys()).toEqual([]);
  });

  it('resync returns the keys that received a Sync, skipping those with changes queued', () => {
    const f = new DeltaFIFO<TestObj>({
      knownObjects: new MapStore([obj('a', 1), obj('b', 1), obj('c', 1)]),
    });
    f.update(obj('b', 2));
    expect(f.resync()).toEqual(['a', 'c']);
    // Now every known key has something queued: a second resync touches nothing.
    expect(f.resync()).toEqual([]);
    expect(plain(f.getByKey('b'))?.map((d) => d.type)).toEqual(['Updated']);
  });

  it('resync returns nothing without knownObjects', () => {
    const f = new DeltaFIFO<TestObj>();
    f.add(obj('a', 1));
    expect(f.resync()).toEqual([]);
  });
});

describe('DeltaFIFO reports the in-flight key as its popped changes leave it', () => {
  it('replace reports an in-flight key the store does not hold yet when the list lacks it', async () => {
    const known = new MapStore<TestObj>();
    const f = new DeltaFIFO<TestObj>({ knownObjects: known });
    f.add(obj('a', 1));
    const gate = deferred();
    const popped = f.pop(() => gate.promise);
    // The store does not know `a` yet; the queue knows the pop will add it.
    expect(known.listKeys()).toEqual([]);
    expect(f.replace([obj('b', 1)], '2')).toEqual(['b', 'a']);
    gate.resolve();
    await popped;
    expect(plain(f.getByKey('a'))).toEqual([
      { type: Deleted, object: new DeletedFinalStateUnknown('a', obj('a', 1)) },
    ]);
  });

  it('replace does not report an in-flight key whose changes end with its deletion', async () => {
    const f = new DeltaFIFO<TestObj>({ knownObjects: new MapStore([obj('a', 1), obj('b', 1)]) });
    f.delete(obj('a', 1));
    const gate = deferred();
    const popped = f.pop(() => gate.promise);
    // The store still holds `a`, but the pop is deleting it: no second deletion.
    expect(f.replace([], '2')).toEqual(['b']);
    gate.resolve();
    await popped;
    expect(f.listKeys()).toEqual(['b']);
  });

  it('replace reports an in-flight key that is listed again', async () => {
    const f = new DeltaFIFO<TestObj>({ knownObjects: new MapStore<TestObj>() });
    f.add(obj('a', 1));
    const gate = deferred();
    const popped = f.pop(() => gate.promise);
    expect(f.replace([obj('a', 2)], '2')).toEqual(['a']);
    gate.resolve();
    await popped;
    expect(plain(f.getByKey('a'))).toEqual([{ type: Sync, object: obj('a', 2) }]);
  });

  it('resync reports an in-flight key the store does not hold yet', async () => {
    const f = new DeltaFIFO<TestObj>({ knownObjects: new MapStore<TestObj>() });
    f.add(obj('a', 1));
    const gate = deferred();
    const popped = f.pop(() => gate.promise);
    expect(f.resync()).toEqual(['a']);
    gate.resolve();
    await popped;
    expect(plain(f.getByKey('a'))).toEqual([{ type: Sync, object: obj('a', 1) }]);
  });

  it('resync skips an in-flight key whose changes end with its deletion', async () => {
    const f = new DeltaFIFO<TestObj>({ knownObjects: new MapStore([obj('a', 1), obj('b', 1)]) });
    f.delete(obj('a', 1));
    const gate = deferred();
    const popped = f.pop(() => gate.promise);
    expect(f.resync()).toEqual(['b']);
    gate.resolve();
    await popped;
    expect(f.listKeys()).toEqual(['b']);
  });

  it('resync skips an in-flight key that received a change meanwhile', async () => {
    const f = new DeltaFIFO<TestObj>({ knownObjects: new MapStore([obj('a', 1)]) });
    f.update(obj('a', 2));
    const gate = deferred();
    const popped = f.pop(() => gate.promise);
    f.update(obj('a', 3));
    expect(f.resync()).toEqual([]);
    gate.resolve();
    await popped;
    expect(plain(f.getByKey('a'))?.map((d) => d.type)).toEqual(['Updated']);
  });
});
