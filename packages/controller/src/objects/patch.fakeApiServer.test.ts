import { ApiException, CoreV1Api, type V1ConfigMap, type V1Pod } from '@kubernetes/client-node';
import { mergePatch } from './mergePatch.js';
import { objectServerPerTest } from './objectServer.testing.js';
import { ApplyConflictError, serverSideApply } from './serverSideApply.js';

const cluster = objectServerPerTest();

const reference = {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'app', namespace: 'default' },
};
const ref = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'app' };

function configuration(data: Record<string, string>): V1ConfigMap {
  return { ...reference, data };
}

test('serverSideApply creates, records its manager and removes the fields it stops applying', async () => {
  const created = await serverSideApply(cluster.client, configuration({ a: '1', b: '2' }), {
    fieldManager: 'app-controller',
  });
  expect(created.data).toEqual({ a: '1', b: '2' });
  expect(created.metadata?.managedFields?.map((f) => [f.manager, f.operation])).toEqual([
    ['app-controller', 'Apply'],
  ]);
  const applied = await serverSideApply(cluster.client, configuration({ a: '1' }), {
    fieldManager: 'app-controller',
  });
  expect(applied.data).toEqual({ a: '1' });
});

test("serverSideApply refuses to change another manager's field with a typed ApplyConflictError, unless forced", async () => {
  await serverSideApply(cluster.client, configuration({ mode: 'manual' }), {
    fieldManager: 'kubectl',
  });
  const error = await serverSideApply(cluster.client, configuration({ mode: 'auto' }), {
    fieldManager: 'app-controller',
  }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApplyConflictError);
  expect((error as ApplyConflictError).conflicts).toEqual([
    { field: '.data.mode', message: expect.stringContaining('"kubectl"') as string },
  ]);
  expect(cluster.server.get(ref)?.['data']).toEqual({ mode: 'manual' });

  const forced = await serverSideApply(cluster.client, configuration({ mode: 'auto' }), {
    fieldManager: 'app-controller',
    force: true,
  });
  expect(forced.data).toEqual({ mode: 'auto' });
});

test('mergePatch merges maps and deletes keys set to null', async () => {
  cluster.server.create({
    ...reference,
    metadata: { ...reference.metadata, labels: { keep: 'y', stale: 'y' } },
    data: { a: '1' },
  });
  const patched = await mergePatch<V1ConfigMap>(cluster.client, reference, {
    metadata: { labels: { stale: null, added: 'y' } },
    data: { b: '2' },
  });
  expect(patched.metadata?.labels).toEqual({ keep: 'y', added: 'y' });
  expect(patched.data).toEqual({ a: '1', b: '2' });
});

test('mergePatch with strategic merges a built-in list by its key', async () => {
  const core = cluster.server.kubeConfig().makeApiClient(CoreV1Api);
  await core.createNamespacedPod({
    namespace: 'default',
    body: { metadata: { name: 'web' }, spec: { containers: [{ name: 'main', image: 'nginx:1' }] } },
  });
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default' } };
  const patched = await mergePatch<V1Pod>(
    cluster.client,
    pod,
    { spec: { containers: [{ name: 'sidecar', image: 'envoy:1' }] } },
    { strategic: true },
  );
  expect(patched.spec?.containers.map((c) => c.name)).toEqual(['main', 'sidecar']);
});

test('ObjectApi.jsonPatch applies operations, and a failed test writes nothing (422)', async () => {
  cluster.server.create({ ...reference, data: { a: '1' } });
  const patched = await cluster.client.jsonPatch<V1ConfigMap>(reference, [
    { op: 'test', path: '/data/a', value: '1' },
    { op: 'add', path: '/data/b', value: '2' },
  ]);
  expect(patched.data).toEqual({ a: '1', b: '2' });
  const error = await cluster.client
    .jsonPatch(reference, [
      { op: 'test', path: '/data/a', value: 'not-1' },
      { op: 'remove', path: '/data/b' },
    ])
    .catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiException);
  expect((error as ApiException<unknown>).code).toBe(422);
  expect(cluster.server.get(ref)?.['data']).toEqual({ a: '1', b: '2' });
});
