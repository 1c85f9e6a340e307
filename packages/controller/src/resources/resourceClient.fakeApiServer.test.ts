import type { V1ConfigMap, V1Namespace } from '@kubernetes/client-node';
import { FakeApiServer } from '@rxkube/testing';
import { resources } from './commonResources.js';
import { ResourceDescriptionError, ResourceRequestError } from './errors.js';
import { resource } from './resource.js';
import { resourceClient } from './resourceClient.js';

// The typed client over real HTTP with client-node's KubernetesObjectApi.
let server: FakeApiServer;
beforeEach(async () => {
  server = await FakeApiServer.start();
});
afterEach(() => server.stop());

interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; namespace?: string; resourceVersion?: string; generation?: number };
  spec: { size: number; color?: string };
}

test('get, create, update, patch and delete a ConfigMap; apiVersion and kind come from the description', async () => {
  const configMaps = resourceClient(server.kubeConfig(), resources.configMaps);
  const created = await configMaps.create({
    metadata: { name: 'settings', namespace: 'shop' },
    data: { mode: 'a' },
  });
  expect(created).toMatchObject({ apiVersion: 'v1', kind: 'ConfigMap', data: { mode: 'a' } });
  expect(
    server.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop', name: 'settings' }),
  ).toMatchObject({ data: { mode: 'a' } });

  const read = await configMaps.get('settings', 'shop');
  expect(read.metadata?.uid).toBe(created.metadata?.uid);
  const updated = await configMaps.update({ ...read, data: { mode: 'b' } });
  expect(updated.data).toEqual({ mode: 'b' });
  const patched = await configMaps.patch(
    'settings',
    { data: { extra: 'x' } },
    { namespace: 'shop' },
  );
  expect(patched.data).toEqual({ mode: 'b', extra: 'x' });
  const applied = await configMaps.patch(
    'settings',
    { data: { owned: 'y' } },
    { namespace: 'shop', type: 'apply', fieldManager: 'operator' },
  );
  expect(applied.data).toMatchObject({ owned: 'y' });

  await configMaps.delete('settings', 'shop');
  const missing = await configMaps.get('settings', 'shop').catch((error: unknown) => error);
  expect(missing).toBeInstanceOf(ResourceRequestError);
  expect(missing).toMatchObject({
    verb: 'get',
    status: 404,
    reason: 'NotFound',
    notFound: true,
    target: 'configmaps shop/settings',
  });
});

test('a stale update is a typed conflict, and the object the caller passed is left as it was', async () => {
  const configMaps = resourceClient(server.kubeConfig(), resources.configMaps);
  const created = await configMaps.create({ metadata: { name: 'c', namespace: 'shop' }, data: {} });
  await configMaps.update({ ...created, data: { first: '1' } });
  const stale: V1ConfigMap = { ...created, data: { second: '2' } };
  const snapshot = structuredClone(stale);
  const error = await configMaps.update(stale).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ResourceRequestError);
  expect(error).toMatchObject({ verb: 'update', status: 409, conflict: true });
  expect(stale).toEqual(snapshot);
});

test('a custom resource described once, and a cluster-scoped kind', async () => {
  server.registerCustomResource({
    group: 'example.com',
    version: 'v1',
    plural: 'widgets',
    kind: 'Widget',
  });
  const widgets = resourceClient(
    server.kubeConfig(),
    resource<Widget>({
      group: 'example.com',
      version: 'v1',
      plural: 'widgets',
      kind: 'Widget',
      namespaced: true,
    }),
  );
  await widgets.create({ metadata: { name: 'w', namespace: 'shop' }, spec: { size: 1 } });
  const patched = await widgets.patch('w', { spec: { color: 'red' } }, { namespace: 'shop' });
  expect(patched.spec).toEqual({ size: 1, color: 'red' });
  expect(patched.apiVersion).toBe('example.com/v1');

  const namespaces = resourceClient(server.kubeConfig(), resources.namespaces);
  const created: V1Namespace = await namespaces.create({ metadata: { name: 'team-a' } });
  expect(created.metadata?.namespace).toBeUndefined();
  expect((await namespaces.get('team-a')).metadata?.name).toBe('team-a');
});

test('an object without a name is refused before any request, with a typed error', async () => {
  const configMaps = resourceClient(server.kubeConfig(), resources.configMaps);
  server.clearRequests();
  const error = await configMaps
    .update({ metadata: { namespace: 'shop' } })
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ResourceRequestError);
  expect(error).toMatchObject({ verb: 'update', status: undefined });
  expect(server.requests()).toEqual([]);
});

test('resource() refuses names the API server could not serve, naming the field', () => {
  const valid = { version: 'v1', plural: 'widgets', kind: 'Widget', namespaced: true };
  expect(resource(valid)).toEqual({ ...valid, group: '', apiVersion: 'v1' });
  for (const [field, spec] of [
    ['plural', { ...valid, plural: 'Widgets' }],
    ['kind', { ...valid, kind: 'widget' }],
    ['group', { ...valid, group: 'Example.COM' }],
    ['version', { ...valid, version: '' }],
    ['namespaced', { ...valid, namespaced: undefined as unknown as boolean }],
  ] as const) {
    const error = (() => {
      try {
        resource(spec);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ResourceDescriptionError);
    expect(error).toMatchObject({ field });
  }
});

test('delete with a uid precondition leaves a newer object of the same name alone', async () => {
  const configMaps = resourceClient(server.kubeConfig(), resources.configMaps);
  const first = await configMaps.create({ metadata: { name: 'reused', namespace: 'shop' } });
  await configMaps.delete('reused', 'shop');
  const second = await configMaps.create({ metadata: { name: 'reused', namespace: 'shop' } });

  const stale = configMaps.delete('reused', 'shop', {
    preconditions: { uid: first.metadata?.uid ?? '' },
  });
  await expect(stale).rejects.toBeInstanceOf(ResourceRequestError);
  await expect(stale).rejects.toMatchObject({ conflict: true });
  expect((await configMaps.get('reused', 'shop')).metadata?.uid).toBe(second.metadata?.uid);

  await configMaps.delete('reused', 'shop', { preconditions: { uid: second.metadata?.uid } });
  await expect(configMaps.get('reused', 'shop')).rejects.toMatchObject({ notFound: true });
});
