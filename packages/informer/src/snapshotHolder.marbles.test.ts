import { Indexer, type KubeObject } from '@rxkube/store';
import { map } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { SnapshotHolder } from './snapshotHolder.js';

// The informer's `indexer$` (a SnapshotHolder's `snapshots$`): writes to its Indexer and `hold`/`release` are
// scheduled as the values of a cold Observable (each letter one action), and snapshots are
// written as the names of the objects they hold.

const obj = (name: string): KubeObject => ({ metadata: { namespace: 'ns', name } });
const names = (snapshot: { list(): readonly KubeObject[] }): string =>
  snapshot
    .list()
    .map((o) => o.metadata?.name ?? '?')
    .sort()
    .join(' ');

function setup(): { indexer: Indexer; holder: SnapshotHolder } {
  const indexer = new Indexer();
  indexer.replace([obj('a'), obj('b')], '1');
  return { indexer, holder: new SnapshotHolder(indexer) };
}

const scheduler = (): TestScheduler =>
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('SnapshotHolder (marbles)', () => {
  it('follows the Indexer while not held', () => {
    const { indexer, holder } = setup();
    scheduler().run(({ cold, expectObservable }) => {
      cold('-c-d-', {
        c: () => indexer.add(obj('c')),
        d: () => indexer.delete(obj('a')),
      }).subscribe((act) => act());
      expectObservable(holder.snapshots$.pipe(map(names))).toBe('vw-x-', {
        v: 'a b',
        w: 'a b c',
        x: 'b c',
      });
    });
  });

  it('releases a relist applied under a hold as one snapshot', () => {
    const { indexer, holder } = setup();
    scheduler().run(({ cold, expectObservable }) => {
      cold('-hcdr-', {
        h: () => holder.hold(),
        c: () => indexer.add(obj('c')),
        d: () => indexer.delete(obj('a')),
        r: () => holder.release(),
      }).subscribe((act) => act());
      expectObservable(holder.snapshots$.pipe(map(names))).toBe('v---x-', { v: 'a b', x: 'b c' });
    });
  });

  it('starts a subscriber that comes during a hold from the last consistent snapshot', () => {
    const { indexer, holder } = setup();
    scheduler().run(({ cold, expectObservable }) => {
      cold('-hc--r-', {
        h: () => holder.hold(),
        c: () => indexer.add(obj('c')),
        r: () => holder.release(),
      }).subscribe((act) => act());
      expectObservable(holder.snapshots$.pipe(map(names)), '---^---').toBe('---v-x-', {
        v: 'a b',
        x: 'a b c',
      });
    });
  });

  it('emits nothing on release when the held writes changed nothing', () => {
    const { indexer, holder } = setup();
    scheduler().run(({ cold, expectObservable }) => {
      cold('-hur-', {
        h: () => holder.hold(),
        u: () => indexer.setResourceVersion(indexer.snapshot().resourceVersion),
        r: () => holder.release(),
      }).subscribe((act) => act());
      expectObservable(holder.snapshots$.pipe(map(names))).toBe('v----', { v: 'a b' });
    });
  });

  it('emits the final snapshot and completes on close, also during a hold', () => {
    const { indexer, holder } = setup();
    scheduler().run(({ cold, expectObservable }) => {
      cold('-hc-x-', {
        h: () => holder.hold(),
        c: () => indexer.add(obj('c')),
        x: () => holder.close(),
      }).subscribe((act) => act());
      expectObservable(holder.snapshots$.pipe(map(names))).toBe('v---(x|)', {
        v: 'a b',
        x: 'a b c',
      });
    });
  });

  it('stops observing the Indexer when its last subscriber leaves', () => {
    const { indexer, holder } = setup();
    scheduler().run(({ expectObservable }) => {
      expectObservable(holder.snapshots$.pipe(map(names)), '^--!').toBe('v--', { v: 'a b' });
    });
    expect(indexer.indexer$.observed).toBe(false);
  });
});
