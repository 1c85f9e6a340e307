import type { KubeObject } from '../api/types.js';
import { FakeApiServer } from '../fakeApiServer.js';
import { customResourceDefinitionManifest } from '../registry/customResourceDefinitionManifest.js';
import { RawClient } from './rawClient.testing.js';

let server: FakeApiServer;
let client: RawClient;
beforeEach(async () => {
  server = await FakeApiServer.start({ bookmarkIntervalMs: 60_000 });
  client = new RawClient(server);
});
afterEach(() => server.stop());

const crds = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';

function widgetCrd(scope: 'Namespaced' | 'Cluster' = 'Namespaced'): KubeObject {
  return customResourceDefinitionManifest({
    group: 'example.com',
    version: 'v1',
    plural: 'widgets',
    kind: 'Widget',
    scope,
    shortNames: ['wdg'],
    selectableFields: ['spec.color'],
  });
}

function widget(name: string, namespace?: string, color = 'red'): KubeObject {
  return {
    apiVersion: 'example.com/v1',
    kind: 'Widget',
    metadata: { name, ...(namespace === undefined ? {} : { namespace }) },
    spec: { color },
  };
}

test('before its CRD is created, a custom resource path is a 404 Status and discovery does not list it', async () => {
  for (const path of [
    '/apis/example.com/v1/namespaces/a/widgets',
    '/apis/example.com/v1/widgets?watch=1',
    '/apis/example.com/v1',
    '/apis/example.com',
  ]) {
    const res = await client.get(path);
    expect([path, res.status, res.body.kind, res.body.reason]).toEqual([
      path,
      404,
      'Status',
      'NotFound',
    ]);
  }
  const posted = await client.request(
    'POST',
    '/apis/example.com/v1/namespaces/a/widgets',
    widget('w', 'a'),
  );
  expect(posted.status).toBe(404);
  const groups = (await client.get('/apis')).body.groups.map((g: { name: string }) => g.name);
  expect(groups).not.toContain('example.com');
  expect(groups).toContain('apiextensions.k8s.io');
});

test('POSTing a CRD serves its resource at once: discovery, create, get, list, update, patch, delete', async () => {
  const created = await client.request('POST', crds, widgetCrd());
  expect(created.status).toBe(201);
  expect(created.body.status.conditions).toEqual([
    expect.objectContaining({ type: 'NamesAccepted', status: 'True' }),
    expect.objectContaining({ type: 'Established', status: 'True' }),
  ]);
  expect(created.body.status.acceptedNames).toEqual({
    plural: 'widgets',
    singular: 'widget',
    kind: 'Widget',
    listKind: 'WidgetList',
    shortNames: ['wdg'],
  });
  expect(created.body.status.storedVersions).toEqual(['v1']);

  expect((await client.get('/apis/example.com')).body.preferredVersion.groupVersion).toBe(
    'example.com/v1',
  );
  expect((await client.get('/apis/example.com/v1')).body.resources).toEqual([
    expect.objectContaining({
      name: 'widgets',
      singularName: 'widget',
      kind: 'Widget',
      namespaced: true,
      shortNames: ['wdg'],
    }),
  ]);

  const base = '/apis/example.com/v1/namespaces/shop/widgets';
  expect((await client.request('POST', base, widget('a', 'shop'))).status).toBe(201);
  expect(
    (
      await client.request(
        'POST',
        '/apis/example.com/v1/namespaces/lab/widgets',
        widget('b', 'lab'),
      )
    ).status,
  ).toBe(201);
  const got = await client.get(`${base}/a`);
  expect(got.body).toMatchObject({
    apiVersion: 'example.com/v1',
    kind: 'Widget',
    spec: { color: 'red' },
  });

  const all = (await client.get('/apis/example.com/v1/widgets')).body;
  expect(all.kind).toBe('WidgetList');
  // Custom resources are served unstructured: list items keep kind and apiVersion.
  expect(
    all.items.map((w: KubeObject) => `${w.kind} ${w.metadata.namespace}/${w.metadata.name}`),
  ).toEqual(['Widget lab/b', 'Widget shop/a']);

  const put = await client.request('PUT', `${base}/a`, { ...got.body, spec: { color: 'blue' } });
  expect(put.status).toBe(200);
  // The CRD's selectableFields are field selectors; other fields are refused.
  const blue = await client.get('/apis/example.com/v1/widgets?fieldSelector=spec.color%3Dblue');
  expect(blue.body.items.map((w: KubeObject) => w.metadata.name)).toEqual(['a']);
  expect(
    (await client.get('/apis/example.com/v1/widgets?fieldSelector=spec.size%3D1')).status,
  ).toBe(400);
  const patched = await client.request(
    'PATCH',
    `${base}/a`,
    { metadata: { labels: { tier: 'x' } } },
    { 'Content-Type': 'application/merge-patch+json' },
  );
  expect(patched.body).toMatchObject({
    spec: { color: 'blue' },
    metadata: { labels: { tier: 'x' } },
  });
  expect((await client.request('DELETE', `${base}/a`)).status).toBe(200);
  expect((await client.get(`${base}/a`)).status).toBe(404);
});

test('a cluster-scoped CRD serves its resource without namespaces', async () => {
  expect((await client.request('POST', crds, widgetCrd('Cluster'))).status).toBe(201);
  expect((await client.get('/apis/example.com/v1')).body.resources[0].namespaced).toBe(false);
  expect(
    (await client.request('POST', '/apis/example.com/v1/widgets', widget('global'))).status,
  ).toBe(201);
  const item = (await client.get('/apis/example.com/v1/widgets/global')).body;
  expect(item.metadata.name).toBe('global');
  expect(item.metadata.namespace).toBeUndefined();
  expect((await client.get('/apis/example.com/v1/namespaces/a/widgets')).status).toBe(404);
});

test('CRDs are an ordinary cluster-scoped resource: get, list and watch them', async () => {
  const watch = await client.watch(`${crds}?watch=1&resourceVersion=${server.resourceVersion}`);
  await client.request('POST', crds, widgetCrd());
  const [added] = await watch.take(1);
  expect(added).toMatchObject({
    type: 'ADDED',
    object: { kind: 'CustomResourceDefinition', metadata: { name: 'widgets.example.com' } },
  });
  watch.close();
  const list = (await client.get(crds)).body;
  expect(list.kind).toBe('CustomResourceDefinitionList');
  expect(list.items.map((c: KubeObject) => c.metadata.name)).toEqual(['widgets.example.com']);
  expect((await client.get(`${crds}/widgets.example.com`)).body.spec.group).toBe('example.com');
  expect((await client.get('/apis/apiextensions.k8s.io/v1')).body.resources).toEqual([
    expect.objectContaining({
      name: 'customresourcedefinitions',
      namespaced: false,
      shortNames: ['crd', 'crds'],
    }),
    expect.objectContaining({ name: 'customresourcedefinitions/status', namespaced: false }),
  ]);
});

test('an invalid CRD is a 422 Invalid naming each field, and serves nothing', async () => {
  const bad = widgetCrd();
  bad.metadata.name = 'gadgets.example.com';
  (bad['spec'] as { scope: string }).scope = 'Everywhere';
  (bad['spec'] as { versions: Array<{ storage: boolean }> }).versions[0]!.storage = false;
  const res = await client.request('POST', crds, bad);
  expect(res.status).toBe(422);
  expect(res.body.reason).toBe('Invalid');
  expect(res.body.details.causes.map((c: { field: string }) => c.field).sort()).toEqual([
    'metadata.name',
    'spec.scope',
    'spec.versions',
  ]);
  expect((await client.get('/apis/example.com/v1/widgets')).status).toBe(404);
  expect((await client.get(crds)).body.items).toEqual([]);
});

test('a CRD cannot take over a resource that is already served', async () => {
  server.registerCustomResource({
    group: 'example.com',
    version: 'v1',
    plural: 'widgets',
    kind: 'Widget',
  });
  const res = await client.request('POST', crds, widgetCrd());
  expect(res.status).toBe(422);
  expect(res.body.details.causes[0].field).toBe('spec.names');
});

test('updating a CRD serves its new names; its scope cannot change', async () => {
  const created = (await client.request('POST', crds, widgetCrd())).body;
  const renamed = await client.request('PUT', `${crds}/widgets.example.com`, {
    ...created,
    spec: { ...created.spec, names: { ...created.spec.names, shortNames: ['wd'] } },
  });
  expect(renamed.status).toBe(200);
  expect((await client.get('/apis/example.com/v1')).body.resources[0].shortNames).toEqual(['wd']);
  const rescoped = await client.request('PUT', `${crds}/widgets.example.com`, {
    ...renamed.body,
    spec: { ...renamed.body.spec, scope: 'Cluster' },
  });
  expect(rescoped.status).toBe(422);
  expect((await client.get('/apis/example.com/v1')).body.resources[0].namespaced).toBe(true);
});

test('deleting a CRD deletes its objects (watchers see them go), ends their watches and stops serving the resource', async () => {
  await client.request('POST', crds, widgetCrd());
  server.create(widget('a', 'shop'));
  server.create(widget('b', 'lab'));
  const crs = await client.watch(
    `/apis/example.com/v1/widgets?watch=1&resourceVersion=${server.resourceVersion}`,
  );
  const defs = await client.watch(`${crds}?watch=1&resourceVersion=${server.resourceVersion}`);

  expect((await client.request('DELETE', `${crds}/widgets.example.com`)).status).toBe(200);
  expect(await crs.ended).toBe('eof');
  expect(
    crs
      .events()
      .map((e) => `${e.type} ${e.object.metadata.namespace}/${e.object.metadata.name}`)
      .sort(),
  ).toEqual(['DELETED lab/b', 'DELETED shop/a']);
  const [crdDeleted] = await defs.take(1);
  // The CRD goes last, after its objects.
  const rv = (e: unknown): number =>
    Number((e as KubeObject & { object: KubeObject }).object.metadata.resourceVersion);
  expect(crs.events().every((e) => rv(e) < rv(crdDeleted))).toBe(true);
  defs.close();

  expect((await client.get('/apis/example.com/v1/widgets')).status).toBe(404);
  expect((await client.get('/apis/example.com/v1')).status).toBe(404);
  expect(() => server.list('example.com/v1', 'Widget')).toThrow(/no resource serves/);

  // Created again, the resource starts empty.
  await client.request('POST', crds, widgetCrd());
  expect((await client.get('/apis/example.com/v1/widgets')).body.items).toEqual([]);
});

test('the programmatic API writes CRDs with the same effect', async () => {
  server.create(widgetCrd('Cluster'));
  server.create(widget('w'));
  expect(server.list('example.com/v1', 'Widget').map((w) => w.metadata.name)).toEqual(['w']);
  server.delete({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    name: 'widgets.example.com',
  });
  expect((await client.get('/apis/example.com/v1/widgets')).status).toBe(404);
});
