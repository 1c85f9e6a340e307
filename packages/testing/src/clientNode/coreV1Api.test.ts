import { ApiException, CoreV1Api } from '@kubernetes/client-node';
import { FakeApiServer } from '../fakeApiServer.js';

let server: FakeApiServer;
let core: CoreV1Api;

beforeEach(async () => {
  server = await FakeApiServer.start();
  core = server.kubeConfig().makeApiClient(CoreV1Api);
});
afterEach(() => server.stop());

test('client-node creates, lists, replaces and deletes pods through the HTTP API', async () => {
  const created = await core.createNamespacedPod({
    namespace: 'default',
    body: {
      metadata: { name: 'web', labels: { app: 'web' } },
      spec: { containers: [{ name: 'c', image: 'nginx' }] },
    },
  });
  expect(created.metadata?.uid).toBeTruthy();
  expect(created.metadata?.resourceVersion).toBe(server.resourceVersion);

  const list = await core.listNamespacedPod({ namespace: 'default', labelSelector: 'app=web' });
  expect(list.kind).toBe('PodList');
  expect(list.items.map((p) => p.metadata?.name)).toEqual(['web']);
  expect(list.metadata?.resourceVersion).toBe(server.resourceVersion);

  created.spec!.containers[0]!.image = 'nginx:2';
  const replaced = await core.replaceNamespacedPod({
    name: 'web',
    namespace: 'default',
    body: created,
  });
  expect(replaced.spec?.containers[0]?.image).toBe('nginx:2');
  expect(replaced.metadata?.generation).toBe(2);

  await core.deleteNamespacedPod({ name: 'web', namespace: 'default' });
  expect(
    server.get({ apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'web' }),
  ).toBeUndefined();
});

test('client-node sees 409 Conflict when replacing with a stale resourceVersion', async () => {
  const created = await core.createNamespacedConfigMap({
    namespace: 'default',
    body: { metadata: { name: 'cfg' }, data: { a: '1' } },
  });
  server.patch({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'cfg' }, (cm) => {
    (cm['data'] as Record<string, string>)['a'] = '2';
  });
  const error = await core
    .replaceNamespacedConfigMap({
      name: 'cfg',
      namespace: 'default',
      body: { ...created, data: { a: '3' } },
    })
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiException);
  expect((error as ApiException<string>).code).toBe(409);
  expect(JSON.parse((error as ApiException<string>).body).reason).toBe('Conflict');
});

test('client-node sees 404 NotFound and 409 AlreadyExists as ApiExceptions', async () => {
  const missing = await core
    .readNamespacedPod({ name: 'nope', namespace: 'default' })
    .catch((e: unknown) => e);
  expect((missing as ApiException<string>).code).toBe(404);
  await core.createNamespace({ body: { metadata: { name: 'team-a' } } });
  const dup = await core
    .createNamespace({ body: { metadata: { name: 'team-a' } } })
    .catch((e: unknown) => e);
  expect((dup as ApiException<string>).code).toBe(409);
  expect(JSON.parse((dup as ApiException<string>).body).reason).toBe('AlreadyExists');
});

test('client-node lists pods across all namespaces with pagination', async () => {
  for (const ns of ['a', 'b']) {
    for (let i = 0; i < 3; i += 1)
      server.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `p${i}`, namespace: ns } });
  }
  const first = await core.listPodForAllNamespaces({ limit: 4 });
  expect(first.items).toHaveLength(4);
  expect(first.metadata?.remainingItemCount).toBe(2);
  const second = await core.listPodForAllNamespaces({
    limit: 4,
    _continue: first.metadata!._continue!,
  });
  expect(second.items.map((p) => `${p.metadata?.namespace}/${p.metadata?.name}`)).toEqual([
    'b/p1',
    'b/p2',
  ]);
  expect(second.metadata?._continue).toBeUndefined();
});
