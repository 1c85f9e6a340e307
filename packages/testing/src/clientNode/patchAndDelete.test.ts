import {
  ApiException,
  AppsV1Api,
  CoreV1Api,
  PatchStrategy,
  setHeaderOptions,
  type V1Pod,
} from '@kubernetes/client-node';
import { FakeApiServer } from '../fakeApiServer.js';

let server: FakeApiServer;
let core: CoreV1Api;
let apps: AppsV1Api;
beforeEach(async () => {
  server = await FakeApiServer.start();
  core = server.kubeConfig().makeApiClient(CoreV1Api);
  apps = server.kubeConfig().makeApiClient(AppsV1Api);
});
afterEach(() => server.stop());

const namespace = 'default';
const withPatch = (strategy: PatchStrategy) => setHeaderOptions('Content-Type', strategy);

async function createWebPod(): Promise<V1Pod> {
  return core.createNamespacedPod({
    namespace,
    body: {
      metadata: { name: 'web' },
      spec: {
        nodeName: 'node-1',
        containers: [
          { name: 'main', image: 'nginx:1', ports: [{ containerPort: 80 }] },
          { name: 'sidecar', image: 'envoy:1' },
        ],
      },
    },
  });
}

test('CoreV1Api patches a pod with each patch strategy', async () => {
  await createWebPod();
  const strategic = await core.patchNamespacedPod(
    {
      name: 'web',
      namespace,
      body: { spec: { containers: [{ name: 'main', ports: [{ containerPort: 443 }] }] } },
    },
    withPatch(PatchStrategy.StrategicMergePatch),
  );
  expect(strategic.spec?.containers.map((c) => c.name)).toEqual(['main', 'sidecar']);
  expect(strategic.spec?.containers[0]?.ports?.map((p) => p.containerPort)).toEqual([80, 443]);

  const merged = await core.patchNamespacedPod(
    { name: 'web', namespace, body: { metadata: { labels: { tier: 'fe' } } } },
    withPatch(PatchStrategy.MergePatch),
  );
  expect(merged.metadata?.labels).toEqual({ tier: 'fe' });

  const json = await core.patchNamespacedPod(
    {
      name: 'web',
      namespace,
      body: [{ op: 'replace', path: '/spec/containers/1/image', value: 'envoy:2' }],
    },
    withPatch(PatchStrategy.JsonPatch),
  );
  expect(json.spec?.containers[1]?.image).toBe('envoy:2');

  const failed = await core
    .patchNamespacedPod(
      { name: 'web', namespace, body: [{ op: 'test', path: '/metadata/name', value: 'api' }] },
      withPatch(PatchStrategy.JsonPatch),
    )
    .catch((e: unknown) => e);
  expect(failed).toBeInstanceOf(ApiException);
  expect((failed as ApiException<string>).code).toBe(422);
});

test('AppsV1Api server-side applies with fieldManager and force', async () => {
  const body = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { containers: [{ name: 'main', image: 'nginx:1' }] },
      },
    },
  };
  const created = await apps.patchNamespacedDeployment(
    { name: 'web', namespace, body, fieldManager: 'deployer' },
    withPatch(PatchStrategy.ServerSideApply),
  );
  expect(created.metadata?.managedFields?.[0]).toMatchObject({
    manager: 'deployer',
    operation: 'Apply',
  });
  const conflict = await apps
    .patchNamespacedDeployment(
      { name: 'web', namespace, body: { ...body, spec: { replicas: 5 } }, fieldManager: 'hpa' },
      withPatch(PatchStrategy.ServerSideApply),
    )
    .catch((e: unknown) => e);
  expect((conflict as ApiException<string>).code).toBe(409);
  const forced = await apps.patchNamespacedDeployment(
    {
      name: 'web',
      namespace,
      body: { ...body, spec: { replicas: 5 } },
      fieldManager: 'hpa',
      force: true,
    },
    withPatch(PatchStrategy.ServerSideApply),
  );
  expect(forced.spec?.replicas).toBe(5);
});

test('CoreV1Api deletes with a grace period and a propagation policy', async () => {
  await createWebPod();
  const marked = await core.deleteNamespacedPod({ name: 'web', namespace, gracePeriodSeconds: 30 });
  expect(marked.metadata?.deletionGracePeriodSeconds).toBe(30);
  await core.deleteNamespacedPod({ name: 'web', namespace, gracePeriodSeconds: 0 });
  expect(server.get({ apiVersion: 'v1', kind: 'Pod', namespace, name: 'web' })).toBeUndefined();

  const owner = await core.createNamespacedConfigMap({
    namespace,
    body: { metadata: { name: 'owner' } },
  });
  await core.createNamespacedConfigMap({
    namespace,
    body: {
      metadata: {
        name: 'dependent',
        ownerReferences: [
          { apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: owner.metadata?.uid ?? '' },
        ],
      },
    },
  });
  await core.deleteNamespacedConfigMap({ name: 'owner', namespace, propagationPolicy: 'Orphan' });
  const dependent = await core.readNamespacedConfigMap({ name: 'dependent', namespace });
  expect(dependent.metadata?.ownerReferences).toBeUndefined();
});
