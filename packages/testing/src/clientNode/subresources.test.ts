import { AppsV1Api, CoreV1Api, PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
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

test('CoreV1Api reads and replaces a pod status; replacing the pod leaves its status alone', async () => {
  await core.createNamespacedPod({
    namespace,
    body: {
      metadata: { name: 'web' },
      spec: { containers: [{ name: 'main', image: 'nginx:1' }] },
      status: { phase: 'Pending' },
    },
  });
  const status = await core.readNamespacedPodStatus({ name: 'web', namespace });
  expect(status.status?.phase).toBe('Pending');
  const running = await core.replaceNamespacedPodStatus({
    name: 'web',
    namespace,
    body: { ...status, status: { phase: 'Running' } },
  });
  expect(running.status?.phase).toBe('Running');
  const replaced = await core.replaceNamespacedPod({
    name: 'web',
    namespace,
    body: { ...running, status: { phase: 'Failed' } },
  });
  expect(replaced.status?.phase).toBe('Running');
});

test('AppsV1Api reads and patches a Deployment scale', async () => {
  await apps.createNamespacedDeployment({
    namespace,
    body: {
      metadata: { name: 'web' },
      spec: {
        replicas: 1,
        selector: { matchLabels: { app: 'web' } },
        template: {
          metadata: { labels: { app: 'web' } },
          spec: { containers: [{ name: 'main', image: 'nginx:1' }] },
        },
      },
    },
  });
  const scale = await apps.readNamespacedDeploymentScale({ name: 'web', namespace });
  expect(scale).toMatchObject({
    spec: { replicas: 1 },
    status: { replicas: 0, selector: 'app=web' },
  });
  const patched = await apps.patchNamespacedDeploymentScale(
    { name: 'web', namespace, body: { spec: { replicas: 4 } } },
    setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
  );
  expect(patched.spec?.replicas).toBe(4);
  const deployment = await apps.readNamespacedDeployment({ name: 'web', namespace });
  expect(deployment.spec?.replicas).toBe(4);
});
