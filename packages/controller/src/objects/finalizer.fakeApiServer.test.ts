import type { V1ConfigMap } from '@kubernetes/client-node';
import { FinalizerError } from './errors.js';
import { finalizer } from './finalizer.js';
import { objectServerPerTest } from './objectServer.testing.js';

const cluster = objectServerPerTest();

const name = 'example.com/cleanup';
const ref = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'app' };
const reference = {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'app', namespace: 'default' },
};

function read(): Promise<V1ConfigMap> {
  return cluster.client.read<V1ConfigMap>(reference);
}

/** Callbacks that log what ran, and what the server held when it ran. */
function recording() {
  const log: string[] = [];
  const callbacks = {
    apply: (object: V1ConfigMap) => {
      const stored = cluster.server.get(ref)?.['metadata'] as V1ConfigMap['metadata'];
      log.push(
        `apply seeing ${JSON.stringify(stored?.finalizers ?? [])} in ${JSON.stringify(object.metadata?.finalizers)}`,
      );
      return 'applied';
    },
    cleanup: () => {
      log.push('cleanup');
      return 'cleaned';
    },
  };
  return { log, callbacks };
}

test('adds the finalizer as its own write before the first apply, then applies', async () => {
  cluster.server.create({
    ...reference,
    metadata: { ...reference.metadata, finalizers: ['other/one'] },
  });
  const { log, callbacks } = recording();
  expect(await finalizer(cluster.client, name, await read(), callbacks)).toBe('applied');
  expect(log).toEqual([`apply seeing ["other/one","${name}"] in ["other/one","${name}"]`]);
  // With the finalizer there, apply runs without another write.
  const version = cluster.server.get(ref)?.['metadata'];
  expect(await finalizer(cluster.client, name, await read(), callbacks)).toBe('applied');
  expect(cluster.server.get(ref)?.['metadata']).toEqual(version);
});

test('an object without finalizers gets the list', async () => {
  cluster.server.create(reference);
  const { log, callbacks } = recording();
  await finalizer(cluster.client, name, await read(), callbacks);
  expect(log).toEqual([`apply seeing ["${name}"] in ["${name}"]`]);
});

test('a concurrent change of the finalizers fails the add (nothing applied, nothing overwritten)', async () => {
  cluster.server.create({
    ...reference,
    metadata: { ...reference.metadata, finalizers: ['other/one'] },
  });
  const stale = await read();
  cluster.server.patch(ref, (stored) => {
    (stored['metadata'] as { finalizers: string[] }).finalizers.push('other/two');
  });
  const { log, callbacks } = recording();
  const error = await finalizer(cluster.client, name, stale, callbacks).catch(
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FinalizerError);
  expect((error as FinalizerError).step).toBe('addFinalizer');
  expect(log).toEqual([]);
  expect((cluster.server.get(ref)?.['metadata'] as { finalizers: string[] }).finalizers).toEqual([
    'other/one',
    'other/two',
  ]);
});

test('when the object is being deleted, cleans up, then removes the finalizer and the server deletes it', async () => {
  cluster.server.create(reference);
  const { log, callbacks } = recording();
  await finalizer(cluster.client, name, await read(), callbacks);
  cluster.server.delete(ref);
  const deleting = await read();
  expect(deleting.metadata?.deletionTimestamp).toBeDefined();
  expect(await finalizer(cluster.client, name, deleting, callbacks)).toBe('cleaned');
  expect(log.at(-1)).toBe('cleanup');
  expect(cluster.server.get(ref)).toBeUndefined();
});

test('a failing cleanup keeps the finalizer, so the object stays until a cleanup succeeds', async () => {
  cluster.server.create({ ...reference, metadata: { ...reference.metadata, finalizers: [name] } });
  cluster.server.delete(ref);
  const error = await finalizer(cluster.client, name, await read(), {
    apply: () => 'applied',
    cleanup: () => {
      throw new Error('bucket still in use');
    },
  }).catch((caught: unknown) => caught);
  expect(error).toMatchObject({ step: 'cleanup', finalizerName: name });
  expect((error as FinalizerError).cause).toEqual(new Error('bucket still in use'));
  expect((cluster.server.get(ref)?.['metadata'] as { finalizers: string[] }).finalizers).toEqual([
    name,
  ]);
});

test('removal is guarded by a test of the finalizer at its index: a concurrent reorder fails it', async () => {
  cluster.server.create({
    ...reference,
    metadata: { ...reference.metadata, finalizers: [name, 'other/one'] },
  });
  cluster.server.delete(ref);
  const stale = await read();
  cluster.server.patch(ref, (stored) => {
    (stored['metadata'] as { finalizers: string[] }).finalizers = ['other/one', name];
  });
  const error = await finalizer(cluster.client, name, stale, recording().callbacks).catch(
    (caught: unknown) => caught,
  );
  expect(error).toMatchObject({ step: 'removeFinalizer' });
  expect((cluster.server.get(ref)?.['metadata'] as { finalizers: string[] }).finalizers).toEqual([
    'other/one',
    name,
  ]);
});

test('an object being deleted without the finalizer is left alone', async () => {
  cluster.server.create({
    ...reference,
    metadata: { ...reference.metadata, finalizers: ['other/one'] },
  });
  cluster.server.delete(ref);
  const { log, callbacks } = recording();
  cluster.server.clearRequests();
  expect(await finalizer(cluster.client, name, await read(), callbacks)).toBeUndefined();
  expect(log).toEqual([]);
  expect(cluster.server.requests().filter((r) => r.method !== 'GET')).toEqual([]);
});

test('an empty finalizer name is refused', async () => {
  cluster.server.create(reference);
  await expect(
    finalizer(cluster.client, '', await read(), recording().callbacks),
  ).rejects.toMatchObject({
    step: 'invalid',
  });
});

test('an object without a resourceVersion (not read from the API server) is refused before any write', async () => {
  cluster.server.create(reference);
  cluster.server.clearRequests();
  const unread: V1ConfigMap = { ...reference };
  await expect(
    finalizer(cluster.client, name, unread, recording().callbacks),
  ).rejects.toMatchObject({
    step: 'invalid',
  });
  expect(cluster.server.requests()).toEqual([]);
});
