import { DeletedFinalStateUnknown, Indexer } from '@rxkube/store';
import { applyDeltas } from './applyDeltas.js';
import { DeltaType, Deltas, type Delta } from './deltas.js';
import { MapStore, obj, type TestObj } from './fixtures.testing.js';

const { Added, Updated, Deleted, Replaced, Sync } = DeltaType;
const deltasOf = (...changes: Delta<TestObj>[]): Deltas<TestObj> => new Deltas(changes);

describe('applyDeltas', () => {
  it('adds an object the store lacks, reporting whether it is in the initial list', () => {
    const store = new MapStore<TestObj>();
    const events = applyDeltas(store, deltasOf({ type: Added, object: obj('a', 1) }), true);
    expect(events).toEqual([
      { type: 'add', obj: obj('a', 1), isInInitialList: true, deltaType: Added },
    ]);
    expect(store.getByKey('a')).toEqual(obj('a', 1));
  });

  it('updates an object the store holds, whatever the change type, with old and new objects', () => {
    const store = new MapStore([obj('a', 1)]);
    const events = applyDeltas(
      store,
      deltasOf(
        { type: Added, object: obj('a', 2) },
        { type: Updated, object: obj('a', 3) },
        { type: Sync, object: obj('a', 3) },
        { type: Replaced, object: obj('a', 4) },
      ),
      false,
    );
    expect(events).toEqual([
      { type: 'update', oldObj: obj('a', 1), newObj: obj('a', 2), deltaType: Added },
      { type: 'update', oldObj: obj('a', 2), newObj: obj('a', 3), deltaType: Updated },
      { type: 'update', oldObj: obj('a', 3), newObj: obj('a', 3), deltaType: Sync },
      { type: 'update', oldObj: obj('a', 3), newObj: obj('a', 4), deltaType: Replaced },
    ]);
    expect(store.getByKey('a')).toEqual(obj('a', 4));
  });

  it('turns a Sync or Replaced for an unknown key into an add', () => {
    const store = new MapStore<TestObj>();
    const events = applyDeltas(store, deltasOf({ type: Replaced, object: obj('a', 1) }), false);
    expect(events).toEqual([
      { type: 'add', obj: obj('a', 1), isInInitialList: false, deltaType: Replaced },
    ]);
  });

  it('deletes objects and tombstones, reporting what the delta carried', () => {
    const store = new MapStore([obj('a', 1), obj('b', 1)]);
    const tombstone = new DeletedFinalStateUnknown('b', obj('b', 1));
    const events = [
      ...applyDeltas(store, deltasOf({ type: Deleted, object: obj('a', 1) }), false),
      ...applyDeltas(store, deltasOf({ type: Deleted, object: tombstone }), false),
    ];
    expect(events).toEqual([
      { type: 'delete', obj: obj('a', 1) },
      { type: 'delete', obj: tombstone },
    ]);
    expect(store.listKeys()).toEqual([]);
  });

  it('applies changes in order, so a re-creation after a deletion is an add', () => {
    const store = new MapStore([obj('a', 1)]);
    const events = applyDeltas(
      store,
      deltasOf({ type: Deleted, object: obj('a', 1) }, { type: Added, object: obj('a', 2) }),
      false,
    );
    expect(events.map((e) => e.type)).toEqual(['delete', 'add']);
    expect(store.getByKey('a')).toEqual(obj('a', 2));
  });

  it('writes the real Indexer', () => {
    const indexer = new Indexer<TestObj>();
    indexer.add(obj('a', 1));
    applyDeltas(
      indexer,
      deltasOf(
        { type: Updated, object: obj('a', 2) },
        { type: Added, object: obj('b', 1) },
        { type: Deleted, object: new DeletedFinalStateUnknown('a', obj('a', 2)) },
      ),
      false,
    );
    expect(indexer.list()).toEqual([obj('b', 1)]);
  });

  it('writes a store that has put with put alone, and reports what it replaced', () => {
    const calls: string[] = [];
    const store = new MapStore<TestObj>([obj('a', 1)]);
    const counted = {
      get: (o: TestObj) => (calls.push('get'), store.get(o)),
      add: (o: TestObj) => (calls.push('add'), store.add(o)),
      update: (o: TestObj) => (calls.push('update'), store.update(o)),
      delete: (o: TestObj | DeletedFinalStateUnknown<TestObj>) => (
        calls.push('delete'),
        store.delete(o)
      ),
      put: (o: TestObj) => {
        calls.push('put');
        const old = store.get(o);
        store.update(o);
        return old;
      },
    };
    const events = applyDeltas(
      counted,
      deltasOf({ type: Updated, object: obj('a', 2) }, { type: Added, object: obj('b', 1) }),
      false,
    );
    expect(calls).toEqual(['put', 'put']);
    expect(events).toEqual([
      { type: 'update', oldObj: obj('a', 1), newObj: obj('a', 2), deltaType: Updated },
      { type: 'add', obj: obj('b', 1), isInInitialList: false, deltaType: Added },
    ]);
  });
});
