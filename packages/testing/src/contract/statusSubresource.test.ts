/* eslint-disable @typescript-eslint/no-explicit-any -- reads arbitrary JSON */
import type { KubeObject } from '../api/types.js';
import { customResourceDefinitionManifest } from '../registry/customResourceDefinitionManifest.js';
import type { CustomResourceSpec } from '../registry/resourceDefinition.js';
import { pod, serverPerTest } from './rawClient.testing.js';

const fx = serverPerTest({ bookmarkIntervalMs: 60_000 });

const deployments = '/apis/apps/v1/namespaces/test/deployments';
const pods = '/api/v1/namespaces/test/pods';

function deployment(): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'test', labels: { app: 'web' } },
    spec: { replicas: 2, selector: { matchLabels: { app: 'web' } } },
    status: { replicas: 2 },
  };
}

function mergePatch(path: string, body: unknown): Promise<any> {
  return fx.client.request('PATCH', path, body, {
    'Content-Type': 'application/merge-patch+json',
  });
}

test('the main resource of a kind with /status ignores changes to status, by update, patch and apply', async () => {
  fx.server.create(deployment());
  const current = (await fx.client.get(`${deployments}/web`)).body;
  const put = await fx.client.request('PUT', `${deployments}/web`, {
    ...current,
    spec: { ...current.spec, replicas: 3 },
    status: { replicas: 9 },
  });
  expect(put.status).toBe(200);
  expect(put.body).toMatchObject({ spec: { replicas: 3 }, status: { replicas: 2 } });
  expect(put.body.metadata.generation).toBe(2);

  const patched = await mergePatch(`${deployments}/web`, { status: { replicas: 9 } });
  expect(patched.status).toBe(200);
  expect(patched.body.status).toEqual({ replicas: 2 });
  // Nothing changed, so nothing was written.
  expect(patched.body.metadata.resourceVersion).toBe(put.body.metadata.resourceVersion);

  const jsonPatched = await fx.client.request(
    'PATCH',
    `${deployments}/web`,
    [{ op: 'replace', path: '/status/replicas', value: 9 }],
    { 'Content-Type': 'application/json-patch+json' },
  );
  expect(jsonPatched.body.status).toEqual({ replicas: 2 });

  const applied = await fx.client.request(
    'PATCH',
    `${deployments}/web?fieldManager=tool&force=true`,
    { ...deployment(), status: { replicas: 9 } },
    { 'Content-Type': 'application/apply-patch+yaml' },
  );
  expect(applied.status).toBe(200);
  expect(applied.body.status).toEqual({ replicas: 2 });
  const tool = applied.body.metadata.managedFields.find((e: any) => e.manager === 'tool');
  expect(tool.fieldsV1['f:status']).toBeUndefined();
});

test('/status takes status only: spec and, for a Deployment, labels stay; generation does not move', async () => {
  fx.server.create(deployment());
  const current = (await fx.client.get(`${deployments}/web/status`)).body;
  expect(current).toMatchObject({ kind: 'Deployment', status: { replicas: 2 } });
  const put = await fx.client.request('PUT', `${deployments}/web/status`, {
    ...current,
    metadata: { ...current.metadata, labels: { app: 'other' }, annotations: { note: 'kept' } },
    spec: { ...current.spec, replicas: 7 },
    status: { replicas: 1, readyReplicas: 1 },
  });
  expect(put.status).toBe(200);
  expect(put.body).toMatchObject({
    metadata: { generation: 1, labels: { app: 'web' }, annotations: { note: 'kept' } },
    spec: { replicas: 2 },
    status: { replicas: 1, readyReplicas: 1 },
  });

  const patched = await mergePatch(`${deployments}/web/status`, {
    spec: { replicas: 8 },
    status: { readyReplicas: 2 },
  });
  expect(patched.body).toMatchObject({
    metadata: { generation: 1 },
    spec: { replicas: 2 },
    status: { replicas: 1, readyReplicas: 2 },
  });

  const jsonPatched = await fx.client.request(
    'PATCH',
    `${deployments}/web/status`,
    [
      { op: 'replace', path: '/spec/replicas', value: 9 },
      { op: 'replace', path: '/status/replicas', value: 3 },
    ],
    { 'Content-Type': 'application/json-patch+json' },
  );
  expect(jsonPatched.body).toMatchObject({ spec: { replicas: 2 }, status: { replicas: 3 } });
});

test('a Pod status write may change labels but not owner references', async () => {
  const owned = pod('test', 'p', { labels: { a: '1' } });
  owned.metadata.ownerReferences = [
    { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: 'u1' },
  ];
  fx.server.create(owned);
  const patched = await mergePatch(`${pods}/p/status`, {
    metadata: { labels: { a: '2' }, ownerReferences: null },
    spec: { nodeName: 'n1' },
    status: { phase: 'Running' },
  });
  expect(patched.status).toBe(200);
  expect(patched.body.metadata.labels).toEqual({ a: '2' });
  expect(patched.body.metadata.ownerReferences).toHaveLength(1);
  expect(patched.body.spec.nodeName).toBeUndefined();
  expect(patched.body.status.phase).toBe('Running');
});

test('server-side apply to /status applies status and owns only status', async () => {
  fx.server.create(pod('test', 'p'));
  const applied = await fx.client.request(
    'PATCH',
    `${pods}/p/status?fieldManager=kubelet&force=true`,
    {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', namespace: 'test', labels: { x: 'y' } },
      spec: { containers: [{ name: 'main', image: 'other' }] },
      status: { phase: 'Running' },
    },
    { 'Content-Type': 'application/apply-patch+yaml' },
  );
  expect(applied.status).toBe(200);
  expect(applied.body.metadata.labels).toBeUndefined();
  expect(applied.body.spec.containers[0].image).toBe('nginx');
  expect(applied.body.status.phase).toBe('Running');
  const kubelet = applied.body.metadata.managedFields.find((e: any) => e.manager === 'kubelet');
  expect(Object.keys(kubelet.fieldsV1)).toEqual(['f:status']);
  // An apply to /status does not create the object.
  const missing = await fx.client.request(
    'PATCH',
    `${pods}/nope/status?fieldManager=kubelet`,
    { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'nope' }, status: { phase: 'Running' } },
    { 'Content-Type': 'application/apply-patch+yaml' },
  );
  expect(missing.status).toBe(404);
});

test('/status checks resourceVersion preconditions and its writes are watch events', async () => {
  fx.server.create(pod('test', 'p'));
  const current = (await fx.client.get(`${pods}/p`)).body;
  const watch = await fx.client.watch(
    `${pods}?watch=1&resourceVersion=${current.metadata.resourceVersion}`,
  );
  try {
    const stale = await fx.client.request('PUT', `${pods}/p/status`, {
      ...current,
      metadata: { ...current.metadata, resourceVersion: '1' },
      status: { phase: 'Running' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.reason).toBe('Conflict');
    const put = await fx.client.request('PUT', `${pods}/p/status`, {
      ...current,
      status: { phase: 'Running' },
    });
    expect(put.status).toBe(200);
    const [event] = await watch.take(1);
    expect(event).toMatchObject({ type: 'MODIFIED', object: { status: { phase: 'Running' } } });
  } finally {
    watch.close();
  }
});

test('/status serves get, update and patch only, and only for kinds that have it', async () => {
  fx.server.create(pod('test', 'p'));
  fx.server.create({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'c', namespace: 'test' },
  });
  expect((await fx.client.request('DELETE', `${pods}/p/status`)).status).toBe(405);
  expect((await fx.client.get('/api/v1/namespaces/test/configmaps/c/status')).status).toBe(404);
  expect((await fx.client.get(`${pods}/p/nothing`)).status).toBe(404);
  expect((await fx.client.get(`${pods}/p/status/more`)).status).toBe(404);
});

describe('custom resources', () => {
  const crds = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
  const widgets = '/apis/example.com/v1/namespaces/test/widgets';

  async function serve(subresources: CustomResourceSpec['subresources']): Promise<void> {
    const crd = customResourceDefinitionManifest({
      group: 'example.com',
      version: 'v1',
      plural: 'widgets',
      kind: 'Widget',
      ...(subresources === undefined ? {} : { subresources }),
    });
    expect((await fx.client.request('POST', crds, crd)).status).toBe(201);
    const created = await fx.client.request('POST', widgets, {
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      metadata: { name: 'w', labels: { a: '1' } },
      spec: { size: 1 },
      status: { ready: false },
    });
    expect(created.status).toBe(201);
  }

  test('with subresources.status, the main resource ignores status and /status takes only status', async () => {
    await serve({ status: true });
    const patched = await mergePatch(`${widgets}/w`, {
      spec: { size: 2 },
      status: { ready: true },
    });
    expect(patched.body).toMatchObject({
      metadata: { generation: 2 },
      spec: { size: 2 },
      status: { ready: false },
    });
    const status = await mergePatch(`${widgets}/w/status`, {
      metadata: { labels: { a: '2' } },
      spec: { size: 3 },
      extra: 'x',
      status: { ready: true },
    });
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      metadata: { generation: 2, labels: { a: '1' } },
      spec: { size: 2 },
      status: { ready: true },
    });
    expect(status.body.extra).toBeUndefined();
    // Any change outside metadata and status moves a custom resource's generation.
    const other = await mergePatch(`${widgets}/w`, { extra: 'x' });
    expect(other.body.metadata.generation).toBe(3);
    const labels = await mergePatch(`${widgets}/w`, { metadata: { labels: { b: '1' } } });
    expect(labels.body.metadata.generation).toBe(3);
    const discovery = (await fx.client.get('/apis/example.com/v1')).body;
    expect(discovery.resources.map((r: any) => r.name)).toEqual(['widgets', 'widgets/status']);
  });

  test('without subresources.status, status is an ordinary field and there is no /status', async () => {
    await serve(undefined);
    const patched = await mergePatch(`${widgets}/w`, { status: { ready: true } });
    expect(patched.body.status).toEqual({ ready: true });
    // kube-apiserver moves a custom resource's generation on any change outside metadata.
    expect(patched.body.metadata.generation).toBe(2);
    expect((await mergePatch(`${widgets}/w/status`, { status: {} })).status).toBe(404);
  });
});

test("a Deployment's generation moves on a change of spec or annotations, not of labels", async () => {
  fx.server.create(deployment());
  const labels = await mergePatch(`${deployments}/web`, { metadata: { labels: { b: '1' } } });
  expect(labels.body.metadata.generation).toBe(1);
  const annotations = await mergePatch(`${deployments}/web`, {
    metadata: { annotations: { 'kubernetes.io/change-cause': 'x' } },
  });
  expect(annotations.body.metadata.generation).toBe(2);
});
