import fc from 'fast-check';
import { NamespaceIndex, labelIndexFunc, metaNamespaceIndexFunc } from './indexFunc.js';
import { Indexer } from './indexer.js';
import type { IndexerView } from './indexerView.js';
import { type TestPod, pod, sorted, tagsIndexFunc } from './pods.testing.js';

// The model: a plain Map, with every index question answered by a full scan.
interface Model {
  items: Map<string, TestPod>;
  resourceVersion: string;
}

const indexFuncs = {
  [NamespaceIndex]: metaNamespaceIndexFunc,
  app: labelIndexFunc('app'),
  tags: tagsIndexFunc,
} as const;
type IndexName = keyof typeof indexFuncs;
const indexNames = Object.keys(indexFuncs) as IndexName[];

const namespaces = ['a', 'b', 'c', ''];
const values: Record<IndexName, string[]> = {
  [NamespaceIndex]: namespaces,
  app: ['web', 'db', 'cache'],
  tags: ['x', 'y', 'z'],
};

const keyOf = (p: TestPod): string =>
  p.metadata.namespace ? `${p.metadata.namespace}/${p.metadata.name}` : p.metadata.name;

const podArb = fc
  .record({
    namespace: fc.constantFrom(...namespaces),
    // Mostly a few names, so writes hit existing keys; sometimes many, so tries grow deep.
    name: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom('1', '2', '3', '4', '5') },
      { weight: 1, arbitrary: fc.integer({ min: 6, max: 400 }).map(String) },
    ),
    app: fc.option(fc.constantFrom(...values.app), { nil: undefined }),
    tags: fc.subarray(values.tags),
    // Few versions, so that writes of the same version to the same key happen too.
    rv: fc.option(fc.integer({ min: 1, max: 12 }).map(String), { nil: undefined }),
    node: fc.constantFrom('n1', 'n2'),
  })
  .map(({ namespace, name, app, tags, rv, node }) =>
    pod(namespace, name, {
      ...(app === undefined ? {} : { labels: { app } }),
      tags,
      node,
      ...(rv === undefined ? {} : { rv }),
    }),
  );

type Op =
  | { kind: 'add'; obj: TestPod }
  | { kind: 'delete'; obj: TestPod }
  | { kind: 'addMany'; objs: TestPod[] }
  | { kind: 'replace'; objs: TestPod[]; rv: string }
  | { kind: 'setResourceVersion'; rv: string }
  | { kind: 'snapshot' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: podArb.map((obj): Op => ({ kind: 'add', obj })) },
  { weight: 3, arbitrary: podArb.map((obj): Op => ({ kind: 'delete', obj })) },
  {
    weight: 1,
    arbitrary: fc.array(podArb, { maxLength: 80 }).map((objs): Op => ({ kind: 'addMany', objs })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ objs: fc.array(podArb, { maxLength: 12 }), rv: fc.integer({ min: 1 }).map(String) })
      .map(({ objs, rv }): Op => ({ kind: 'replace', objs, rv })),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 1 })
      .map((rv): Op => ({ kind: 'setResourceVersion', rv: String(rv) })),
  },
  { weight: 2, arbitrary: fc.constant<Op>({ kind: 'snapshot' }) },
);

function applyToModel(model: Model, op: Op): void {
  const rvOf = (obj: TestPod): string | undefined => obj.metadata.resourceVersion;
  switch (op.kind) {
    case 'add': {
      // Same version, same object: the stored one stays and nothing changes.
      const stored = model.items.get(keyOf(op.obj));
      const rv = rvOf(op.obj);
      if (stored === op.obj || (stored && rv && rvOf(stored) === rv)) break;
      model.items.set(keyOf(op.obj), op.obj);
      model.resourceVersion = rv || model.resourceVersion;
      break;
    }
    case 'delete':
      // Only a write that changes the content moves the resource version.
      if (!model.items.delete(keyOf(op.obj))) break;
      model.resourceVersion = rvOf(op.obj) || model.resourceVersion;
      break;
    case 'addMany':
      for (const obj of op.objs) applyToModel(model, { kind: 'add', obj });
      break;
    case 'replace':
      model.items = new Map(op.objs.map((obj) => [keyOf(obj), obj]));
      model.resourceVersion = op.rv;
      break;
    case 'setResourceVersion':
      model.resourceVersion = op.rv;
      break;
    case 'snapshot':
      break;
  }
}

function applyToIndexer(indexer: Indexer<TestPod>, op: Op): void {
  switch (op.kind) {
    case 'add':
      return indexer.add(op.obj);
    case 'delete':
      return indexer.delete(op.obj);
    case 'addMany':
      return op.objs.forEach((obj) => indexer.add(obj));
    case 'replace':
      return indexer.replace(op.objs, op.rv);
    case 'setResourceVersion':
      return indexer.setResourceVersion(op.rv);
    case 'snapshot':
      return;
  }
}

function expectAgrees(
  view: IndexerView<TestPod>,
  model: Model,
  names: readonly IndexName[] = indexNames,
): void {
  const objs = [...model.items.values()];
  expect(view.size).toBe(model.items.size);
  expect(view.resourceVersion).toBe(model.resourceVersion);
  expect(sorted(view.listKeys())).toEqual(sorted([...model.items.keys()]));
  expect(sorted(view.list().map(keyOf))).toEqual(sorted([...model.items.keys()]));
  for (const key of ['a/1', 'b/3', '2', 'c/5'])
    expect(view.getByKey(key)).toBe(model.items.get(key));
  for (const [key, obj] of model.items) expect(view.getByKey(key)).toBe(obj);
  for (const name of names) {
    const fn = indexFuncs[name] as (obj: TestPod) => string[];
    const used = new Set(objs.flatMap(fn));
    expect(sorted(view.listIndexFuncValues(name))).toEqual(sorted([...used]));
    for (const value of values[name]) {
      const expected = objs.filter((obj) => fn(obj).includes(value));
      expect(sorted(view.indexKeys(name, value))).toEqual(sorted(expected.map(keyOf)));
      const got = view.byIndex(name, value);
      expect(got).toHaveLength(expected.length);
      for (const obj of got) expect(model.items.get(keyOf(obj))).toBe(obj);
    }
  }
}

describe('Indexer against a Map + full-scan model', () => {
  it('answers like the model after any write sequence, and every snapshot keeps its answers', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(opArb, { minLength: 1, maxLength: 4 }), { maxLength: 30 }),
        fc.boolean(),
        // All indexes, or one alone: a single index takes a write path of its own.
        fc.constantFrom<readonly IndexName[]>(
          indexNames,
          ...indexNames.map((name): IndexName[] => [name]),
        ),
        (steps, batched, names) => {
          const indexers = Object.fromEntries(names.map((name) => [name, indexFuncs[name]]));
          const indexer = new Indexer<TestPod>({ indexers });
          const model: Model = { items: new Map(), resourceVersion: '' };
          const taken: [ReturnType<Indexer<TestPod>['snapshot']>, Model][] = [];
          for (const ops of steps) {
            const run = (): void => {
              for (const op of ops) {
                applyToIndexer(indexer, op);
                applyToModel(model, op);
                if (op.kind === 'snapshot') {
                  taken.push([indexer.indexer$.value, { ...model, items: new Map(model.items) }]);
                }
              }
            };
            if (batched) indexer.batch(run);
            else run();
            expectAgrees(indexer, model, names);
          }
          for (const [snapshot, then] of taken) expectAgrees(snapshot, then, names);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('keeps its answers when unread writes move the objects into a map and back', () => {
    // Warm-up: more unread writes than objects (and over 1,024) move the objects into a map.
    // Then random operations, with point reads after each; a subscriber to `indexer$` coming
    // and going and every whole read (a snapshot) move them back into the trie, and a burst of
    // unread rewrites moves them out again, with earlier snapshots held across both moves. At
    // the end one whole read, chosen at random, is checked before any other read rebuilds the
    // trie.
    const warm = Array.from({ length: 1_100 }, (_, i) => pod('a', `w-${i}`, { rv: '1' }));
    let bursts = 0;
    const burst = (): TestPod[] => warm.map((p) => pod('a', p.metadata.name, { rv: `b${bursts}` }));
    type Extra = { kind: 'toggle' } | { kind: 'burst' };
    const extraArb = fc.constantFrom<Extra>({ kind: 'toggle' }, { kind: 'burst' });
    const reads = ['listKeys', 'list', 'byIndex', 'indexKeys', 'listIndexFuncValues'] as const;
    fc.assert(
      fc.property(
        fc.array(fc.oneof({ weight: 20, arbitrary: opArb }, { weight: 1, arbitrary: extraArb }), {
          maxLength: 200,
        }),
        fc.constantFrom(...reads),
        (ops, firstRead) => {
          const indexer = new Indexer<TestPod>({ indexers: indexFuncs });
          const model: Model = { items: new Map(), resourceVersion: '' };
          const taken: [ReturnType<Indexer<TestPod>['snapshot']>, Model][] = [];
          let subscription: { unsubscribe(): void } | undefined;
          const addAll = (objs: readonly TestPod[]): void => {
            for (const obj of objs) {
              indexer.add(obj);
              applyToModel(model, { kind: 'add', obj });
            }
          };
          addAll(warm);
          for (const op of ops) {
            if (op.kind === 'toggle') {
              if (subscription === undefined) subscription = indexer.indexer$.subscribe(() => {});
              else subscription = void subscription.unsubscribe();
              continue;
            }
            if (op.kind === 'burst') {
              // Twice the warm keys: more writes than the objects held, whatever else was added.
              for (let pass = 0; pass < 2; pass++) {
                bursts += 1;
                addAll(burst());
              }
            } else {
              applyToIndexer(indexer, op);
              applyToModel(model, op);
            }
            if (op.kind === 'snapshot') {
              taken.push([indexer.snapshot(), { ...model, items: new Map(model.items) }]);
            }
            // Point reads only: they must not depend on where the objects are.
            expect(indexer.size).toBe(model.items.size);
            expect(indexer.resourceVersion).toBe(model.resourceVersion);
            for (const key of ['a/1', 'b/3', '2', 'c/5', 'a/w-7', 'a/w-1097']) {
              expect(indexer.getByKey(key)).toBe(model.items.get(key));
            }
          }
          const objs = [...model.items.values()];
          const inA = objs.filter((obj) => obj.metadata.namespace === 'a').map(keyOf);
          switch (firstRead) {
            case 'listKeys':
              expect(sorted(indexer.listKeys())).toEqual(sorted([...model.items.keys()]));
              break;
            case 'list':
              expect(sorted(indexer.list().map(keyOf))).toEqual(sorted([...model.items.keys()]));
              break;
            case 'byIndex':
              expect(sorted(indexer.byIndex(NamespaceIndex, 'a').map(keyOf))).toEqual(sorted(inA));
              break;
            case 'indexKeys':
              expect(sorted(indexer.indexKeys(NamespaceIndex, 'a'))).toEqual(sorted(inA));
              break;
            case 'listIndexFuncValues': {
              const used = new Set(objs.map((obj) => obj.metadata.namespace ?? ''));
              expect(sorted(indexer.listIndexFuncValues(NamespaceIndex))).toEqual(
                sorted([...used]),
              );
              break;
            }
          }
          expectAgrees(indexer, model);
          for (const [snapshot, then] of taken) expectAgrees(snapshot, then);
          subscription?.unsubscribe();
        },
      ),
      { numRuns: 60 },
    );
  });
});
