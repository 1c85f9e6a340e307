import type { KubeObject } from '../api/types.js';
import { pod, serverPerTest } from './rawClient.testing.js';

const now = new Date('2025-03-04T05:06:07Z');
const fx = serverPerTest({ now: () => now });

const cmRef = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'test', name: 'cfg' };
const cmPath = '/api/v1/namespaces/test/configmaps';

function configMap(finalizers: string[]): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'cfg', namespace: 'test', finalizers },
  };
}

test('a DELETE of an object with finalizers marks it with deletionTimestamp and keeps it', async () => {
  const created = fx.server.create(configMap(['example.com/cleanup']));
  const watch = await fx.client.watch(
    `${cmPath}?watch=1&resourceVersion=${created.metadata.resourceVersion}`,
  );
  const res = await fx.client.request('DELETE', `${cmPath}/cfg`);
  expect(res.status).toBe(200);
  expect(res.body.metadata).toMatchObject({
    deletionTimestamp: '2025-03-04T05:06:07Z',
    deletionGracePeriodSeconds: 0,
    finalizers: ['example.com/cleanup'],
  });
  expect((await fx.client.get(`${cmPath}/cfg`)).body.metadata.deletionTimestamp).toBe(
    '2025-03-04T05:06:07Z',
  );
  const [event] = await watch.take(1);
  expect(event).toMatchObject({ type: 'MODIFIED' });
  // Deleting again changes nothing.
  const again = await fx.client.request('DELETE', `${cmPath}/cfg`);
  expect(again.body.metadata.resourceVersion).toBe(res.body.metadata.resourceVersion);
  watch.close();
});

test('removing the last finalizer deletes the object; one of several only updates it', async () => {
  const created = fx.server.create(configMap(['a', 'b']));
  fx.server.delete(cmRef);
  const watch = await fx.client.watch(
    `${cmPath}?watch=1&resourceVersion=${created.metadata.resourceVersion}`,
  );
  const first = await fx.client.request(
    'PATCH',
    `${cmPath}/cfg`,
    [{ op: 'remove', path: '/metadata/finalizers/0' }],
    { 'Content-Type': 'application/json-patch+json' },
  );
  expect(first.body.metadata.finalizers).toEqual(['b']);
  expect(fx.server.get(cmRef)).toBeDefined();
  const last = await fx.client.request(
    'PATCH',
    `${cmPath}/cfg`,
    { metadata: { finalizers: null } },
    { 'Content-Type': 'application/merge-patch+json' },
  );
  expect(last.status).toBe(200);
  expect(fx.server.get(cmRef)).toBeUndefined();
  const events = await watch.take(3);
  expect(events.map((e) => ('type' in e ? e.type : 'malformed'))).toEqual([
    'MODIFIED',
    'MODIFIED',
    'DELETED',
  ]);
  watch.close();
});

test('no new finalizer can be added once an object is being deleted (422), nor the mark removed', async () => {
  fx.server.create(configMap(['a']));
  const marked = fx.server.delete(cmRef);
  const res = await fx.client.request(
    'PATCH',
    `${cmPath}/cfg`,
    { metadata: { finalizers: ['a', 'b'] } },
    { 'Content-Type': 'application/merge-patch+json' },
  );
  expect(res.status).toBe(422);
  expect(res.body.details.causes).toEqual([
    expect.objectContaining({ field: 'metadata.finalizers', reason: 'FieldValueForbidden' }),
  ]);
  const unmark = await fx.client.request(
    'PATCH',
    `${cmPath}/cfg`,
    { metadata: { deletionTimestamp: null, labels: { x: '1' } } },
    { 'Content-Type': 'application/merge-patch+json' },
  );
  expect(unmark.body.metadata.deletionTimestamp).toBe(marked.metadata.deletionTimestamp);
  expect(unmark.body.metadata.finalizers).toEqual(['a']);
});

test('a scheduled Pod deleted with a grace period is marked that far ahead until deleted with 0', async () => {
  fx.server.create(pod('test', 'web', { nodeName: 'node-1' }));
  const podPath = '/api/v1/namespaces/test/pods/web';
  const graceful = await fx.client.request('DELETE', `${podPath}?gracePeriodSeconds=30`);
  expect(graceful.body.metadata).toMatchObject({
    deletionTimestamp: '2025-03-04T05:06:37Z',
    deletionGracePeriodSeconds: 30,
  });
  expect((await fx.client.get(podPath)).status).toBe(200);
  const final = await fx.client.request('DELETE', podPath, { gracePeriodSeconds: 0 });
  expect(final.status).toBe(200);
  expect((await fx.client.get(podPath)).status).toBe(404);
  // An unscheduled Pod has no kubelet to wait for: deleted at once.
  fx.server.create(pod('test', 'pending'));
  await fx.client.request('DELETE', '/api/v1/namespaces/test/pods/pending?gracePeriodSeconds=30');
  expect((await fx.client.get('/api/v1/namespaces/test/pods/pending')).status).toBe(404);
});

test('malformed delete options are typed errors and delete nothing', async () => {
  fx.server.create(configMap([]));
  const policy = await fx.client.request('DELETE', `${cmPath}/cfg`, {
    propagationPolicy: 'Sideways',
  });
  expect(policy.status).toBe(422);
  expect(policy.body.details.causes[0].field).toBe('propagationPolicy');
  const grace = await fx.client.request('DELETE', `${cmPath}/cfg?gracePeriodSeconds=soon`);
  expect(grace.status).toBe(400);
  expect(fx.server.get(cmRef)).toBeDefined();
});
