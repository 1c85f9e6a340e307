import type { KubeObject } from '../api/types.js';
import { FakeApiServer } from '../fakeApiServer.js';
import { pod, RawClient } from './rawClient.testing.js';

let server: FakeApiServer;
beforeEach(async () => {
  server = await FakeApiServer.start({ bookmarkIntervalMs: 60_000 });
});
afterEach(() => server.stop());

const ref = { apiVersion: 'v1', kind: 'Pod', namespace: 'test', name: 'a' };
const phaseOf = (obj: KubeObject | undefined): unknown =>
  (obj?.['status'] as { phase?: string } | undefined)?.phase;

test('callers cannot change stored state through arguments or return values', () => {
  const input = pod('test', 'a', { phase: 'Pending' });
  const created = server.create(input);
  (input['status'] as { phase: string }).phase = 'Mutated';
  (created['status'] as { phase: string }).phase = 'Mutated';
  expect(phaseOf(server.get(ref))).toBe('Pending');

  let draft: KubeObject | undefined;
  const patched = server.patch(ref, (p) => {
    draft = p;
    p.metadata.labels = { v: '1' };
  });
  draft!.metadata.labels!['v'] = 'draft';
  patched.metadata.labels!['v'] = 'returned';
  server.get(ref)!.metadata.labels!['v'] = 'got';
  server.list('v1', 'Pod')[0]!.metadata.labels!['v'] = 'listed';
  expect(server.get(ref)!.metadata.labels).toEqual({ v: '1' });

  const updated = server.update({ ...server.get(ref)!, spec: { containers: [] } });
  (updated['spec'] as { containers: unknown[] }).containers.push('x');
  expect(server.get(ref)!['spec']).toEqual({ containers: [] });
});

test('values JSON cannot hold are stored as they would travel', () => {
  const created = server.create({
    ...pod('test', 'a'),
    spec: { containers: [], gone: undefined, when: new Date(0) },
  });
  expect(created['spec']).toStrictEqual({ containers: [], when: '1970-01-01T00:00:00.000Z' });
});

test('watchers, GET and LIST see the same UTF-8 text across many events', async () => {
  const client = new RawClient(server);
  const rv = server.resourceVersion;
  const watches = await Promise.all(
    [1, 2].map(() => client.watch(`/api/v1/namespaces/test/pods?watch=1&resourceVersion=${rv}`)),
  );
  const note = `é ✓ 😀 ${'x'.repeat(5000)}`;
  server.create({ ...pod('test', 'a'), metadata: { name: 'a', namespace: 'test' } });
  // Enough events of ~5 KB to fill several of the slabs lines are encoded into.
  for (let i = 0; i < 400; i += 1) {
    server.patch(ref, (p) => {
      p.metadata.annotations = { note, i: String(i) };
    });
  }
  const stored = server.get(ref)!;
  for (const w of watches) {
    const lines = await w.take(401);
    expect(lines).toHaveLength(401);
    expect(lines.every((l) => 'type' in l)).toBe(true);
    expect((lines[400] as { object: KubeObject }).object).toEqual(stored);
    w.close();
  }
  expect((await client.get('/api/v1/namespaces/test/pods/a')).body).toEqual(stored);
  const { kind: _kind, apiVersion: _apiVersion, ...item } = stored;
  expect((await client.get('/api/v1/namespaces/test/pods')).body.items).toEqual([item]);
});
