import { DeletedFinalStateUnknown } from '@rxkube/store';
import { DeltaType, Deltas, type Delta } from './deltas.js';
import { obj, type TestObj } from './fixtures.testing.js';

describe('Deltas', () => {
  const changes: Delta<TestObj>[] = [
    { type: DeltaType.Added, object: obj('a', 1) },
    { type: DeltaType.Updated, object: obj('a', 2) },
    { type: DeltaType.Deleted, object: new DeletedFinalStateUnknown('a', obj('a', 2)) },
  ];

  it('gives the oldest and newest change', () => {
    const deltas = new Deltas(changes);
    expect(deltas.oldest()).toBe(changes[0]);
    expect(deltas.newest()).toBe(changes[2]);
    expect(deltas.at(1)).toBe(changes[1]);
    expect(deltas.at(-1)).toBe(changes[2]);
    expect(deltas.length).toBe(3);
  });

  it('has no oldest or newest change when empty', () => {
    const deltas = new Deltas<TestObj>([]);
    expect(deltas.oldest()).toBeUndefined();
    expect(deltas.newest()).toBeUndefined();
  });

  it('iterates oldest first and copies on toArray', () => {
    const deltas = new Deltas(changes);
    expect([...deltas]).toEqual(changes);
    const copy = deltas.toArray();
    copy.pop();
    expect(deltas.length).toBe(3);
  });

  it('compares structurally and serialises as its changes', () => {
    expect(new Deltas(changes)).toEqual(new Deltas([...changes]));
    expect(new Deltas(changes)).not.toEqual(new Deltas(changes.slice(1)));
    expect(JSON.parse(JSON.stringify(new Deltas(changes.slice(0, 1))))).toEqual([
      { type: 'Added', object: obj('a', 1) },
    ]);
  });

  it('uses client-go’s names for the delta types', () => {
    expect(Object.values(DeltaType)).toEqual([
      'Added',
      'Updated',
      'Deleted',
      'Replaced',
      'Sync',
      'ReplacedAll',
      'SyncAll',
      'Bookmark',
    ]);
  });
});
