import { StatusError } from '../api/status.js';
import { ResourceRegistry } from '../registry/resourceRegistry.js';
import { EventHistory } from './eventHistory.js';
import { ObjectStore } from './objectStore.js';
import { decimalResourceVersions } from './resourceVersionFormat.js';

const registry = new ResourceRegistry();
const pods = registry.lookup('', 'v1', 'pods')!;
const store = () =>
  new ObjectStore({
    historyLimit: 3,
    initialResourceVersion: 10,
    random: Math.random,
    now: () => new Date(0),
    resourceVersions: decimalResourceVersions,
  });
const pod = (name: string, spec: unknown = {}) => ({ metadata: { name, namespace: 'ns' }, spec });

test('§5 each write takes the next global resourceVersion', () => {
  const s = store();
  expect(s.create(pods, pod('a')).metadata.resourceVersion).toBe('11');
  expect(s.update(pods, pod('a', { x: 1 })).metadata.resourceVersion).toBe('12');
  expect(s.delete(pods, 'ns', 'a').metadata.resourceVersion).toBe('13');
  expect(s.resourceVersion).toBe(13);
});

test('generation starts at 1 and grows only when spec changes', () => {
  const s = store();
  s.create(pods, pod('a'));
  expect(
    s.update(pods, { ...pod('a'), metadata: { name: 'a', namespace: 'ns', labels: { l: '1' } } })
      .metadata.generation,
  ).toBe(1);
  expect(s.update(pods, pod('a', { x: 1 })).metadata.generation).toBe(2);
});

test('the history is bounded: dropping old events raises the compaction point', () => {
  const s = store();
  for (const n of ['a', 'b', 'c', 'd', 'e']) s.create(pods, pod(n));
  expect(s.compactedRevision).toBe(12);
  expect(s.eventsSince(11)).toBeUndefined();
  expect(s.eventsSince(12)?.map((e) => e.rv)).toEqual([13, 14, 15]);
});

test('a snapshot at an older resourceVersion undoes later creates, updates and deletes', () => {
  const s = new ObjectStore({
    historyLimit: 100,
    initialResourceVersion: 1,
    random: Math.random,
    now: () => new Date(0),
    resourceVersions: decimalResourceVersions,
  });
  s.create(pods, pod('a'));
  s.create(pods, pod('b'));
  const at = s.resourceVersion;
  s.update(pods, pod('a', { changed: true }));
  s.delete(pods, 'ns', 'b');
  s.create(pods, pod('c'));
  const snap = s.snapshot(pods, at);
  expect(snap.entries.map(([k, o]) => `${k}:${JSON.stringify(o['spec'])}`)).toEqual([
    'ns/a:{}',
    'ns/b:{}',
  ]);
  s.compact();
  expect(() => s.snapshot(pods, at)).toThrow(StatusError);
});

test('an event history ignores compaction below its current point', () => {
  const h = new EventHistory(10, 5);
  h.compact(3);
  expect(h.compactedRevision).toBe(5);
});

test('an update equal to the stored object but for its resourceVersion is not written; any other difference is', () => {
  const s = store();
  const created = s.create(pods, {
    ...pod('a', { x: 1 }),
    metadata: { name: 'a', namespace: 'ns', labels: { l: '1' } },
  });
  const rv = s.resourceVersion;
  // Same data, another member order, an undefined member and no resourceVersion: unchanged.
  const same = {
    spec: { x: 1 },
    metadata: { labels: { l: '1' }, namespace: 'ns', name: 'a', annotations: undefined },
  };
  expect(s.update(pods, same)).toBe(created);
  expect(s.resourceVersion).toBe(rv);
  const { labels: _labels, ...withoutLabels } = same.metadata;
  expect(s.update(pods, { ...same, metadata: withoutLabels }).metadata.labels).toBeUndefined();
  expect(s.resourceVersion).toBe(rv + 1);
  expect(s.update(pods, { metadata: withoutLabels, spec: { x: 1 }, status: {} })['status']).toEqual(
    {},
  );
  expect(s.resourceVersion).toBe(rv + 2);
});
