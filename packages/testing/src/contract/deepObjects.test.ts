import { deeplyNested } from '../load/deeplyNested.js';
import { FakeApiServer } from '../fakeApiServer.js';
import { stringifyJson } from '../json/stringifyJson.js';
import { pod, RawClient } from './rawClient.testing.js';

// kube-apiserver accepts 10,000 levels of JSON nesting; V8's JSON.stringify throws at about
// 4,000, so every path below must write such an object without it.
const DEPTH = 10_000;

let server: FakeApiServer;
let client: RawClient;
beforeEach(async () => {
  server = await FakeApiServer.start();
  client = new RawClient(server);
});
afterEach(() => server.stop());

const deepPod = (name: string, shape: 'objects' | 'arrays' | 'mixed') => ({
  ...pod('test', name),
  spec: { containers: [{ name: 'c', image: 'i' }], deep: deeplyNested(DEPTH, shape) },
});

test.each(['objects', 'arrays', 'mixed'] as const)(
  'an object nested 10,000 levels deep (%s) is created, read, listed and watched in full',
  async (shape) => {
    const watch = await client.watch('/api/v1/namespaces/test/pods?watch=true');
    server.create(pod('test', 'plain'));
    const created = server.create(deepPod('deep', shape));
    expect(stringifyJson(created.spec)).toBe(stringifyJson(deepPod('deep', shape).spec));
    const read = await client.get('/api/v1/namespaces/test/pods/deep');
    expect(read.status).toBe(200);
    expect(stringifyJson(read.body.spec.deep)).toBe(stringifyJson(deeplyNested(DEPTH, shape)));
    const list = await client.get('/api/v1/namespaces/test/pods');
    expect(list.body.items.map((p: { metadata: { name: string } }) => p.metadata.name)).toEqual([
      'deep',
      'plain',
    ]);
    const lines = await watch.take(2);
    watch.close();
    expect(lines.map((l) => ('type' in l ? `${l.type} ${l.object.metadata.name}` : l))).toEqual([
      'ADDED plain',
      'ADDED deep',
    ]);
  },
);

test('an object nested 10,000 levels deep is created, updated and patched over HTTP', async () => {
  const body = stringifyJson(deepPod('deep', 'mixed')) as string;
  const created = await client.request('POST', '/api/v1/namespaces/test/pods', body);
  expect(created.status).toBe(201);
  const updated = await client.request(
    'PUT',
    '/api/v1/namespaces/test/pods/deep',
    stringifyJson({ ...created.body, metadata: { ...created.body.metadata, labels: { x: 'y' } } }),
  );
  expect(updated.status).toBe(200);
  const patched = await client.request(
    'PATCH',
    '/api/v1/namespaces/test/pods/deep',
    stringifyJson({ metadata: { labels: { z: 'w' } } }),
    { 'Content-Type': 'application/merge-patch+json' },
  );
  expect(patched.status).toBe(200);
  expect(patched.body.metadata.labels).toEqual({ x: 'y', z: 'w' });
  expect(stringifyJson(patched.body.spec.deep)).toBe(stringifyJson(deeplyNested(DEPTH, 'mixed')));
});
