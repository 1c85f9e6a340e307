import type { KubeObject } from '../api/types.js';
import { FakeApiServer } from '../fakeApiServer.js';
import { pod, RawClient } from './rawClient.testing.js';

let server: FakeApiServer;
let client: RawClient;
beforeEach(async () => {
  server = await FakeApiServer.start({ token: 'secret', forbiddenNamespaces: ['locked'] });
  client = new RawClient(server);
});
afterEach(() => server.stop());

test('§4 a request without the bearer token is 401 Unauthorized', async () => {
  for (const token of ['', 'wrong']) {
    const res = await new RawClient(server, token).get('/api/v1/pods');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'Unauthorized',
      reason: 'Unauthorized',
      code: 401,
    });
  }
});

test('§4 a request into a forbidden namespace is 403 Forbidden naming user, verb and resource', async () => {
  const res = await client.get('/api/v1/namespaces/locked/pods?watch=1');
  expect(res.status).toBe(403);
  expect(res.body.reason).toBe('Forbidden');
  expect(res.body.message).toBe(
    'pods is forbidden: User "rxkube-test" cannot watch resource "pods" in API group "" in the namespace "locked"',
  );
  server.allowNamespace('locked');
  expect((await client.get('/api/v1/namespaces/locked/pods')).status).toBe(200);
});

test('discovery lists the core and named groups and their resources, including custom ones', async () => {
  server.registerCustomResource({
    group: 'example.com',
    version: 'v1',
    plural: 'widgets',
    kind: 'Widget',
    scope: 'Cluster',
  });
  expect((await client.get('/api')).body).toMatchObject({ kind: 'APIVersions', versions: ['v1'] });
  const core = (await client.get('/api/v1')).body;
  expect(core.kind).toBe('APIResourceList');
  expect(core.resources.map((r: { name: string }) => r.name)).toEqual([
    'pods',
    'pods/status',
    'configmaps',
    'secrets',
    'serviceaccounts',
    'namespaces',
    'namespaces/status',
    'nodes',
    'nodes/status',
    'services',
    'services/status',
    'events',
  ]);
  const groups = (await client.get('/apis')).body;
  expect(groups.groups.map((g: { name: string }) => g.name)).toEqual([
    'events.k8s.io',
    'apps',
    'coordination.k8s.io',
    'apiextensions.k8s.io',
    'example.com',
  ]);
  const widgets = (await client.get('/apis/example.com/v1')).body;
  expect(widgets.resources).toEqual([
    expect.objectContaining({ name: 'widgets', kind: 'Widget', namespaced: false }),
  ]);
  expect((await client.get('/apis/example.com')).body.preferredVersion.groupVersion).toBe(
    'example.com/v1',
  );
  expect((await client.get('/apis/nope/v1')).status).toBe(404);
});

test('§4 unknown paths and resources are 404 NotFound Status objects', async () => {
  for (const path of [
    '/api/v1/widgets',
    '/apis/apps/v1/namespaces/x/pods',
    '/api/v1/pods/name',
    '/nothing',
  ]) {
    const res = await client.get(path);
    expect(res.status).toBe(404);
    expect(res.body.kind).toBe('Status');
  }
});

test('POST creates (201) with server-set metadata; a duplicate is 409 AlreadyExists', async () => {
  const created = await client.request('POST', '/api/v1/namespaces/test/pods', pod('test', 'a'));
  expect(created.status).toBe(201);
  expect(created.body.metadata).toMatchObject({
    name: 'a',
    namespace: 'test',
    generation: 1,
    resourceVersion: server.resourceVersion,
  });
  expect(created.body.metadata.uid).toMatch(/^[0-9a-f-]{36}$/);
  expect(created.body.metadata.creationTimestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  const dup = await client.request('POST', '/api/v1/namespaces/test/pods', pod('test', 'a'));
  expect(dup.status).toBe(409);
  expect(dup.body).toMatchObject({
    reason: 'AlreadyExists',
    details: { name: 'a', kind: 'pods' },
    message: 'pods "a" already exists',
  });
});

test('POST of an object without metadata.name is 422 Invalid; generateName fills it in', async () => {
  const res = await client.request('POST', '/api/v1/namespaces/test/configmaps', { metadata: {} });
  expect(res.status).toBe(422);
  expect(res.body.reason).toBe('Invalid');
  expect(res.body.details.causes[0]).toMatchObject({
    field: 'metadata.name',
    reason: 'FieldValueRequired',
  });
  const generated = await client.request('POST', '/api/v1/namespaces/test/configmaps', {
    metadata: { generateName: 'cfg-' },
  });
  expect(generated.status).toBe(201);
  expect(generated.body.metadata.name).toMatch(/^cfg-[a-z0-9]{5}$/);
});

test('bad bodies are 400 BadRequest: invalid JSON, wrong kind, namespace mismatch', async () => {
  expect((await client.request('POST', '/api/v1/namespaces/test/pods', '{nope')).status).toBe(400);
  expect(
    (
      await client.request('POST', '/api/v1/namespaces/test/pods', {
        kind: 'Node',
        metadata: { name: 'x' },
      })
    ).status,
  ).toBe(400);
  expect(
    (await client.request('POST', '/api/v1/namespaces/test/pods', pod('other', 'x'))).status,
  ).toBe(400);
});

test('PUT with a stale resourceVersion is 409 Conflict; without one it is unconditional', async () => {
  const created = server.create(pod('test', 'a'));
  server.patch({ apiVersion: 'v1', kind: 'Pod', namespace: 'test', name: 'a' }, (p) => {
    p.metadata.labels = { x: '1' };
  });
  const stale = await client.request('PUT', '/api/v1/namespaces/test/pods/a', created);
  expect(stale.status).toBe(409);
  expect(stale.body.reason).toBe('Conflict');
  const { resourceVersion: _rv, ...meta } = created.metadata;
  const forced = await client.request('PUT', '/api/v1/namespaces/test/pods/a', {
    ...created,
    metadata: meta,
  });
  expect(forced.status).toBe(200);
  expect(forced.body.metadata.uid).toBe(created.metadata.uid);
});

test('an update that changes nothing is not written: no new resourceVersion', async () => {
  const created = server.create(pod('test', 'a'));
  const res = await client.request('PUT', '/api/v1/namespaces/test/pods/a', created);
  expect(res.body.metadata.resourceVersion).toBe(created.metadata.resourceVersion);
  expect(server.resourceVersion).toBe(created.metadata.resourceVersion);
});

test('PATCH with a merge patch updates; other patch types are 415', async () => {
  server.create(pod('test', 'a', { labels: { a: '1', b: '2' } }));
  const res = await client.request(
    'PATCH',
    '/api/v1/namespaces/test/pods/a',
    { metadata: { labels: { b: null, c: '3' } } },
    { 'Content-Type': 'application/merge-patch+json' },
  );
  expect(res.status).toBe(200);
  expect(res.body.metadata.labels).toEqual({ a: '1', c: '3' });
  const unknown = await client.request(
    'PATCH',
    '/api/v1/namespaces/test/pods/a',
    {},
    {
      'Content-Type': 'application/vnd.unknown+json',
    },
  );
  expect(unknown.status).toBe(415);
});

test('DELETE returns the last state with a new resourceVersion; missing is 404, failed precondition 409', async () => {
  const created = server.create(pod('test', 'a'));
  const wrong = await client.request('DELETE', '/api/v1/namespaces/test/pods/a', {
    preconditions: { uid: 'other' },
  });
  expect(wrong.status).toBe(409);
  const res = await client.request('DELETE', '/api/v1/namespaces/test/pods/a');
  expect(res.status).toBe(200);
  expect(Number(res.body.metadata.resourceVersion)).toBe(
    Number(created.metadata.resourceVersion) + 1,
  );
  const missing = await client.request('DELETE', '/api/v1/namespaces/test/pods/a');
  expect(missing.status).toBe(404);
  expect(missing.body).toMatchObject({
    reason: 'NotFound',
    message: 'pods "a" not found',
    details: { name: 'a', kind: 'pods' },
  });
});

test('§5 every write bumps one global resourceVersion shared by all resources', async () => {
  const a = server.create(pod('test', 'a'));
  const cm = server.create<KubeObject>({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'c', namespace: 'test' },
  });
  const ns = server.create<KubeObject>({
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name: 'n' },
  });
  const d = server.create<KubeObject>({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'd', namespace: 'test' },
    spec: {},
  });
  expect([a, cm, ns, d].map((o) => Number(o.metadata.resourceVersion))).toEqual([2, 3, 4, 5]);
  expect(ns.metadata.namespace).toBeUndefined();
  const list = await client.get('/apis/apps/v1/namespaces/test/deployments');
  expect(list.body).toMatchObject({
    kind: 'DeploymentList',
    apiVersion: 'apps/v1',
    metadata: { resourceVersion: '5' },
  });
});

test('unsupported methods are 405', async () => {
  expect((await client.request('POST', '/api/v1/namespaces/test/pods/a', {})).status).toBe(405);
  expect((await client.request('DELETE', '/api/v1/namespaces/test/pods')).status).toBe(405);
});
