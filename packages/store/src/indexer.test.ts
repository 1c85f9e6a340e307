import { DeletedFinalStateUnknown } from './deletedFinalStateUnknown.js';
import { IndexConflictError, IndexFuncError, IndexNotFoundError } from './indexErrors.js';
import { NamespaceIndex, labelIndexFunc, metaNamespaceIndexFunc } from './indexFunc.js';
import { Indexer } from './indexer.js';
import { ExplicitKey, KeyError } from './keys.js';
import { type TestPod, keysOf, pod, sorted, tagsIndexFunc } from './pods.testing.js';

function newIndexer(): Indexer<TestPod> {
  return new Indexer<TestPod>({
    indexers: {
      [NamespaceIndex]: metaNamespaceIndexFunc,
      app: labelIndexFunc('app'),
      tags: tagsIndexFunc,
    },
  });
}

describe('Indexer', () => {
  describe('add, update, get, getByKey', () => {
    it('stores objects under their namespace/name key', () => {
      const indexer = newIndexer();
      const web = pod('default', 'web');
      indexer.add(web);
      expect(indexer.getByKey('default/web')).toBe(web);
      expect(indexer.get(pod('default', 'web'))).toBe(web);
      expect(indexer.size).toBe(1);
    });

    it('returns undefined for a missing key', () => {
      const indexer = newIndexer();
      expect(indexer.getByKey('default/none')).toBeUndefined();
      expect(indexer.get(pod('default', 'none'))).toBeUndefined();
    });

    it('replaces the object on update, and on add of an existing key', () => {
      const indexer = newIndexer();
      indexer.add(pod('default', 'web', { node: 'a' }));
      const second = pod('default', 'web', { node: 'b' });
      indexer.update(second);
      expect(indexer.getByKey('default/web')).toBe(second);
      const third = pod('default', 'web', { node: 'c' });
      indexer.add(third);
      expect(indexer.getByKey('default/web')).toBe(third);
      expect(indexer.size).toBe(1);
    });

    it('put stores the object and returns the one it replaced, moving it between index buckets', () => {
      const indexer = newIndexer();
      const first = pod('default', 'web', { labels: { app: 'a' }, rv: '1' });
      expect(indexer.put(first)).toBeUndefined();
      const second = pod('default', 'web', { labels: { app: 'b' }, rv: '2' });
      expect(indexer.put(second)).toBe(first);
      expect(indexer.getByKey('default/web')).toBe(second);
      expect(indexer.byIndex('app', 'a')).toEqual([]);
      expect(indexer.byIndex('app', 'b')).toEqual([second]);
      expect(indexer.size).toBe(1);
      expect(indexer.resourceVersion).toBe('2');
      // The same version again: the stored object stays, and is what put reports.
      expect(indexer.put(pod('default', 'web', { labels: { app: 'c' }, rv: '2' }))).toBe(second);
      expect(indexer.getByKey('default/web')).toBe(second);
    });

    it('keys cluster-scoped objects by name', () => {
      const indexer = newIndexer();
      indexer.add(pod('', 'node-1'));
      expect(indexer.listKeys()).toEqual(['node-1']);
    });

    it('throws a KeyError for an object without a name, and stores nothing', () => {
      const indexer = newIndexer();
      expect(() => indexer.add({ metadata: { namespace: 'x' } } as TestPod)).toThrow(KeyError);
      expect(indexer.size).toBe(0);
    });

    it('uses a custom key function', () => {
      const indexer = new Indexer<TestPod>({ keyFunc: (obj) => `custom:${obj.metadata.name}` });
      indexer.add(pod('default', 'web'));
      expect(indexer.listKeys()).toEqual(['custom:web']);
    });
  });

  describe('a key function that throws', () => {
    // Keys everything by name, and fails on pods whose name starts with "bad".
    const cause = new TypeError('no key for this one');
    function pickyIndexer(): Indexer<TestPod> {
      return new Indexer<TestPod>({
        indexers: { app: labelIndexFunc('app') },
        keyFunc: (obj) => {
          if (obj.metadata.name.startsWith('bad')) throw cause;
          return obj.metadata.name;
        },
      });
    }
    function thrownBy(write: () => void): unknown {
      try {
        write();
      } catch (err) {
        return err;
      }
      throw new Error('expected the write to throw');
    }

    it.each([
      ['add', (indexer: Indexer<TestPod>, obj: TestPod) => indexer.add(obj)],
      ['update', (indexer: Indexer<TestPod>, obj: TestPod) => indexer.update(obj)],
      ['delete', (indexer: Indexer<TestPod>, obj: TestPod) => indexer.delete(obj)],
      ['replace', (indexer: Indexer<TestPod>, obj: TestPod) => indexer.replace([obj], '9')],
      ['get', (indexer: Indexer<TestPod>, obj: TestPod) => void indexer.get(obj)],
    ])(
      '%s wraps its error in a KeyError with the error as cause, and changes nothing',
      (_, write) => {
        const indexer = pickyIndexer();
        indexer.add(pod('default', 'web', { labels: { app: 'web' } }));
        const before = indexer.snapshot();
        const bad = pod('default', 'bad-1', { labels: { app: 'web' } });
        const err = thrownBy(() => write(indexer, bad));
        expect(err).toBeInstanceOf(KeyError);
        expect((err as KeyError).cause).toBe(cause);
        expect((err as KeyError).obj).toBe(bad);
        expect((err as KeyError).message).toContain('no key for this one');
        expect(indexer.snapshot()).toBe(before);
        expect(indexer.listKeys()).toEqual(['web']);
      },
    );

    it('passes a KeyError of its own through unchanged', () => {
      const own = new KeyError('x', 'my reason');
      const indexer = new Indexer<TestPod>({
        keyFunc: () => {
          throw own;
        },
      });
      expect(thrownBy(() => indexer.add(pod('default', 'web')))).toBe(own);
    });
  });

  describe('delete', () => {
    it('removes the object and its index entries', () => {
      const indexer = newIndexer();
      indexer.add(pod('default', 'web', { labels: { app: 'web' } }));
      indexer.delete(pod('default', 'web'));
      expect(indexer.getByKey('default/web')).toBeUndefined();
      expect(indexer.size).toBe(0);
      expect(indexer.listIndexFuncValues('app')).toEqual([]);
      expect(indexer.listIndexFuncValues(NamespaceIndex)).toEqual([]);
    });

    it('uses the stored object to leave the index, not the one given', () => {
      const indexer = newIndexer();
      indexer.add(pod('default', 'web', { labels: { app: 'web' } }));
      indexer.delete(pod('default', 'web', { labels: { app: 'other' } }));
      expect(indexer.listIndexFuncValues('app')).toEqual([]);
    });

    it('accepts a DeletedFinalStateUnknown tombstone', () => {
      const indexer = newIndexer();
      const web = pod('default', 'web');
      indexer.add(web);
      indexer.delete(new DeletedFinalStateUnknown('default/web', web));
      expect(indexer.size).toBe(0);
    });

    it('accepts an ExplicitKey', () => {
      const indexer = newIndexer();
      indexer.add(pod('default', 'web'));
      indexer.delete(new ExplicitKey('default/web'));
      expect(indexer.size).toBe(0);
    });

    it('ignores a missing key', () => {
      const indexer = newIndexer();
      indexer.add(pod('default', 'web'));
      const before = indexer.snapshot();
      indexer.delete(pod('default', 'other'));
      expect(indexer.snapshot()).toBe(before);
    });
  });

  describe('list and listKeys', () => {
    it('list every object and key', () => {
      const indexer = newIndexer();
      const pods = [pod('a', '1'), pod('a', '2'), pod('b', '1'), pod('', 'n')];
      pods.forEach((p) => indexer.add(p));
      expect(keysOf(indexer.list())).toEqual(['a/1', 'a/2', 'b/1', 'n']);
      expect(sorted(indexer.listKeys())).toEqual(['a/1', 'a/2', 'b/1', 'n']);
    });

    it('return fresh key lists the caller may change', () => {
      const indexer = newIndexer();
      indexer.add(pod('a', '1'));
      indexer.listKeys().pop();
      expect(indexer.listKeys()).toHaveLength(1);
    });

    it('share an answer until a write changes it, and never serve a stale one', () => {
      const indexer = newIndexer();
      indexer.add(pod('a', '1'));
      expect(keysOf(indexer.byIndex(NamespaceIndex, 'a'))).toEqual(['a/1']);
      indexer.add(pod('a', '2'));
      expect(keysOf(indexer.byIndex(NamespaceIndex, 'a'))).toEqual(['a/1', 'a/2']);
      const snapshot = indexer.snapshot();
      const sealed = indexer.byIndex(NamespaceIndex, 'a');
      expect(indexer.byIndex(NamespaceIndex, 'a')).toBe(sealed);
      expect(snapshot.byIndex(NamespaceIndex, 'a')).toBe(sealed);
      expect(indexer.list()).toBe(snapshot.list());
      indexer.add(pod('b', '1'));
      expect(indexer.byIndex(NamespaceIndex, 'a')).toBe(sealed);
      indexer.delete(pod('a', '1'));
      expect(keysOf(indexer.byIndex(NamespaceIndex, 'a'))).toEqual(['a/2']);
      expect(keysOf(snapshot.byIndex(NamespaceIndex, 'a'))).toEqual(['a/1', 'a/2']);
      expect(keysOf(indexer.list())).toEqual(['a/2', 'b/1']);
    });
  });

  describe('indices', () => {
    it('byIndex and indexKeys answer from the bucket of one value', () => {
      const indexer = newIndexer();
      [pod('a', '1'), pod('a', '2'), pod('b', '1')].forEach((p) => indexer.add(p));
      expect(keysOf(indexer.byIndex(NamespaceIndex, 'a'))).toEqual(['a/1', 'a/2']);
      expect(sorted(indexer.indexKeys(NamespaceIndex, 'b'))).toEqual(['b/1']);
      expect(indexer.byIndex(NamespaceIndex, 'none')).toEqual([]);
      expect(indexer.indexKeys(NamespaceIndex, 'none')).toEqual([]);
    });

    it('moves a key to its new bucket when an update changes its index value', () => {
      const indexer = newIndexer();
      indexer.add(pod('a', '1', { labels: { app: 'web' } }));
      indexer.add(pod('a', '2', { labels: { app: 'web' } }));
      indexer.update(pod('a', '1', { labels: { app: 'db' } }));
      expect(indexer.indexKeys('app', 'web')).toEqual(['a/2']);
      expect(indexer.indexKeys('app', 'db')).toEqual(['a/1']);
    });

    it('updates the object inside an unchanged bucket', () => {
      const indexer = newIndexer();
      indexer.add(pod('a', '1', { node: 'x' }));
      const moved = pod('a', '1', { node: 'y' });
      indexer.update(moved);
      expect(indexer.byIndex(NamespaceIndex, 'a')).toEqual([moved]);
    });

    it('removes a bucket once its last key leaves', () => {
      const indexer = newIndexer();
      indexer.add(pod('a', '1', { labels: { app: 'web' } }));
      indexer.update(pod('a', '1', { labels: { app: 'db' } }));
      expect(indexer.listIndexFuncValues('app')).toEqual(['db']);
      indexer.update(pod('a', '1'));
      expect(indexer.listIndexFuncValues('app')).toEqual([]);
    });

    it('indexes an object under each of several values, and under none', () => {
      const indexer = newIndexer();
      indexer.add(pod('a', '1', { tags: ['x', 'y'] }));
      indexer.add(pod('a', '2', { tags: ['y', 'z'] }));
      indexer.add(pod('a', '3', { tags: [] }));
      expect(sorted(indexer.listIndexFuncValues('tags'))).toEqual(['x', 'y', 'z']);
      expect(sorted(indexer.indexKeys('tags', 'y'))).toEqual(['a/1', 'a/2']);
      indexer.update(pod('a', '1', { tags: ['y', 'w'] }));
      expect(sorted(indexer.listIndexFuncValues('tags'))).toEqual(['w', 'y', 'z']);
      expect(sorted(indexer.indexKeys('tags', 'y'))).toEqual(['a/1', 'a/2']);
    });

    it('index() returns every object sharing any index value with obj, once each', () => {
      const indexer = newIndexer();
      indexer.add(pod('a', '1', { tags: ['x', 'y'] }));
      indexer.add(pod('a', '2', { tags: ['y'] }));
      indexer.add(pod('a', '3', { tags: ['z'] }));
      indexer.add(pod('a', '4', { tags: ['w'] }));
      expect(keysOf(indexer.index('tags', pod('q', 'probe', { tags: ['x', 'y', 'z'] })))).toEqual([
        'a/1',
        'a/2',
        'a/3',
      ]);
      expect(keysOf(indexer.index('tags', pod('q', 'probe', { tags: ['w'] })))).toEqual(['a/4']);
      expect(indexer.index('tags', pod('q', 'probe', { tags: [] }))).toEqual([]);
    });

    it('index() with a single-valued index returns the bucket', () => {
      const indexer = newIndexer();
      [pod('a', '1'), pod('a', '2'), pod('b', '1')].forEach((p) => indexer.add(p));
      expect(keysOf(indexer.index(NamespaceIndex, pod('a', 'other')))).toEqual(['a/1', 'a/2']);
    });

    it('throws IndexNotFoundError for an unknown index name', () => {
      const indexer = newIndexer();
      expect(() => indexer.byIndex('nope', 'x')).toThrow(IndexNotFoundError);
      expect(() => indexer.indexKeys('nope', 'x')).toThrow('Index with name nope does not exist');
      expect(() => indexer.index('nope', pod('a', '1'))).toThrow(IndexNotFoundError);
    });

    it('listIndexFuncValues returns [] for an unknown index name', () => {
      expect(newIndexer().listIndexFuncValues('nope')).toEqual([]);
    });

    it('getIndexers returns the registered functions', () => {
      const indexers = newIndexer().getIndexers();
      expect(Object.keys(indexers).sort()).toEqual(['app', 'namespace', 'tags']);
      expect(indexers[NamespaceIndex]).toBe(metaNamespaceIndexFunc);
    });
  });

  describe('an index function that throws', () => {
    const flaky = (obj: TestPod): string[] => {
      if (obj.spec?.node === 'boom') throw new Error('bad object');
      return [obj.spec?.node ?? ''];
    };

    function flakyIndexer(): Indexer<TestPod> {
      const indexer = new Indexer<TestPod>({
        indexers: { [NamespaceIndex]: metaNamespaceIndexFunc, node: flaky },
      });
      indexer.add(pod('a', '1', { node: 'x', rv: '5' }));
      return indexer;
    }

    it('fails add with an IndexFuncError naming index and key, and changes nothing', () => {
      const indexer = flakyIndexer();
      const before = indexer.snapshot();
      let error: unknown;
      try {
        indexer.add(pod('a', '2', { node: 'boom', rv: '6' }));
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(IndexFuncError);
      expect((error as IndexFuncError).indexName).toBe('node');
      expect((error as IndexFuncError).key).toBe('a/2');
      expect(indexer.snapshot()).toBe(before);
      expect(indexer.listKeys()).toEqual(['a/1']);
      expect(indexer.listIndexFuncValues(NamespaceIndex)).toEqual(['a']);
      expect(indexer.resourceVersion).toBe('5');
    });

    it('fails update without moving the object', () => {
      const indexer = flakyIndexer();
      const original = indexer.getByKey('a/1');
      expect(() => indexer.update(pod('a', '1', { node: 'boom' }))).toThrow(IndexFuncError);
      expect(indexer.getByKey('a/1')).toBe(original);
      expect(indexer.indexKeys('node', 'x')).toEqual(['a/1']);
    });

    // An index function must be pure, but a handler that mutates a cached object (with
    // `freeze` off in production) makes one throw on an object it once accepted.
    describe('that starts throwing on a stored object', () => {
      let strict = false;
      const fickle = (obj: TestPod): string[] => {
        if (strict && obj.spec?.node === 'boom') throw new Error('bad object');
        return [obj.spec?.node ?? ''];
      };
      afterEach(() => {
        strict = false;
      });

      it.each([
        ['one index', { node: fickle }],
        ['several indexes', { [NamespaceIndex]: metaNamespaceIndexFunc, node: fickle }],
      ])('fails a write over it and changes nothing (%s)', (_, indexers) => {
        const indexer = new Indexer<TestPod>({ indexers });
        const stored = pod('a', '1', { node: 'boom', rv: '5' });
        indexer.add(stored);
        const before = indexer.snapshot();
        strict = true;
        expect(() => indexer.add(pod('a', '1', { node: 'x', rv: '6' }))).toThrow(IndexFuncError);
        strict = false;
        expect(indexer.getByKey('a/1')).toBe(stored);
        expect(indexer.resourceVersion).toBe('5');
        expect(indexer.snapshot()).toBe(before);
        expect(indexer.indexKeys('node', 'boom')).toEqual(['a/1']);
        expect(indexer.indexKeys('node', 'x')).toEqual([]);
      });

      it('fails a whole read after unread writes moved the objects into a map, and loses nothing', () => {
        const indexer = new Indexer<TestPod>({ indexers: { node: fickle } });
        // More unread writes than objects (and over 1,024): the objects move into a map.
        const pods = Array.from({ length: 1_100 }, (_, i) => pod('a', `p${i}`, { node: 'x' }));
        pods[7] = pod('a', 'p7', { node: 'boom' });
        for (const obj of pods) indexer.add(obj);
        strict = true;
        expect(() => indexer.listKeys()).toThrow(IndexFuncError);
        expect(indexer.size).toBe(1_100);
        expect(indexer.getByKey('a/p7')).toBe(pods[7]);
        strict = false;
        expect(indexer.listKeys()).toHaveLength(1_100);
        expect(indexer.indexKeys('node', 'boom')).toEqual(['a/p7']);
      });
    });

    it('fails replace and keeps the previous content', () => {
      const indexer = flakyIndexer();
      expect(() => indexer.replace([pod('b', '1'), pod('b', '2', { node: 'boom' })], '9')).toThrow(
        IndexFuncError,
      );
      expect(indexer.listKeys()).toEqual(['a/1']);
      expect(indexer.listIndexFuncValues(NamespaceIndex)).toEqual(['a']);
      expect(indexer.resourceVersion).toBe('5');
    });
  });

  describe('replace', () => {
    it('swaps the content, rebuilds the indices and sets the resource version', () => {
      const indexer = newIndexer();
      indexer.add(pod('old', '1', { labels: { app: 'web' } }));
      indexer.replace([pod('a', '1', { labels: { app: 'db' } }), pod('b', '1')], '42');
      expect(sorted(indexer.listKeys())).toEqual(['a/1', 'b/1']);
      expect(sorted(indexer.listIndexFuncValues(NamespaceIndex))).toEqual(['a', 'b']);
      expect(indexer.listIndexFuncValues('app')).toEqual(['db']);
      expect(indexer.resourceVersion).toBe('42');
      expect(indexer.size).toBe(2);
    });

    it('keeps the last of several objects with one key', () => {
      const indexer = newIndexer();
      const last = pod('a', '1', { labels: { app: 'db' } });
      indexer.replace([pod('a', '1', { labels: { app: 'web' } }), last], '1');
      expect(indexer.getByKey('a/1')).toBe(last);
      expect(indexer.listIndexFuncValues('app')).toEqual(['db']);
      expect(indexer.size).toBe(1);
    });

    it('with no items empties the store', () => {
      const indexer = newIndexer();
      indexer.add(pod('a', '1'));
      indexer.replace([], '7');
      expect(indexer.size).toBe(0);
      expect(indexer.listIndexFuncValues(NamespaceIndex)).toEqual([]);
    });
  });

  describe('addIndexers', () => {
    it('indexes the objects already held', () => {
      const indexer = new Indexer<TestPod>();
      indexer.add(pod('a', '1', { labels: { app: 'web' } }));
      indexer.add(pod('b', '1'));
      indexer.addIndexers({ app: labelIndexFunc('app'), [NamespaceIndex]: metaNamespaceIndexFunc });
      expect(indexer.indexKeys('app', 'web')).toEqual(['a/1']);
      expect(sorted(indexer.listIndexFuncValues(NamespaceIndex))).toEqual(['a', 'b']);
      indexer.add(pod('a', '2', { labels: { app: 'web' } }));
      expect(sorted(indexer.indexKeys('app', 'web'))).toEqual(['a/1', 'a/2']);
    });

    it('rejects a name already registered, adding nothing', () => {
      const indexer = newIndexer();
      let error: unknown;
      try {
        indexer.addIndexers({ extra: tagsIndexFunc, app: labelIndexFunc('other') });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(IndexConflictError);
      expect((error as IndexConflictError).indexNames).toEqual(['app']);
      expect(Object.keys(indexer.getIndexers())).not.toContain('extra');
    });

    it('adds nothing when a new index function throws on a held object', () => {
      const indexer = newIndexer();
      indexer.add(pod('a', '1'));
      expect(() =>
        indexer.addIndexers({
          bad: () => {
            throw new Error('no');
          },
        }),
      ).toThrow(IndexFuncError);
      expect(Object.keys(indexer.getIndexers())).not.toContain('bad');
    });
  });

  describe('same resource version', () => {
    it('keeps the stored object when the new one has the same version', () => {
      const indexer = newIndexer();
      const stored = pod('a', '1', { rv: '10' });
      indexer.add(stored);
      const before = indexer.snapshot();
      indexer.update(pod('a', '1', { rv: '10' }));
      expect(indexer.getByKey('a/1')).toBe(stored);
      expect(indexer.snapshot()).toBe(before);
    });

    it('stores a new version', () => {
      const indexer = newIndexer();
      indexer.add(pod('a', '1', { rv: '10' }));
      const newer = pod('a', '1', { rv: '11' });
      indexer.update(newer);
      expect(indexer.getByKey('a/1')).toBe(newer);
    });

    it('always stores the object given with keepSameVersion: false', () => {
      const indexer = new Indexer<TestPod>({ keepSameVersion: false });
      indexer.add(pod('a', '1', { rv: '10' }));
      const again = pod('a', '1', { rv: '10' });
      indexer.update(again);
      expect(indexer.getByKey('a/1')).toBe(again);
    });

    it('does not treat objects without a version as equal', () => {
      const indexer = newIndexer();
      indexer.add(pod('a', '1'));
      const next = pod('a', '1');
      indexer.update(next);
      expect(indexer.getByKey('a/1')).toBe(next);
    });
  });

  describe('resource version', () => {
    it('follows the objects written', () => {
      const indexer = newIndexer();
      expect(indexer.resourceVersion).toBe('');
      indexer.add(pod('a', '1', { rv: '10' }));
      expect(indexer.resourceVersion).toBe('10');
      indexer.update(pod('a', '1', { rv: '11' }));
      expect(indexer.resourceVersion).toBe('11');
      indexer.delete(pod('a', '1', { rv: '12' }));
      expect(indexer.resourceVersion).toBe('12');
    });

    it('does not move on writes that change nothing, so a resync never takes it backwards', () => {
      const indexer = newIndexer();
      const stored = pod('a', '1', { rv: '10' });
      indexer.add(stored);
      indexer.add(pod('a', '2', { rv: '20' }));
      indexer.update(stored);
      indexer.delete(pod('a', 'absent', { rv: '5' }));
      expect(indexer.resourceVersion).toBe('20');
    });

    it('is kept by writes of objects without one, and by tombstones', () => {
      const indexer = newIndexer();
      indexer.replace([pod('a', '1')], '3');
      indexer.add(pod('a', '2'));
      indexer.delete(new DeletedFinalStateUnknown('a/1', undefined));
      expect(indexer.resourceVersion).toBe('3');
    });

    it('with resourceVersionFromWrites off, only replace and setResourceVersion move it', () => {
      const indexer = new Indexer<TestPod>({ resourceVersionFromWrites: false });
      indexer.replace([pod('a', '1', { rv: '5' })], '6');
      indexer.add(pod('a', '2', { rv: '9' }));
      indexer.update(pod('a', '1', { rv: '8' }));
      indexer.delete(pod('a', '2', { rv: '10' }));
      expect(indexer.resourceVersion).toBe('6');
      expect(indexer.snapshot().resourceVersion).toBe('6');
      indexer.setResourceVersion('10');
      expect(indexer.snapshot().resourceVersion).toBe('10');
    });

    it('setResourceVersion moves it without a write and yields a new snapshot', () => {
      const indexer = newIndexer();
      indexer.add(pod('a', '1'));
      const before = indexer.snapshot();
      indexer.setResourceVersion('77');
      expect(indexer.resourceVersion).toBe('77');
      expect(indexer.snapshot()).not.toBe(before);
      expect(indexer.snapshot().resourceVersion).toBe('77');
      expect(before.resourceVersion).toBe('');
      const same = indexer.snapshot();
      indexer.setResourceVersion('77');
      expect(indexer.snapshot()).toBe(same);
    });
  });

  it('resync changes nothing', () => {
    const indexer = newIndexer();
    indexer.add(pod('a', '1'));
    const before = indexer.snapshot();
    indexer.resync();
    expect(indexer.snapshot()).toBe(before);
  });
});
