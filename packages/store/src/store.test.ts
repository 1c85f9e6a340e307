import { IndexNotFoundError } from './indexErrors.js';
import { labelIndexFunc } from './indexFunc.js';
import { Indexer } from './indexer.js';
import { type TestPod, pod } from './pods.testing.js';
import { Store } from './store.js';

describe('Store', () => {
  it('is an Indexer without index functions', () => {
    const store = new Store<TestPod>();
    expect(store).toBeInstanceOf(Indexer);
    expect(store.getIndexers()).toEqual({});
    store.add(pod('a', '1'));
    expect(store.getByKey('a/1')).toBeDefined();
    expect(() => store.byIndex('namespace', 'a')).toThrow(IndexNotFoundError);
  });

  it('can still gain indexers, like client-go', () => {
    const store = new Store<TestPod>();
    store.add(pod('a', '1', { labels: { app: 'web' } }));
    store.addIndexers({ app: labelIndexFunc('app') });
    expect(store.indexKeys('app', 'web')).toEqual(['a/1']);
  });
});
