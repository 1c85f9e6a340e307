/* eslint-disable @typescript-eslint/no-explicit-any -- reads arbitrary JSON */
import { customResourceDefinitionManifest } from '../registry/customResourceDefinitionManifest.js';
import { serverPerTest } from './rawClient.testing.js';

const fx = serverPerTest({ bookmarkIntervalMs: 60_000 });

const replicaSets = '/apis/apps/v1/namespaces/test/replicasets';

beforeEach(() => {
  fx.server.create({
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name: 'rs', namespace: 'test' },
    spec: {
      selector: {
        matchLabels: { app: 'web' },
        matchExpressions: [{ key: 'tier', operator: 'In', values: ['b', 'a'] }],
      },
    },
    status: { replicas: 4 },
  });
});

test('GET /scale is the autoscaling/v1 Scale of a ReplicaSet: defaulted replicas, selector as a string', async () => {
  const res = await fx.client.get(`${replicaSets}/rs/scale`);
  expect(res.status).toBe(200);
  const rs = fx.server.get({
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    namespace: 'test',
    name: 'rs',
  })!;
  expect(res.body).toEqual({
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: {
      name: 'rs',
      namespace: 'test',
      uid: rs.metadata.uid,
      resourceVersion: rs.metadata.resourceVersion,
      creationTimestamp: rs.metadata.creationTimestamp,
    },
    spec: { replicas: 1 },
    status: { replicas: 4, selector: 'app=web,tier in (a,b)' },
  });
});

test('PUT and PATCH of /scale set spec.replicas, with the Scale resourceVersion as precondition', async () => {
  const scale = (await fx.client.get(`${replicaSets}/rs/scale`)).body;
  const put = await fx.client.request('PUT', `${replicaSets}/rs/scale`, {
    ...scale,
    spec: { replicas: 3 },
  });
  expect(put.status).toBe(200);
  expect(put.body.spec).toEqual({ replicas: 3 });
  const stored = (await fx.client.get(`${replicaSets}/rs`)).body;
  expect(stored.spec.replicas).toBe(3);
  expect(stored.metadata.generation).toBe(2);
  expect(put.body.metadata.resourceVersion).toBe(stored.metadata.resourceVersion);

  const stale = await fx.client.request('PUT', `${replicaSets}/rs/scale`, {
    ...scale,
    spec: { replicas: 5 },
  });
  expect(stale.status).toBe(409);

  // Without a resourceVersion, the update is unconditional.
  const unconditional = await fx.client.request('PUT', `${replicaSets}/rs/scale`, {
    metadata: { name: 'rs' },
    spec: { replicas: 4 },
  });
  expect(unconditional.status).toBe(200);
  expect(unconditional.body.spec).toEqual({ replicas: 4 });
  expect(unconditional.body.metadata.resourceVersion).toMatch(/^\d+$/);

  const patched = await fx.client.request(
    'PATCH',
    `${replicaSets}/rs/scale`,
    { spec: { replicas: 0 } },
    { 'Content-Type': 'application/merge-patch+json' },
  );
  expect(patched.status).toBe(200);
  // autoscaling/v1 omits zero replicas from the spec.
  expect(patched.body.spec).toEqual({});
  expect((await fx.client.get(`${replicaSets}/rs`)).body.spec.replicas).toBe(0);

  const negative = await fx.client.request(
    'PATCH',
    `${replicaSets}/rs/scale`,
    [{ op: 'add', path: '/spec/replicas', value: -1 }],
    { 'Content-Type': 'application/json-patch+json' },
  );
  expect(negative.status).toBe(422);
  expect(negative.body.message).toBe(
    'Scale.autoscaling "rs" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0',
  );
});

test('a custom resource with subresources.scale serves /scale from its JSON paths', async () => {
  const crd = customResourceDefinitionManifest({
    group: 'example.com',
    version: 'v1',
    plural: 'widgets',
    kind: 'Widget',
    subresources: {
      status: true,
      scale: {
        specReplicasPath: '.spec.size',
        statusReplicasPath: '.status.count',
        labelSelectorPath: '.status.selector',
      },
    },
  });
  const crds = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
  expect((await fx.client.request('POST', crds, crd)).status).toBe(201);
  const widgets = '/apis/example.com/v1/namespaces/test/widgets';
  await fx.client.request('POST', widgets, {
    apiVersion: 'example.com/v1',
    kind: 'Widget',
    metadata: { name: 'w' },
    spec: {},
  });
  await fx.client.request(
    'PATCH',
    `${widgets}/w/status`,
    { status: { count: 2, selector: 'app=w' } },
    { 'Content-Type': 'application/merge-patch+json' },
  );
  const scale = (await fx.client.get(`${widgets}/w/scale`)).body;
  expect(scale).toMatchObject({ spec: {}, status: { replicas: 2, selector: 'app=w' } });
  const patched = await fx.client.request(
    'PATCH',
    `${widgets}/w/scale`,
    { spec: { replicas: 6 } },
    { 'Content-Type': 'application/merge-patch+json' },
  );
  expect(patched.body.spec).toEqual({ replicas: 6 });
  expect((await fx.client.get(`${widgets}/w`)).body.spec).toEqual({ size: 6 });
  const discovery = (await fx.client.get('/apis/example.com/v1')).body;
  expect(discovery.resources.map((r: any) => r.name)).toEqual([
    'widgets',
    'widgets/status',
    'widgets/scale',
  ]);
  expect(discovery.resources[2]).toMatchObject({
    group: 'autoscaling',
    version: 'v1',
    kind: 'Scale',
  });
});

test('a CRD whose scale names no replicas paths is 422', async () => {
  const crd = customResourceDefinitionManifest({
    group: 'example.com',
    version: 'v1',
    plural: 'widgets',
    kind: 'Widget',
  }) as any;
  crd.spec.versions[0].subresources = { scale: { specReplicasPath: 'spec' } };
  const res = await fx.client.request(
    'POST',
    '/apis/apiextensions.k8s.io/v1/customresourcedefinitions',
    crd,
  );
  expect(res.status).toBe(422);
  expect(res.body.details.causes.map((c: any) => c.field)).toEqual([
    'spec.versions[0].subresources.scale.specReplicasPath',
    'spec.versions[0].subresources.scale.statusReplicasPath',
  ]);
});
