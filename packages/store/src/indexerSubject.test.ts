import { NamespaceIndex, metaNamespaceIndexFunc } from './indexFunc.js';
import { Indexer } from './indexer.js';
import type { IndexerSnapshot } from './indexerSnapshot.js';
import { type TestPod, keysOf, pod, sorted } from './pods.testing.js';

const indexers = { [NamespaceIndex]: metaNamespaceIndexFunc };

function record(indexer: Indexer<TestPod>): IndexerSnapshot<TestPod>[] {
  const seen: IndexerSnapshot<TestPod>[] = [];
  indexer.indexer$.subscribe((snapshot) => seen.push(snapshot));
  return seen;
}

const flushMicrotasks = (): Promise<void> => Promise.resolve();

describe('snapshots', () => {
  it('are never changed by later writes of any kind', () => {
    const indexer = new Indexer<TestPod>({ indexers });
    indexer.add(pod('a', '1', { rv: '1' }));
    indexer.add(pod('a', '2', { rv: '2' }));
    const before = indexer.snapshot();
    const web = before.getByKey('a/1');

    indexer.update(pod('a', '1', { rv: '3' }));
    indexer.delete(pod('a', '2'));
    indexer.add(pod('b', '1'));
    indexer.addIndexers({ node: (p) => [p.spec?.node ?? ''] });
    indexer.setResourceVersion('9');
    indexer.replace([pod('c', '1')], '10');

    expect(before.getByKey('a/1')).toBe(web);
    expect(sorted(before.listKeys())).toEqual(['a/1', 'a/2']);
    expect(keysOf(before.byIndex(NamespaceIndex, 'a'))).toEqual(['a/1', 'a/2']);
    expect(before.listIndexFuncValues(NamespaceIndex)).toEqual(['a']);
    expect(Object.keys(before.getIndexers())).toEqual([NamespaceIndex]);
    expect(before.size).toBe(2);
    expect(before.resourceVersion).toBe('2');
  });

  it('are the same object until the next write', () => {
    const indexer = new Indexer<TestPod>({ indexers });
    indexer.add(pod('a', '1'));
    const snapshot = indexer.snapshot();
    expect(indexer.snapshot()).toBe(snapshot);
    expect(indexer.indexer$.value).toBe(snapshot);
    indexer.add(pod('a', '2'));
    expect(indexer.snapshot()).not.toBe(snapshot);
  });

  it('are not taken for a write that changes nothing', () => {
    const indexer = new Indexer<TestPod>();
    const web = pod('a', '1');
    indexer.add(web);
    const snapshot = indexer.snapshot();
    indexer.add(web);
    expect(indexer.snapshot()).toBe(snapshot);
  });
});

describe('indexer$', () => {
  it('emits the current snapshot on subscribe, then one per write by default', () => {
    const indexer = new Indexer<TestPod>();
    indexer.add(pod('a', '1'));
    const seen = record(indexer);
    indexer.add(pod('a', '2'));
    indexer.delete(pod('a', '1'));
    expect(seen.map((s) => sorted(s.listKeys()))).toEqual([['a/1'], ['a/1', 'a/2'], ['a/2']]);
  });

  it('value is always the current snapshot', () => {
    const indexer = new Indexer<TestPod>();
    expect(indexer.indexer$.value.size).toBe(0);
    indexer.add(pod('a', '1'));
    expect(indexer.indexer$.value.size).toBe(1);
    expect(indexer.indexer$.getValue()).toBe(indexer.indexer$.value);
  });

  it('coalesces a burst into one emission per microtask, value fresh before it', async () => {
    const indexer = new Indexer<TestPod>({ coalesce: 'microtask' });
    const seen = record(indexer);
    for (let i = 0; i < 1000; i++) indexer.add(pod('a', String(i)));
    expect(seen).toHaveLength(1);
    expect(indexer.indexer$.value.size).toBe(1000);
    await flushMicrotasks();
    expect(seen).toHaveLength(2);
    expect(seen[1]?.size).toBe(1000);
    expect(seen[1]).toBe(indexer.indexer$.value);
  });

  it('reading value mid-burst does not cause an extra emission', async () => {
    const indexer = new Indexer<TestPod>({ coalesce: 'microtask' });
    const seen = record(indexer);
    indexer.add(pod('a', '1'));
    expect(indexer.indexer$.value.size).toBe(1);
    indexer.add(pod('a', '2'));
    expect(indexer.indexer$.value.size).toBe(2);
    await flushMicrotasks();
    expect(seen.map((s) => s.size)).toEqual([0, 2]);
  });

  it('batch emits once, when the outermost batch ends', () => {
    const indexer = new Indexer<TestPod>();
    const seen = record(indexer);
    const result = indexer.batch(() => {
      indexer.add(pod('a', '1'));
      indexer.batch(() => indexer.add(pod('a', '2')));
      expect(seen).toHaveLength(1);
      expect(indexer.indexer$.value.size).toBe(2);
      return 'done';
    });
    expect(result).toBe('done');
    expect(seen.map((s) => s.size)).toEqual([0, 2]);
  });

  it('batch emits what was written before writes threw', () => {
    const indexer = new Indexer<TestPod>();
    const seen = record(indexer);
    expect(() =>
      indexer.batch(() => {
        indexer.add(pod('a', '1'));
        throw new Error('stop');
      }),
    ).toThrow('stop');
    expect(seen.map((s) => s.size)).toEqual([0, 1]);
  });

  it('a late subscriber starts from the current state, and nobody sees a snapshot twice', async () => {
    const indexer = new Indexer<TestPod>({ coalesce: 'microtask' });
    const early = record(indexer);
    indexer.add(pod('a', '1'));
    const late = record(indexer);
    await flushMicrotasks();
    expect(early.map((s) => s.size)).toEqual([0, 1]);
    expect(late.map((s) => s.size)).toEqual([1]);
  });

  it('delivers snapshots in order when a subscriber writes while notified', () => {
    const indexer = new Indexer<TestPod>();
    const first: number[] = [];
    const second: number[] = [];
    indexer.indexer$.subscribe((s) => {
      first.push(s.size);
      if (s.size === 1) indexer.add(pod('a', '2'));
    });
    indexer.indexer$.subscribe((s) => second.push(s.size));
    indexer.add(pod('a', '1'));
    expect(first).toEqual([0, 1, 2]);
    expect(second).toEqual([0, 1, 2]);
  });

  it('offers no next to the outside', () => {
    const indexer = new Indexer<TestPod>();
    // @ts-expect-error: read-only by type
    expect(() => indexer.indexer$.next(indexer.snapshot())).toThrow(TypeError);
    expect('next' in indexer.indexer$).toBe(false);
  });

  describe('close', () => {
    it('publishes a held-back snapshot, then completes', () => {
      const indexer = new Indexer<TestPod>({ coalesce: 'microtask' });
      const seen: number[] = [];
      let completed = false;
      indexer.indexer$.subscribe({
        next: (s) => seen.push(s.size),
        complete: () => (completed = true),
      });
      indexer.add(pod('a', '1'));
      indexer.close();
      expect(seen).toEqual([0, 1]);
      expect(completed).toBe(true);
      expect(indexer.indexer$.observed).toBe(false);
    });

    it('leaves nothing scheduled and keeps the Indexer usable as a cache', async () => {
      const indexer = new Indexer<TestPod>({ coalesce: 'microtask' });
      const seen = record(indexer);
      indexer.close();
      indexer.add(pod('a', '1'));
      await flushMicrotasks();
      expect(seen).toHaveLength(1);
      expect(indexer.getByKey('a/1')).toBeDefined();
      expect(indexer.indexer$.value.size).toBe(1);
    });

    it('is idempotent', () => {
      const indexer = new Indexer<TestPod>();
      indexer.close();
      expect(() => indexer.close()).not.toThrow();
    });
  });
});
