import type { KubeObject } from '../api/types.js';
import { pod, serverPerTest } from './rawClient.testing.js';

const fx = serverPerTest();

const podPath = '/api/v1/namespaces/test/pods/web';
const patch = (body: unknown, type: string, path = podPath) =>
  fx.client.request('PATCH', path, body, { 'Content-Type': `application/${type}` });

function webPod(): KubeObject {
  return {
    ...pod('test', 'web', { labels: { app: 'web' } }),
    spec: {
      containers: [
        {
          name: 'main',
          image: 'nginx:1',
          ports: [{ containerPort: 80 }, { containerPort: 443 }],
          env: [{ name: 'A', value: '1' }],
        },
        { name: 'sidecar', image: 'envoy:1' },
      ],
      tolerations: [{ key: 'a', operator: 'Exists' }],
    },
  };
}

test('a JSON merge patch (RFC 7386) merges objects, deletes with null and replaces lists', async () => {
  fx.server.create(webPod());
  const res = await patch(
    {
      metadata: { labels: { app: null, tier: 'fe' } },
      spec: { containers: [{ name: 'only', image: 'busybox' }] },
    },
    'merge-patch+json',
  );
  expect(res.status).toBe(200);
  expect(res.body.metadata.labels).toEqual({ tier: 'fe' });
  expect(res.body.spec.containers).toEqual([{ name: 'only', image: 'busybox' }]);
});

test('a JSON patch (RFC 6902) applies its operations in order', async () => {
  fx.server.create(webPod());
  const res = await patch(
    [
      { op: 'replace', path: '/spec/containers/0/image', value: 'nginx:2' },
      { op: 'add', path: '/metadata/labels/tier', value: 'fe' },
      { op: 'remove', path: '/spec/containers/1' },
      { op: 'test', path: '/metadata/labels/app', value: 'web' },
      { op: 'copy', from: '/metadata/labels/app', path: '/metadata/labels/copied' },
    ],
    'json-patch+json',
  );
  expect(res.status).toBe(200);
  expect(res.body.spec.containers.map((c: { image: string }) => c.image)).toEqual(['nginx:2']);
  expect(res.body.metadata.labels).toEqual({ app: 'web', tier: 'fe', copied: 'web' });
});

test('a JSON patch whose test fails is 422 Invalid and writes nothing', async () => {
  const created = fx.server.create(webPod());
  const res = await patch(
    [
      { op: 'replace', path: '/spec/containers/0/image', value: 'nginx:2' },
      { op: 'test', path: '/metadata/labels/app', value: 'api' },
    ],
    'json-patch+json',
  );
  expect(res.status).toBe(422);
  expect(res.body).toMatchObject({ kind: 'Status', reason: 'Invalid', code: 422 });
  expect(fx.server.resourceVersion).toBe(created.metadata.resourceVersion);
  const missing = await patch([{ op: 'remove', path: '/spec/nothing' }], 'json-patch+json');
  expect(missing.status).toBe(422);
  const notAList = await patch({ op: 'remove', path: '/spec' }, 'json-patch+json');
  expect(notAList.status).toBe(400);
  const badMetadata = await patch(
    [{ op: 'replace', path: '/metadata', value: 'web' }],
    'json-patch+json',
  );
  expect(badMetadata.status).toBe(400);
  expect((await fx.client.get(podPath)).body.spec.containers[0].image).toBe('nginx:1');
});

test('a strategic merge patch merges containers by name, ports by containerPort, env by name', async () => {
  fx.server.create(webPod());
  const res = await patch(
    {
      spec: {
        containers: [
          {
            name: 'main',
            image: 'nginx:2',
            ports: [{ containerPort: 443, name: 'https' }, { containerPort: 8080 }],
            env: [{ name: 'B', value: '2' }],
          },
          { name: 'logger', image: 'fluent:1' },
        ],
        tolerations: [{ key: 'b', operator: 'Exists' }],
      },
    },
    'strategic-merge-patch+json',
  );
  expect(res.status).toBe(200);
  expect(res.body.spec.containers).toEqual([
    {
      name: 'main',
      image: 'nginx:2',
      ports: [
        { containerPort: 80 },
        { containerPort: 443, name: 'https' },
        { containerPort: 8080 },
      ],
      env: [
        { name: 'A', value: '1' },
        { name: 'B', value: '2' },
      ],
    },
    { name: 'sidecar', image: 'envoy:1' },
    { name: 'logger', image: 'fluent:1' },
  ]);
  // Tolerations have no patch strategy: replaced whole.
  expect(res.body.spec.tolerations).toEqual([{ key: 'b', operator: 'Exists' }]);
});

test('strategic merge patch directives: $patch delete and replace, primitive lists, element order', async () => {
  fx.server.create({ ...webPod(), metadata: { ...webPod().metadata, finalizers: ['a', 'b'] } });
  const res = await patch(
    {
      metadata: { finalizers: ['c'] },
      spec: {
        containers: [
          { name: 'sidecar', $patch: 'delete' },
          { name: 'main', ports: [{ containerPort: 80, $patch: 'delete' }] },
        ],
      },
    },
    'strategic-merge-patch+json',
  );
  expect(res.status).toBe(200);
  expect(res.body.metadata.finalizers).toEqual(['a', 'b', 'c']);
  expect(res.body.spec.containers.map((c: { name: string }) => c.name)).toEqual(['main']);
  expect(res.body.spec.containers[0].ports).toEqual([{ containerPort: 443 }]);

  const removed = await patch(
    {
      metadata: { '$deleteFromPrimitiveList/finalizers': ['a'] },
      spec: {
        '$setElementOrder/containers': [{ name: 'extra' }, { name: 'main' }],
        containers: [{ name: 'extra', image: 'x' }],
      },
    },
    'strategic-merge-patch+json',
  );
  expect(removed.body.metadata.finalizers).toEqual(['b', 'c']);
  expect(removed.body.spec.containers.map((c: { name: string }) => c.name)).toEqual([
    'extra',
    'main',
  ]);
  const replaced = await patch(
    { metadata: { labels: { $patch: 'replace', only: 'this' } } },
    'strategic-merge-patch+json',
  );
  expect(replaced.body.metadata.labels).toEqual({ only: 'this' });
});

test('a strategic merge patch item without its merge key is 400 and writes nothing', async () => {
  const created = fx.server.create(webPod());
  const res = await patch(
    { spec: { containers: [{ image: 'nameless' }] } },
    'strategic-merge-patch+json',
  );
  expect(res.status).toBe(400);
  expect(res.body.reason).toBe('BadRequest');
  expect(fx.server.resourceVersion).toBe(created.metadata.resourceVersion);
});

test('strategic merge patch keys of the other kinds: Service ports, Deployment templates, conditions', async () => {
  fx.server.create({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'web', namespace: 'test' },
    spec: { ports: [{ port: 80, targetPort: 8080 }] },
  });
  const svc = await patch(
    { spec: { ports: [{ port: 443, targetPort: 8443 }] } },
    'strategic-merge-patch+json',
    '/api/v1/namespaces/test/services/web',
  );
  expect(svc.body.spec.ports).toEqual([
    { port: 80, targetPort: 8080 },
    { port: 443, targetPort: 8443 },
  ]);
  fx.server.create({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'test' },
    spec: { template: { spec: { containers: [{ name: 'main', image: 'nginx:1' }] } } },
    status: { conditions: [{ type: 'Available', status: 'False' }] },
  });
  const deploy = await patch(
    { spec: { template: { spec: { containers: [{ name: 'main', image: 'nginx:2' }] } } } },
    'strategic-merge-patch+json',
    '/apis/apps/v1/namespaces/test/deployments/web',
  );
  expect(deploy.body.spec.template.spec.containers).toEqual([{ name: 'main', image: 'nginx:2' }]);
  // A Deployment's status is written through its /status subresource.
  const status = await patch(
    { status: { conditions: [{ type: 'Progressing', status: 'True' }] } },
    'strategic-merge-patch+json',
    '/apis/apps/v1/namespaces/test/deployments/web/status',
  );
  expect(status.body.status.conditions.map((c: { type: string }) => c.type)).toEqual([
    'Available',
    'Progressing',
  ]);
});

test('a strategic merge patch of a custom resource is 415, as on kube-apiserver', async () => {
  fx.server.registerCustomResource({
    group: 'example.com',
    version: 'v1',
    plural: 'widgets',
    kind: 'Widget',
  });
  fx.server.create({
    apiVersion: 'example.com/v1',
    kind: 'Widget',
    metadata: { name: 'w', namespace: 'test' },
  });
  const path = '/apis/example.com/v1/namespaces/test/widgets/w';
  const res = await patch({ spec: { a: 1 } }, 'strategic-merge-patch+json', path);
  expect(res.status).toBe(415);
  expect((await patch({ spec: { a: 1 } }, 'merge-patch+json', path)).status).toBe(200);
});
