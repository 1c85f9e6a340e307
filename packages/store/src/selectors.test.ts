import { NamespaceIndex, labelIndexFunc, metaNamespaceIndexFunc } from './indexFunc.js';
import { IndexNotFoundError } from './indexErrors.js';
import { Indexer } from './indexer.js';
import { type TestPod, keysOf, pod } from './pods.testing.js';
import { selectByIndex } from './selectByIndex.js';
import { selectKey } from './selectKey.js';
import { selectList } from './selectList.js';

function newIndexer(): Indexer<TestPod> {
  const indexer = new Indexer<TestPod>({
    indexers: { [NamespaceIndex]: metaNamespaceIndexFunc, app: labelIndexFunc('app') },
  });
  indexer.replace([pod('a', '1'), pod('a', '2'), pod('b', '1')], '1');
  return indexer;
}

describe('selectByIndex', () => {
  it('emits the bucket, then only when it changes', () => {
    const indexer = newIndexer();
    const seen: (readonly TestPod[])[] = [];
    indexer.indexer$
      .pipe(selectByIndex<TestPod>(NamespaceIndex, 'a'))
      .subscribe((v) => seen.push(v));
    expect(seen.map(keysOf)).toEqual([['a/1', 'a/2']]);

    indexer.update(pod('b', '1', { node: 'other' }));
    indexer.add(pod('c', '1'));
    indexer.setResourceVersion('5');
    expect(seen).toHaveLength(1);

    indexer.update(pod('a', '2', { node: 'other' }));
    indexer.delete(pod('a', '1'));
    expect(seen.map(keysOf)).toEqual([['a/1', 'a/2'], ['a/1', 'a/2'], ['a/2']]);
    expect(seen[1]).not.toBe(seen[0]);
  });

  it('keeps the array reference when a bucket is rebuilt with the same content', () => {
    const indexer = newIndexer();
    const seen: (readonly TestPod[])[] = [];
    indexer.indexer$
      .pipe(selectByIndex<TestPod>(NamespaceIndex, 'a'))
      .subscribe((v) => seen.push(v));
    const one = indexer.getByKey('a/1') as TestPod;
    indexer.batch(() => {
      indexer.delete(one);
      indexer.add(one);
    });
    expect(seen).toHaveLength(1);
  });

  it('follows a key moving into and out of the bucket', () => {
    const indexer = newIndexer();
    const seen: string[][] = [];
    indexer.indexer$
      .pipe(selectByIndex<TestPod>('app', 'web'))
      .subscribe((v) => seen.push(keysOf(v)));
    indexer.update(pod('a', '1', { labels: { app: 'web' } }));
    indexer.update(pod('a', '1', { labels: { app: 'db' } }));
    expect(seen).toEqual([[], ['a/1'], []]);
  });

  it('errors with IndexNotFoundError for an unknown index', () => {
    const indexer = newIndexer();
    let error: unknown;
    indexer.indexer$
      .pipe(selectByIndex<TestPod>('nope', 'x'))
      .subscribe({ error: (e) => (error = e) });
    expect(error).toBeInstanceOf(IndexNotFoundError);
    expect(indexer.indexer$.observed).toBe(false);
  });
});

describe('selectKey', () => {
  it('emits the object, then only when that object changes', () => {
    const indexer = newIndexer();
    const seen: (TestPod | undefined)[] = [];
    indexer.indexer$.pipe(selectKey<TestPod>('a/1')).subscribe((v) => seen.push(v));
    indexer.update(pod('a', '2', { node: 'x' }));
    indexer.add(pod('z', '1'));
    expect(seen).toHaveLength(1);
    const next = pod('a', '1', { node: 'y' });
    indexer.update(next);
    indexer.delete(next);
    expect(seen).toEqual([expect.anything(), next, undefined]);
  });
});

describe('selectList', () => {
  it('without predicate emits every object, again on any change', () => {
    const indexer = newIndexer();
    const seen: string[][] = [];
    indexer.indexer$.pipe(selectList<TestPod>()).subscribe((v) => seen.push(keysOf(v)));
    indexer.setResourceVersion('7');
    indexer.add(pod('c', '1'));
    expect(seen).toEqual([
      ['a/1', 'a/2', 'b/1'],
      ['a/1', 'a/2', 'b/1', 'c/1'],
    ]);
  });

  it('with a predicate ignores writes to objects that match neither before nor after', () => {
    const indexer = newIndexer();
    const seen: (readonly TestPod[])[] = [];
    const onX = (p: TestPod): boolean => p.spec?.node === 'x';
    indexer.indexer$.pipe(selectList(onX)).subscribe((v) => seen.push(v));
    indexer.update(pod('a', '1', { node: 'y' }));
    indexer.add(pod('c', '1', { node: 'z' }));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toEqual([]);

    indexer.update(pod('a', '1', { node: 'x' }));
    indexer.update(pod('a', '1', { node: 'y' }));
    expect(seen.map(keysOf)).toEqual([[], ['a/1'], []]);
  });

  it('keeps the array reference when the answer is unchanged', () => {
    const indexer = newIndexer();
    const seen: (readonly TestPod[])[] = [];
    indexer.indexer$.pipe(selectList<TestPod>()).subscribe((v) => seen.push(v));
    const one = indexer.getByKey('a/1') as TestPod;
    indexer.batch(() => {
      indexer.delete(one);
      indexer.add(one);
    });
    expect(seen).toHaveLength(1);
  });

  it('errors when the predicate throws', () => {
    const indexer = newIndexer();
    let error: unknown;
    indexer.indexer$
      .pipe(
        selectList<TestPod>(() => {
          throw new Error('bad predicate');
        }),
      )
      .subscribe({ error: (e) => (error = e) });
    expect((error as Error).message).toBe('bad predicate');
  });
});

describe('teardown', () => {
  it('unsubscribing a selector leaves indexer$ unobserved', () => {
    const indexer = newIndexer();
    const subscriptions = [
      indexer.indexer$.pipe(selectByIndex(NamespaceIndex, 'a')).subscribe(),
      indexer.indexer$.pipe(selectKey('a/1')).subscribe(),
      indexer.indexer$.pipe(selectList()).subscribe(),
    ];
    expect(indexer.indexer$.observed).toBe(true);
    subscriptions.forEach((s) => s.unsubscribe());
    expect(indexer.indexer$.observed).toBe(false);
  });

  it('close completes every selector', () => {
    const indexer = newIndexer();
    let completed = 0;
    const complete = (): void => void completed++;
    indexer.indexer$.pipe(selectByIndex(NamespaceIndex, 'a')).subscribe({ complete });
    indexer.indexer$.pipe(selectKey('a/1')).subscribe({ complete });
    indexer.indexer$.pipe(selectList()).subscribe({ complete });
    indexer.close();
    expect(completed).toBe(3);
  });
});
