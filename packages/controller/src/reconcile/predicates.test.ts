import type { InformerEvent } from '@rxkube/informer';
import { DeletedFinalStateUnknown } from '@rxkube/store';
import {
  annotationsChanged,
  generationChanged,
  labelsChanged,
  resourceVersionChanged,
} from './changePredicates.js';
import { objectOf } from './objectMeta.js';
import { and, isResync, not, or, type Predicate } from './predicate.js';
import { thing, written, type Thing } from './fakeInformer.testing.js';

const base = thing('a', { labels: { app: 'web' }, annotations: { note: 'x' } });
const update = (after: Thing, before: Thing = base): InformerEvent<Thing> => ({
  type: 'update',
  object: after,
  oldObject: before,
  isInInitialList: false,
});
const add: InformerEvent<Thing> = { type: 'add', object: base, isInInitialList: false };
const remove: InformerEvent<Thing> = { type: 'delete', object: base, isInInitialList: false };

const statusWrite = written(base); // new resourceVersion, nothing else
const specWrite = written(base, { generation: 2 });
const relabelled = written(base, { labels: { app: 'api' } });
const labelAdded = written(base, { labels: { app: 'web', tier: 'front' } });
const reannotated = written(base, { annotations: { note: 'y' } });
const unchanged = update(base, base);

test.each([
  ['generationChanged', generationChanged(), [specWrite]],
  ['labelsChanged', labelsChanged(), [relabelled, labelAdded]],
  ['annotationsChanged', annotationsChanged(), [reannotated]],
  [
    'resourceVersionChanged',
    resourceVersionChanged(),
    [statusWrite, specWrite, relabelled, labelAdded, reannotated],
  ],
] as const)('%s passes the updates it is about, adds and deletes', (_, predicate, passing) => {
  const all = [statusWrite, specWrite, relabelled, labelAdded, reannotated];
  for (const after of all)
    expect([after, predicate(update(after))]).toEqual([after, passing.includes(after as never)]);
  expect(predicate(unchanged)).toBe(false);
  expect(predicate(add)).toBe(true);
  expect(predicate(remove)).toBe(true);
});

test('labels and annotations compare as maps, absent equals empty', () => {
  const bare = thing('b');
  const emptyLabels = written(bare, { labels: {}, annotations: {} });
  expect(labelsChanged()(update(emptyLabels, bare))).toBe(false);
  expect(annotationsChanged()(update(emptyLabels, bare))).toBe(false);
  const sameLabels = written(base, { labels: { app: 'web' } });
  expect(labelsChanged()(update(sameLabels))).toBe(false);
  const removed = written(base, { labels: {} });
  expect(labelsChanged()(update(removed))).toBe(true);
});

test('and, or, not compose, also with predicates of the concrete type', () => {
  const named =
    (name: string): Predicate<Thing> =>
    (e) =>
      objectOf(e)?.metadata.name === name;
  const specOrLabels = or(generationChanged(), labelsChanged());
  expect(specOrLabels(update(specWrite))).toBe(true);
  expect(specOrLabels(update(relabelled))).toBe(true);
  expect(specOrLabels(update(statusWrite))).toBe(false);

  const onlyA = and<Thing>(named('a'), generationChanged());
  expect(onlyA(update(specWrite))).toBe(true);
  expect(onlyA(update(written(thing('b'), { generation: 5 }), thing('b')))).toBe(false);
  expect(not(onlyA)(update(statusWrite))).toBe(true);
  expect(and<Thing>()(add)).toBe(true);
  expect(or<Thing>()(add)).toBe(false);
});

test('isResync: an update that kept its resourceVersion', () => {
  expect(isResync(unchanged)).toBe(true);
  expect(isResync(update(statusWrite))).toBe(false);
  expect(isResync(add)).toBe(false);
  const versionless = { metadata: { name: 'v', namespace: 'ns' } } as Thing;
  expect(isResync(update(versionless, versionless))).toBe(false);
});

test('objectOf unwraps deletion tombstones', () => {
  expect(objectOf(remove)).toBe(base);
  const tombstone = new DeletedFinalStateUnknown<Thing>('ns/a', base);
  expect(objectOf<Thing>({ type: 'delete', object: tombstone, isInInitialList: false })).toBe(base);
  const unknown = new DeletedFinalStateUnknown<Thing>('ns/a', undefined);
  expect(
    objectOf<Thing>({ type: 'delete', object: unknown, isInInitialList: false }),
  ).toBeUndefined();
});
