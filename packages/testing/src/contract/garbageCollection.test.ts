import type { KubeObject, OwnerReference } from '../api/types.js';
import { pod, serverPerTest } from './rawClient.testing.js';

const fx = serverPerTest();

const rsPath = '/apis/apps/v1/namespaces/test/replicasets';
const podsPath = '/api/v1/namespaces/test/pods';
const podRef = (name: string) => ({ apiVersion: 'v1', kind: 'Pod', namespace: 'test', name });
const rsRef = { apiVersion: 'apps/v1', kind: 'ReplicaSet', namespace: 'test', name: 'web' };

function ownerRef(owner: KubeObject, blockOwnerDeletion?: boolean): OwnerReference {
  return {
    apiVersion: owner.apiVersion ?? '',
    kind: owner.kind ?? '',
    name: owner.metadata.name ?? '',
    uid: owner.metadata.uid ?? '',
    controller: true,
    ...(blockOwnerDeletion === undefined ? {} : { blockOwnerDeletion }),
  };
}

function replicaSetWithPods(names: string[], blockOwnerDeletion?: boolean): KubeObject {
  const rs = fx.server.create<KubeObject>({
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name: 'web', namespace: 'test' },
    spec: {},
  });
  for (const name of names) {
    const dependent = pod('test', name);
    dependent.metadata.ownerReferences = [ownerRef(rs, blockOwnerDeletion)];
    fx.server.create(dependent);
  }
  return rs;
}

/** Every event since `rv` on pods and replicasets, by resourceVersion (one global order). */
async function eventsSince(rv: string, count: { pods: number; rs: number }) {
  const all = [];
  for (const [path, n] of [
    [podsPath, count.pods],
    [rsPath, count.rs],
  ] as const) {
    const watch = await fx.client.watch(`${path}?watch=1&resourceVersion=${rv}`);
    const lines = await watch.take(n);
    watch.close();
    for (const line of lines) {
      if ('type' in line) {
        all.push({
          type: line.type,
          kind: line.object.kind as string,
          name: line.object.metadata.name as string,
          rv: Number(line.object.metadata.resourceVersion),
        });
      }
    }
  }
  return all.sort((a, b) => a.rv - b.rv).map(({ type, kind, name }) => `${type} ${kind}/${name}`);
}

test('Background (the default): the owner is gone at once, its dependents after it', async () => {
  replicaSetWithPods(['a', 'b']);
  const start = fx.server.resourceVersion;
  const res = await fx.client.request('DELETE', `${rsPath}/web`);
  expect(res.status).toBe(200);
  expect(fx.server.list('v1', 'Pod')).toEqual([]);
  expect(await eventsSince(start, { pods: 2, rs: 1 })).toEqual([
    'DELETED ReplicaSet/web',
    'DELETED Pod/a',
    'DELETED Pod/b',
  ]);
});

test('a dependent with another owner that still exists only loses the reference', async () => {
  const rs = replicaSetWithPods([]);
  const other = fx.server.create<KubeObject>({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'keeper', namespace: 'test' },
  });
  const shared = pod('test', 'shared');
  shared.metadata.ownerReferences = [ownerRef(rs), { ...ownerRef(other), controller: false }];
  fx.server.create(shared);
  fx.server.delete(rsRef);
  expect(fx.server.get(podRef('shared'))?.metadata.ownerReferences).toEqual([
    { ...ownerRef(other), controller: false },
  ]);
});

test('Foreground: the owner waits, marked, until the dependents that block it are gone', async () => {
  replicaSetWithPods(['a'], true);
  const held = pod('test', 'held');
  const rs = fx.server.get<KubeObject>(rsRef)!;
  held.metadata.ownerReferences = [ownerRef(rs, true)];
  held.metadata.finalizers = ['example.com/drain'];
  fx.server.create(held);
  const start = fx.server.resourceVersion;

  const res = await fx.client.request('DELETE', `${rsPath}/web`, {
    propagationPolicy: 'Foreground',
  });
  expect(res.status).toBe(200);
  const owner = fx.server.get<KubeObject>(rsRef);
  expect(owner?.metadata.finalizers).toEqual(['foregroundDeletion']);
  expect(owner?.metadata.deletionTimestamp).toBeDefined();
  expect(fx.server.get(podRef('a'))).toBeUndefined();
  expect(fx.server.get(podRef('held'))?.metadata.deletionTimestamp).toBeDefined();

  // The blocking dependent's finalizer goes: it is deleted, then so is its owner.
  fx.server.patch(podRef('held'), (p) => {
    delete p.metadata.finalizers;
  });
  expect(fx.server.get(rsRef)).toBeUndefined();
  expect(await eventsSince(start, { pods: 3, rs: 2 })).toEqual([
    'MODIFIED ReplicaSet/web',
    'DELETED Pod/a',
    'MODIFIED Pod/held',
    'DELETED Pod/held',
    'DELETED ReplicaSet/web',
  ]);
});

test('Foreground does not wait for dependents without blockOwnerDeletion', async () => {
  const rs = replicaSetWithPods([]);
  const lingering = pod('test', 'lingering');
  lingering.metadata.ownerReferences = [ownerRef(rs)];
  lingering.metadata.finalizers = ['example.com/drain'];
  fx.server.create(lingering);
  fx.server.delete(rsRef, { propagationPolicy: 'Foreground' });
  expect(fx.server.get(rsRef)).toBeUndefined();
  expect(fx.server.get(podRef('lingering'))?.metadata.deletionTimestamp).toBeDefined();
});

test('Orphan: dependents are kept without their reference to the deleted owner', async () => {
  replicaSetWithPods(['a', 'b']);
  const res = await fx.client.request('DELETE', `${rsPath}/web?propagationPolicy=Orphan`);
  expect(res.status).toBe(200);
  expect(fx.server.get(rsRef)).toBeUndefined();
  const pods = fx.server.list('v1', 'Pod');
  expect(pods.map((p) => p.metadata.name)).toEqual(['a', 'b']);
  expect(pods.map((p) => p.metadata.ownerReferences)).toEqual([undefined, undefined]);
});

test('the deprecated orphanDependents option maps to Orphan', async () => {
  replicaSetWithPods(['a']);
  await fx.client.request('DELETE', `${rsPath}/web`, { orphanDependents: true });
  expect(fx.server.get(podRef('a'))?.metadata.ownerReferences).toBeUndefined();
});

test.each(['Background', 'Foreground'] as const)(
  '%s collection cascades down several levels',
  (propagationPolicy) => {
    const deployment = fx.server.create<KubeObject>({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', namespace: 'test' },
      spec: {},
    });
    const rs = fx.server.create<KubeObject>({
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: { name: 'web', namespace: 'test', ownerReferences: [ownerRef(deployment, true)] },
      spec: {},
    });
    const dependent = pod('test', 'a');
    dependent.metadata.ownerReferences = [ownerRef(rs, true)];
    fx.server.create(dependent);
    fx.server.delete(
      { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'test', name: 'web' },
      { propagationPolicy },
    );
    expect(fx.server.list('apps/v1', 'Deployment')).toEqual([]);
    expect(fx.server.list('apps/v1', 'ReplicaSet')).toEqual([]);
    expect(fx.server.list('v1', 'Pod')).toEqual([]);
  },
);
