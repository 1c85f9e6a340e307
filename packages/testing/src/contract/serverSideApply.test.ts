import { serverPerTest } from './rawClient.testing.js';

const now = new Date('2025-03-04T05:06:07.890Z');
const fx = serverPerTest({ now: () => now });

const path = '/apis/apps/v1/namespaces/test/deployments/web';
const apply = (body: unknown, query: string) =>
  fx.client.request('PATCH', `${path}?${query}`, body, {
    'Content-Type': 'application/apply-patch+yaml',
  });

function deployment(replicas: number, extra: Record<string, unknown> = {}) {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', labels: { app: 'web' } },
    spec: {
      replicas,
      template: { spec: { containers: [{ name: 'main', image: 'nginx:1' }] } },
      ...extra,
    },
  };
}

test('apply creates a missing object (201) and records an Apply entry of its fields', async () => {
  const res = await apply(deployment(2), 'fieldManager=deployer');
  expect(res.status).toBe(201);
  expect(res.body.metadata.managedFields).toEqual([
    {
      manager: 'deployer',
      operation: 'Apply',
      apiVersion: 'apps/v1',
      time: '2025-03-04T05:06:07Z',
      fieldsType: 'FieldsV1',
      fieldsV1: {
        'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
        'f:spec': {
          'f:replicas': {},
          'f:template': {
            '.': {},
            'f:spec': {
              '.': {},
              'f:containers': {
                '.': {},
                'k:{"name":"main"}': { '.': {}, 'f:image': {}, 'f:name': {} },
              },
            },
          },
        },
      },
    },
  ]);
});

test('apply accepts YAML as well as JSON', async () => {
  const yaml = [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: web',
    '  annotations:',
    '    created: 2025-01-01T00:00:00Z',
    'spec:',
    '  replicas: 3',
  ].join('\n');
  const res = await apply(yaml, 'fieldManager=deployer');
  expect(res.status).toBe(201);
  expect(res.body.spec.replicas).toBe(3);
  // The timestamp stays a string, as it was written.
  expect(res.body.metadata.annotations).toEqual({ created: '2025-01-01T00:00:00Z' });
  expect((await apply('a: [unclosed', 'fieldManager=deployer')).status).toBe(400);
});

test('apply without fieldManager is 422 Invalid and writes nothing', async () => {
  const res = await apply(deployment(2), 'force=true');
  expect(res.status).toBe(422);
  expect(res.body.reason).toBe('Invalid');
  expect(res.body.details.causes).toEqual([
    expect.objectContaining({ field: 'fieldManager', reason: 'FieldValueRequired' }),
  ]);
  expect(fx.server.list('apps/v1', 'Deployment')).toEqual([]);
});

test('a field another manager owns with another value is a 409 Conflict naming field and manager', async () => {
  await apply(deployment(2), 'fieldManager=deployer');
  const res = await apply(deployment(5), 'fieldManager=autoscaler');
  expect(res.status).toBe(409);
  expect(res.body).toMatchObject({
    kind: 'Status',
    reason: 'Conflict',
    code: 409,
    message: 'Apply failed with 1 conflict: conflict with "deployer" using apps/v1: .spec.replicas',
    details: {
      causes: [
        {
          reason: 'FieldManagerConflict',
          message: 'conflict with "deployer" using apps/v1',
          field: '.spec.replicas',
        },
      ],
    },
  });
  const image = await apply(
    {
      ...deployment(2),
      spec: { template: { spec: { containers: [{ name: 'main', image: 'nginx:2' }] } } },
    },
    'fieldManager=other',
  );
  expect(image.body.details.causes[0].field).toBe(
    '.spec.template.spec.containers[name="main"].image',
  );
  expect(
    fx.server.get({ apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'test', name: 'web' }),
  ).toMatchObject({ spec: { replicas: 2 } });
});

test('the same value is shared without conflict; force takes a field from its manager', async () => {
  await apply(deployment(2), 'fieldManager=deployer');
  const shared = await apply(
    { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { replicas: 2 } },
    'fieldManager=autoscaler',
  );
  expect(shared.status).toBe(200);
  const forced = await apply(
    { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { replicas: 7 } },
    'fieldManager=autoscaler&force=true',
  );
  expect(forced.status).toBe(200);
  expect(forced.body.spec.replicas).toBe(7);
  const [deployer, autoscaler] = forced.body.metadata.managedFields;
  expect(deployer.manager).toBe('deployer');
  expect(deployer.fieldsV1['f:spec']).not.toHaveProperty('f:replicas');
  expect(autoscaler).toMatchObject({
    manager: 'autoscaler',
    operation: 'Apply',
    fieldsV1: { 'f:spec': { 'f:replicas': {} } },
  });
  // The deployer no longer owns replicas, so its next apply without force does not conflict
  // there, and leaving it out does not remove it.
  const again = await apply(deployment(7), 'fieldManager=deployer');
  expect(again.status).toBe(200);
});

test('a field the manager applied before and leaves out now is removed unless another owns it', async () => {
  await apply(deployment(2, { paused: true, minReadySeconds: 5 }), 'fieldManager=deployer');
  await apply(
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web' },
      spec: { minReadySeconds: 5 },
    },
    'fieldManager=other',
  );
  const res = await apply(deployment(2), 'fieldManager=deployer');
  expect(res.status).toBe(200);
  expect(res.body.spec).not.toHaveProperty('paused');
  expect(res.body.spec.minReadySeconds).toBe(5);
});

test('applying the same configuration again writes nothing', async () => {
  const first = await apply(deployment(2), 'fieldManager=deployer');
  const second = await apply(deployment(2), 'fieldManager=deployer');
  expect(second.status).toBe(200);
  expect(second.body.metadata.resourceVersion).toBe(first.body.metadata.resourceVersion);
});

test('an applied configuration of another kind or name is 400', async () => {
  expect(
    (await apply({ ...deployment(1), kind: 'ReplicaSet' }, 'fieldManager=deployer')).status,
  ).toBe(400);
  expect(
    (await apply({ ...deployment(1), metadata: { name: 'other' } }, 'fieldManager=deployer'))
      .status,
  ).toBe(400);
});
