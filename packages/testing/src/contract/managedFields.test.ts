import { defaultFieldManager } from '../storage/managedFields.js';
import { FakeApiServer } from '../fakeApiServer.js';
import { pod, RawClient, serverPerTest } from './rawClient.testing.js';

const now = new Date('2025-03-04T05:06:07.890Z');
const fx = serverPerTest({ now: () => now });

const podPath = '/api/v1/namespaces/test/pods';

test('a create records one Update entry of the manager owning every field it set', async () => {
  const created = await fx.client.request('POST', `${podPath}?fieldManager=deployer`, {
    ...pod('test', 'web', { labels: { app: 'web' } }),
    // Managed fields a client sends on create are replaced by the server's.
    metadata: { name: 'web', labels: { app: 'web' }, managedFields: [{ manager: 'forged' }] },
  });
  expect(created.status).toBe(201);
  expect(created.body.metadata.managedFields).toEqual([
    {
      manager: 'deployer',
      operation: 'Update',
      apiVersion: 'v1',
      time: '2025-03-04T05:06:07Z',
      fieldsType: 'FieldsV1',
      fieldsV1: {
        'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
        'f:spec': {
          'f:containers': {
            '.': {},
            'k:{"name":"main"}': { '.': {}, 'f:image': {}, 'f:name': {} },
          },
        },
        'f:status': { 'f:phase': {} },
      },
    },
  ]);
  const listed = await fx.client.get(podPath);
  expect(listed.body.items[0].metadata.managedFields).toEqual(created.body.metadata.managedFields);
});

test('the manager is the User-Agent up to its first slash when no fieldManager is given', async () => {
  const created = await fx.client.request('POST', podPath, pod('test', 'web'), {
    'User-Agent': 'kubectl/v1.34.0 (linux/amd64) kubernetes/abcdef',
  });
  expect(created.body.metadata.managedFields.map((e: { manager: string }) => e.manager)).toEqual([
    'kubectl',
  ]);
});

test('an update by another manager adds its entry owning only the fields it changed', async () => {
  fx.server.create(pod('test', 'web'));
  const current = (await fx.client.get(`${podPath}/web`)).body;
  const updated = await fx.client.request('PUT', `${podPath}/web/status?fieldManager=kubelet`, {
    ...current,
    status: { phase: 'Running' },
  });
  expect(updated.status).toBe(200);
  const entries = updated.body.metadata.managedFields;
  expect(entries.map((e: { manager: string }) => e.manager)).toEqual([
    defaultFieldManager,
    'kubelet',
  ]);
  expect(entries[1].fieldsV1).toEqual({ 'f:status': { 'f:phase': {} } });
  expect(entries[0]).toEqual(current.metadata.managedFields[0]);
});

test('an update that changes nothing keeps the managed fields and the resourceVersion', async () => {
  const stored = fx.server.create(pod('test', 'web'));
  const { managedFields: _omitted, ...metadata } = stored.metadata;
  const again = await fx.client.request('PUT', `${podPath}/web?fieldManager=other`, {
    ...stored,
    metadata,
  });
  expect(again.body.metadata.resourceVersion).toBe(stored.metadata.resourceVersion);
  expect(again.body.metadata.managedFields).toEqual(stored.metadata.managedFields);
});

test('a patch records its manager on the fields it changed', async () => {
  fx.server.create(pod('test', 'web'));
  const patched = await fx.client.request(
    'PATCH',
    `${podPath}/web?fieldManager=labeler`,
    { metadata: { labels: { tier: 'fe' } } },
    { 'Content-Type': 'application/merge-patch+json' },
  );
  const entry = patched.body.metadata.managedFields.find(
    (e: { manager: string }) => e.manager === 'labeler',
  );
  expect(entry.fieldsV1).toEqual({ 'f:metadata': { 'f:labels': { 'f:tier': {} } } });
});

test('managedFields: false records none on create, update or patch, and keeps what a client sent', async () => {
  const server = await FakeApiServer.start({ now: () => now, managedFields: false });
  const client = new RawClient(server);
  try {
    const created = await client.request(
      'POST',
      `${podPath}?fieldManager=deployer`,
      pod('test', 'web'),
    );
    expect(created.status).toBe(201);
    expect(created.body.metadata).not.toHaveProperty('managedFields');
    const updated = await client.request('PUT', `${podPath}/web?fieldManager=kubelet`, {
      ...created.body,
      status: { phase: 'Running' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.metadata).not.toHaveProperty('managedFields');
    const patched = await client.request(
      'PATCH',
      `${podPath}/web?fieldManager=labeler`,
      { metadata: { labels: { tier: 'fe' } } },
      { 'Content-Type': 'application/merge-patch+json' },
    );
    expect(patched.body.metadata.labels).toEqual({ tier: 'fe' });
    expect(patched.body.metadata).not.toHaveProperty('managedFields');
    expect(server.create(pod('test', 'api')).metadata).not.toHaveProperty('managedFields');
    const sent = [{ manager: 'importer', operation: 'Update' }];
    const imported = await client.request('POST', podPath, {
      ...pod('test', 'db'),
      metadata: { name: 'db', managedFields: sent },
    });
    expect(imported.body.metadata.managedFields).toEqual(sent);
    const listed = await client.get(podPath);
    expect(
      listed.body.items.map((item: { metadata: object }) => 'managedFields' in item.metadata),
    ).toEqual([false, true, false]);
  } finally {
    await server.stop();
  }
});
