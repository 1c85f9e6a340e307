import { CoreV1Api, type V1ConfigMap, type V1Namespace } from '@kubernetes/client-node';
import { eventually } from '@rxkube/devkit';
import { FakeApiServer } from '@rxkube/testing';
import { controllerOwnerOf } from '../reconcile/ownerMapping.js';
import { AlreadyOwnedError, OwnerReferenceError } from './errors.js';
import { setControllerReference } from './setControllerReference.js';
import { setOwnerReference } from './setOwnerReference.js';

let server: FakeApiServer;
let core: CoreV1Api;
beforeEach(async () => {
  server = await FakeApiServer.start();
  core = server.kubeConfig().makeApiClient(CoreV1Api);
});
afterEach(() => server.stop());

const configMapKind = { apiVersion: 'v1', kind: 'ConfigMap' };

async function configMap(name: string, namespace = 'default'): Promise<V1ConfigMap> {
  return core.createNamespacedConfigMap({ namespace, body: { metadata: { name } } });
}

test('setControllerReference writes a controller reference that owns maps back and the garbage collector follows', async () => {
  const owner = await configMap('app');
  const owned = setControllerReference(
    owner,
    { metadata: { name: 'app-data', namespace: 'default' } } as V1ConfigMap,
    configMapKind,
  );
  const stored = await core.createNamespacedConfigMap({ namespace: 'default', body: owned });

  expect(stored.metadata?.ownerReferences).toEqual([
    {
      ...configMapKind,
      name: 'app',
      uid: owner.metadata?.uid,
      controller: true,
      blockOwnerDeletion: true,
    },
  ]);
  expect([...controllerOwnerOf(configMapKind)(stored)]).toEqual([
    { namespace: 'default', name: 'app' },
  ]);
  await core.deleteNamespacedConfigMap({ name: 'app', namespace: 'default' });
  await eventually(
    () => server.get({ ...configMapKind, namespace: 'default', name: 'app-data' }) === undefined,
  );
});

test('setting the same controller again updates the reference in place', async () => {
  const owner = await configMap('app');
  const owned: V1ConfigMap = { metadata: { name: 'x', namespace: 'default' } };
  setControllerReference(owner, owned, configMapKind);
  // The owner as another version of its group names it: still the same owner.
  setControllerReference(owner, owned, { apiVersion: 'v1beta1', kind: 'ConfigMap' });
  expect(owned.metadata?.ownerReferences).toHaveLength(1);
  expect(owned.metadata?.ownerReferences?.[0]?.apiVersion).toBe('v1beta1');
});

test('a second controller owner is refused with AlreadyOwnedError, and the object is left alone', async () => {
  const first = await configMap('first');
  const second = await configMap('second');
  const owned: V1ConfigMap = { metadata: { name: 'x', namespace: 'default' } };
  setControllerReference(first, owned, configMapKind);
  const before = structuredClone(owned);
  const error = (() => {
    try {
      setControllerReference(second, owned, configMapKind);
    } catch (caught: unknown) {
      return caught;
    }
    return undefined;
  })();
  expect(error).toBeInstanceOf(AlreadyOwnedError);
  expect((error as AlreadyOwnedError).owner.name).toBe('first');
  expect(owned).toEqual(before);
  // A plain owner reference beside the controller is fine.
  setOwnerReference(second, owned, configMapKind);
  expect(owned.metadata?.ownerReferences?.map((ref) => [ref.name, ref.controller])).toEqual([
    ['first', true],
    ['second', undefined],
  ]);
});

test('a namespaced owner of a cluster-scoped object is refused', async () => {
  const owner = await configMap('app');
  const namespace: V1Namespace = { metadata: { name: 'tenant' } };
  for (const set of [setControllerReference, setOwnerReference])
    expect(() => set(owner, namespace, configMapKind)).toThrow(
      expect.objectContaining({
        constructor: OwnerReferenceError,
        problem: 'namespacedOwnerOfClusterScopedObject',
      }) as Error,
    );
  expect(namespace.metadata?.ownerReferences).toBeUndefined();
});

test('an owner in another namespace is refused; a cluster-scoped owner may own anything', async () => {
  const owner = await configMap('app', 'a');
  const elsewhere: V1ConfigMap = { metadata: { name: 'x', namespace: 'b' } };
  expect(() => setControllerReference(owner, elsewhere, configMapKind)).toThrow(
    expect.objectContaining({ problem: 'crossNamespace' }) as Error,
  );
  const clusterOwner = await core.createNamespace({ body: { metadata: { name: 'tenant' } } });
  setControllerReference(clusterOwner, elsewhere, { apiVersion: 'v1', kind: 'Namespace' });
  expect(elsewhere.metadata?.ownerReferences?.[0]).toMatchObject({
    kind: 'Namespace',
    name: 'tenant',
  });
});

test('an owner without a uid or a kind is refused', () => {
  const owned: V1ConfigMap = { metadata: { name: 'x', namespace: 'default' } };
  expect(() =>
    setOwnerReference({ metadata: { name: 'app', namespace: 'default' } }, owned, configMapKind),
  ).toThrow(expect.objectContaining({ problem: 'incompleteOwner' }) as Error);
  expect(() => setOwnerReference({ metadata: { name: 'app', uid: 'u' } }, owned)).toThrow(
    OwnerReferenceError,
  );
});

test('setOwnerReference keeps the controller flag of an existing reference to the same owner', async () => {
  const owner = await configMap('app');
  const owned: V1ConfigMap = { metadata: { name: 'x', namespace: 'default' } };
  setControllerReference(owner, owned, configMapKind);
  setOwnerReference(owner, owned, configMapKind);
  expect(owned.metadata?.ownerReferences).toEqual([
    expect.objectContaining({ name: 'app', controller: true, blockOwnerDeletion: true }),
  ]);
});
