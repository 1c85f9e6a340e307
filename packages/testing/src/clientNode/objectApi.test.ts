import { KubernetesObjectApi } from '@kubernetes/client-node';
import type { KubernetesObject } from '@kubernetes/client-node';
import { FakeApiServer } from '../fakeApiServer.js';

let server: FakeApiServer;
beforeEach(async () => {
  server = await FakeApiServer.start();
  server.registerCustomResource({
    group: 'example.com',
    version: 'v1',
    plural: 'widgets',
    kind: 'Widget',
  });
});
afterEach(() => server.stop());

type Widget = KubernetesObject & { spec: { size: number } };

test('KubernetesObjectApi discovers a custom resource and creates, reads, lists, replaces and deletes it', async () => {
  const api = KubernetesObjectApi.makeApiClient(server.kubeConfig());
  const body: Widget = {
    apiVersion: 'example.com/v1',
    kind: 'Widget',
    metadata: { name: 'w1', namespace: 'default' },
    spec: { size: 1 },
  };
  const created = (await api.create(body)) as Widget;
  expect(created.metadata?.uid).toBeTruthy();

  const read = (await api.read({
    apiVersion: 'example.com/v1',
    kind: 'Widget',
    metadata: { name: 'w1', namespace: 'default' },
  })) as Widget;
  expect(read.spec.size).toBe(1);

  const list = await api.list('example.com/v1', 'Widget', 'default');
  expect(list.items.map((w) => w.metadata?.name)).toEqual(['w1']);
  // Custom resources are served unstructured: their list items keep kind and apiVersion.
  expect(list.items[0]?.kind).toBe('Widget');

  const replaced = (await api.replace({ ...read, spec: { size: 2 } })) as Widget;
  expect(replaced.spec.size).toBe(2);
  expect(replaced.metadata?.generation).toBe(2);

  await api.delete({
    apiVersion: 'example.com/v1',
    kind: 'Widget',
    metadata: { name: 'w1', namespace: 'default' },
  });
  expect(server.list('example.com/v1', 'Widget')).toEqual([]);
});
