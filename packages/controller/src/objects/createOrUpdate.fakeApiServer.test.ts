import { ApiException, type KubernetesObject, type V1ConfigMap } from '@kubernetes/client-node';
import { deeplyNested, stringifyJson } from '@rxkube/testing';
import { createOrUpdate } from './createOrUpdate.js';
import { ObjectIdentityChangedError } from './errors.js';
import { objectServerPerTest } from './objectServer.testing.js';

const cluster = objectServerPerTest();

const ref = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'app' };

/** The ConfigMap as plain JSON, for the fake server's programmatic API. */
function seed(data?: Record<string, string>) {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'app', namespace: 'default' },
    ...(data === undefined ? {} : { data }),
  };
}

function desired(): V1ConfigMap {
  return seed();
}

function writes() {
  return cluster.server.requests().filter((r) => r.method === 'POST' || r.method === 'PUT').length;
}

function setMode(mode: string) {
  return (cm: V1ConfigMap) => {
    cm.data = { ...cm.data, mode };
  };
}

test('creates a missing object, updates a changed one and writes nothing when mutate changes nothing', async () => {
  const object = desired();
  expect(await createOrUpdate(cluster.client, object, setMode('a'))).toBe('created');
  expect(object.metadata?.uid).toBeDefined(); // the object now holds what the server stored
  expect(cluster.server.get(ref)?.['data']).toEqual({ mode: 'a' });

  expect(await createOrUpdate(cluster.client, desired(), setMode('b'))).toBe('updated');
  expect(cluster.server.get(ref)?.['data']).toEqual({ mode: 'b' });

  cluster.server.clearRequests();
  const version = cluster.server.get(ref)?.['metadata'];
  expect(await createOrUpdate(cluster.client, desired(), setMode('b'))).toBe('unchanged');
  expect(writes()).toBe(0);
  expect(cluster.server.get(ref)?.['metadata']).toEqual(version);
});

test('an update that loses a race with another writer reads again and retries on the fresh object', async () => {
  cluster.server.create(seed({ mode: 'a', other: '1' }));
  let calls = 0;
  const result = await createOrUpdate(cluster.client, desired(), (cm) => {
    calls += 1;
    // Another writer changes the object between our read and our write, once.
    if (calls === 1)
      cluster.server.patch(ref, (stored) => ({
        ...stored,
        data: { ...(stored['data'] as object), other: '2' },
      }));
    cm.data = { ...cm.data, mode: 'b' };
  });
  expect(result).toBe('updated');
  expect(calls).toBe(2);
  // Neither write is lost: the other writer's change survived ours.
  expect(cluster.server.get(ref)?.['data']).toEqual({ mode: 'b', other: '2' });
});

test('a create that loses a race with another create (AlreadyExists) reads again and updates', async () => {
  let calls = 0;
  const result = await createOrUpdate(cluster.client, desired(), (cm) => {
    calls += 1;
    if (calls === 1) cluster.server.create(seed({ owner: 'someone-else' }));
    cm.data = { ...cm.data, mode: 'b' };
  });
  expect(result).toBe('updated');
  expect(cluster.server.get(ref)?.['data']).toEqual({ owner: 'someone-else', mode: 'b' });
});

test('conflicts on every attempt give up after the backoff steps with the 409', async () => {
  cluster.server.create(seed());
  let calls = 0;
  const error = await createOrUpdate(
    cluster.client,
    desired(),
    (cm) => {
      calls += 1;
      cluster.server.patch(ref, (stored) => ({ ...stored, data: { n: String(calls) } }));
      cm.data = { mode: 'mine' };
    },
    { backoff: { steps: 3, durationMs: 1, factor: 1, jitter: 0 } },
  ).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiException);
  expect((error as ApiException<unknown>).code).toBe(409);
  expect(calls).toBe(3);
});

test('a mutate that renames the object is refused with ObjectIdentityChangedError, before any write', async () => {
  cluster.server.create(seed());
  cluster.server.clearRequests();
  const error = await createOrUpdate(cluster.client, desired(), (cm) => {
    cm.metadata!.name = 'other';
  }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ObjectIdentityChangedError);
  expect((error as ObjectIdentityChangedError).field).toBe('metadata.name');
  expect(writes()).toBe(0);
});

// A custom resource is read untyped, as the cluster stores it, which may be nested 10,000 levels
// deep; copying and comparing it must not overflow the stack. (Writing one is up to
// client-node, whose serializer's JSON.stringify throws a RangeError on it.)
test('reads, compares and leaves unchanged a custom resource nested 10,000 levels deep that is as desired', async () => {
  cluster.server.registerCustomResource({
    group: 'example.com',
    version: 'v1',
    plural: 'widgets',
    kind: 'Widget',
  });
  cluster.server.create({
    apiVersion: 'example.com/v1',
    kind: 'Widget',
    metadata: { name: 'w', namespace: 'default' },
    spec: { size: 2, deep: deeplyNested(10_000, 'mixed') },
  });
  const widget: KubernetesObject = {
    apiVersion: 'example.com/v1',
    kind: 'Widget',
    metadata: { name: 'w', namespace: 'default' },
  };
  cluster.server.clearRequests();
  const resize = (w: KubernetesObject & { spec?: Record<string, unknown> }) => {
    w.spec = { ...w.spec, size: 2 };
  };
  expect(await createOrUpdate(cluster.client, widget, resize)).toBe('unchanged');
  expect(writes()).toBe(0);
  expect(stringifyJson((widget as { spec?: unknown }).spec)).toBe(
    stringifyJson({ size: 2, deep: deeplyNested(10_000, 'mixed') }),
  );
});
