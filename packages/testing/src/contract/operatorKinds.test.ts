import { serverPerTest } from './rawClient.testing.js';

const fx = serverPerTest();

const secrets = '/api/v1/namespaces/test/secrets';

test('ServiceAccounts are served: create, get, list, discovery with short name sa', async () => {
  const created = await fx.client.request('POST', '/api/v1/namespaces/test/serviceaccounts', {
    metadata: { name: 'builder' },
    secrets: [{ name: 'builder-token' }],
  });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ kind: 'ServiceAccount', apiVersion: 'v1' });
  const listed = await fx.client.get('/api/v1/serviceaccounts');
  expect(listed.body.kind).toBe('ServiceAccountList');
  expect(listed.body.items.map((sa: { metadata: { name: string } }) => sa.metadata.name)).toEqual([
    'builder',
  ]);
  const core = (await fx.client.get('/api/v1')).body;
  expect(core.resources).toContainEqual(
    expect.objectContaining({
      name: 'serviceaccounts',
      kind: 'ServiceAccount',
      shortNames: ['sa'],
    }),
  );
});

test('events.k8s.io/v1 Events are served and their eventTime is a MicroTime', async () => {
  const path = '/apis/events.k8s.io/v1/namespaces/test/events';
  const event = {
    metadata: { name: 'web.1' },
    eventTime: '2025-01-02T03:04:05.123456Z',
    reportingController: 'example.com/operator',
    reportingInstance: 'operator-0',
    action: 'Reconcile',
    reason: 'Synced',
    type: 'Normal',
    regarding: { kind: 'Deployment', namespace: 'test', name: 'web' },
  };
  const created = await fx.client.request('POST', path, event);
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ kind: 'Event', apiVersion: 'events.k8s.io/v1' });
  const millis = await fx.client.request('POST', path, {
    ...event,
    metadata: { name: 'web.2' },
    eventTime: '2025-01-02T03:04:05.123Z',
  });
  expect(millis.status).toBe(400);
  const group = (await fx.client.get('/apis/events.k8s.io/v1')).body;
  expect(group.resources).toContainEqual(
    expect.objectContaining({ name: 'events', kind: 'Event' }),
  );
  expect((await fx.client.get('/api/v1/namespaces/test/events')).body.items).toEqual([]);
});

test('a Secret stores stringData merged into data as base64, never stringData itself', async () => {
  const created = await fx.client.request('POST', secrets, {
    metadata: { name: 'db' },
    type: 'Opaque',
    data: { user: Buffer.from('admin').toString('base64'), password: 'b2xk' },
    stringData: { password: 's3cret' },
  });
  expect(created.status).toBe(201);
  expect(created.body.data).toEqual({
    user: Buffer.from('admin').toString('base64'),
    password: Buffer.from('s3cret').toString('base64'),
  });
  expect(created.body).not.toHaveProperty('stringData');
  const stored = fx.server.get({ apiVersion: 'v1', kind: 'Secret', namespace: 'test', name: 'db' });
  expect(stored).not.toHaveProperty('stringData');
});

test('a Secret whose data is not base64 is 400 BadRequest naming the key, not the value', async () => {
  const res = await fx.client.request('POST', secrets, {
    metadata: { name: 'db' },
    data: { token: 'not base64!hunter2' },
  });
  expect(res.status).toBe(400);
  expect(res.body.reason).toBe('BadRequest');
  expect(res.body.message).toContain('data["token"]');
  expect(JSON.stringify(res.body)).not.toContain('hunter2');
  expect(fx.server.list('v1', 'Secret')).toEqual([]);
  // The server keeps serving.
  expect((await fx.client.get(secrets)).status).toBe(200);
});

test('§4 every verb on an unserved resource is a 404 NotFound Status', async () => {
  for (const [method, path] of [
    ['GET', '/api/v1/namespaces/test/widgets'],
    ['GET', '/api/v1/namespaces/test/widgets/a'],
    ['GET', '/api/v1/namespaces/test/widgets?watch=1'],
    ['POST', '/api/v1/namespaces/test/widgets'],
    ['PUT', '/apis/example.com/v1/widgets/a'],
    ['PATCH', '/apis/example.com/v1/namespaces/test/widgets/a'],
    ['DELETE', '/apis/example.com/v1/namespaces/test/widgets/a'],
    ['DELETE', '/apis/example.com/v1/namespaces/test/widgets'],
  ] as const) {
    const res = await fx.client.request(method, path, method === 'GET' ? undefined : {}, {
      'Content-Type': 'application/merge-patch+json',
    });
    expect({ method, path, status: res.status, reason: res.body.reason }).toEqual({
      method,
      path,
      status: 404,
      reason: 'NotFound',
    });
  }
});

test('the programmatic API answers an unserved kind with a typed 404 StatusError', () => {
  const widget = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'a' } };
  expect(() => fx.server.create(widget)).toThrow(
    expect.objectContaining({
      name: 'StatusError',
      status: expect.objectContaining({ code: 404, reason: 'NotFound' }),
    }),
  );
});
