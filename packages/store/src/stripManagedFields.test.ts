import { Indexer } from './indexer.js';
import type { FullObjectMeta } from './partialObjectMetadata.js';
import { Store } from './store.js';
import { stripManagedFields } from './stripManagedFields.js';

interface Obj {
  metadata: FullObjectMeta;
  spec: { replicas: number };
}

function withManagedFields(name: string, rv = '1'): Obj {
  return {
    metadata: {
      namespace: 'default',
      name,
      resourceVersion: rv,
      labels: { app: name },
      managedFields: [
        {
          manager: 'kubectl-client-side-apply',
          operation: 'Update',
          apiVersion: 'v1',
          time: '2025-01-01T00:00:00Z',
          fieldsType: 'FieldsV1',
          fieldsV1: { 'f:spec': { 'f:replicas': {} } },
        },
      ],
    },
    spec: { replicas: 2 },
  };
}

describe('stripManagedFields', () => {
  it('returns a new object without metadata.managedFields and leaves the input untouched', () => {
    const input = withManagedFields('web');
    const before = structuredClone(input);
    const out = stripManagedFields(input);
    expect(out).not.toBe(input);
    expect(out.metadata).not.toHaveProperty('managedFields');
    expect(out.metadata).toEqual({
      namespace: 'default',
      name: 'web',
      resourceVersion: '1',
      labels: { app: 'web' },
    });
    expect(out.spec).toBe(input.spec);
    expect(input).toEqual(before);
  });

  it('returns an object without managed fields as it is', () => {
    const input = { metadata: { name: 'web' }, spec: { replicas: 1 } };
    expect(stripManagedFields(input)).toBe(input);
    const noMetadata: { metadata?: { name: string }; spec: object } = { spec: {} };
    expect(stripManagedFields(noMetadata)).toBe(noMetadata);
  });
});

describe('Indexer transform', () => {
  it('is applied on add, update and replace before storing', () => {
    const indexer = new Indexer<Obj>({ transform: stripManagedFields });
    indexer.add(withManagedFields('a'));
    indexer.update(withManagedFields('b'));
    expect(indexer.getByKey('default/a')?.metadata).not.toHaveProperty('managedFields');
    expect(indexer.getByKey('default/b')?.metadata).not.toHaveProperty('managedFields');
    indexer.replace([withManagedFields('c', '5'), withManagedFields('d', '5')], '5');
    expect(indexer.listKeys().sort()).toEqual(['default/c', 'default/d']);
    for (const obj of indexer.list()) expect(obj.metadata).not.toHaveProperty('managedFields');
    expect(indexer.resourceVersion).toBe('5');
  });

  it('is applied on put, the write path a watch-fed cache takes', () => {
    const indexer = new Indexer<Obj>({ transform: stripManagedFields });
    expect(indexer.put(withManagedFields('a', '1'))).toBeUndefined();
    const replaced = indexer.put(withManagedFields('a', '2'));
    expect(replaced?.metadata).not.toHaveProperty('managedFields');
    expect(replaced?.metadata.resourceVersion).toBe('1');
    expect(indexer.getByKey('default/a')?.metadata).not.toHaveProperty('managedFields');
    expect(indexer.resourceVersion).toBe('2');
  });

  it("is given the caller's object and keeps its resource version", () => {
    const seen: Obj[] = [];
    const indexer = new Indexer<Obj>({
      transform: (obj) => {
        seen.push(obj);
        return stripManagedFields(obj);
      },
    });
    const input = withManagedFields('a', '7');
    indexer.add(input);
    expect(seen).toEqual([input]);
    expect(seen[0]).toBe(input);
    expect(input.metadata.managedFields).toHaveLength(1);
    expect(indexer.resourceVersion).toBe('7');
  });

  it('is not called on delete', () => {
    let calls = 0;
    const indexer = new Indexer<Obj>({
      transform: (obj) => {
        calls += 1;
        return obj;
      },
    });
    indexer.add(withManagedFields('a'));
    indexer.delete(withManagedFields('a'));
    expect(calls).toBe(1);
    expect(indexer.size).toBe(0);
  });

  it('leaves the Indexer unchanged when it throws', () => {
    const failure = new Error('cannot transform');
    const indexer = new Indexer<Obj>({
      transform: (obj) => {
        if (obj.metadata.name === 'bad') throw failure;
        return obj;
      },
    });
    indexer.add(withManagedFields('a'));
    const before = indexer.snapshot();
    expect(() => indexer.add(withManagedFields('bad'))).toThrow(failure);
    expect(() => indexer.replace([withManagedFields('b'), withManagedFields('bad')], '9')).toThrow(
      failure,
    );
    expect(indexer.snapshot()).toBe(before);
  });

  it('applies to a Store too', () => {
    const store = new Store<Obj>({ transform: stripManagedFields });
    store.add(withManagedFields('a'));
    expect(store.getByKey('default/a')?.metadata).not.toHaveProperty('managedFields');
  });
});
