import { jest } from '@jest/globals';
import { ApiextensionsV1Api, type V1CustomResourceDefinition } from '@kubernetes/client-node';
import { eventually } from '@rxkube/devkit';
import { DeletedFinalStateUnknown } from '@rxkube/store';
import { FakeApiServer, customResourceDefinitionManifest, type KubeObject } from '@rxkube/testing';
import { listerWatcher } from './clientNode/clientNodeListerWatcher.js';
import type { InformerError } from './errors.js';
import type { InformerEvent } from './eventHandler.js';
import { fetchListerWatcher } from './fetch/fetchListerWatcher.js';
import type { GroupVersionResource } from './http/resourcePath.js';
import type { ListerWatcher } from './listerWatcher.js';
import { silentLogger } from './logger.js';
import { SharedIndexInformer } from './sharedIndexInformer.js';

// An informer on a custom resource, end to end over real HTTP: the CRD is created through the
// API (client-node's ApiextensionsV1Api), then the informer lists and watches the resource it
// defines, namespaced or cluster-scoped, on either lister-watcher.
jest.setTimeout(30_000);

let server: FakeApiServer;
let informers: SharedIndexInformer<KubeObject>[];
let errors: InformerError[];

beforeEach(async () => {
  server = await FakeApiServer.start({ seed: 7 });
  informers = [];
  errors = [];
});
afterEach(async () => {
  for (const informer of informers) informer.stop();
  await eventually(
    () => server.openWatches === 0 && server.openConnections === 0,
    'sockets to close',
  );
  await server.stop();
});

type Scope = 'Namespaced' | 'Cluster';
const lwKinds = {
  'client-node': (gvr: GroupVersionResource) => listerWatcher<KubeObject>(server.kubeConfig(), gvr),
  fetch: (gvr: GroupVersionResource) =>
    fetchListerWatcher<KubeObject>(server.url, gvr, {
      headers: { Authorization: `Bearer ${server.token}` },
    }),
} satisfies Record<string, (gvr: GroupVersionResource) => ListerWatcher<KubeObject>>;

async function createCrd(plural: string, kind: string, scope: Scope): Promise<void> {
  const crd = customResourceDefinitionManifest({
    group: 'example.com',
    version: 'v1',
    plural,
    kind,
    scope,
  }) as unknown as V1CustomResourceDefinition;
  const api = server.kubeConfig().makeApiClient(ApiextensionsV1Api);
  const created = await api.createCustomResourceDefinition({ body: crd });
  expect(created.status?.conditions?.find((c) => c.type === 'Established')?.status).toBe('True');
}

function start(lw: ListerWatcher<KubeObject>): {
  informer: SharedIndexInformer<KubeObject>;
  events: string[];
} {
  const informer = new SharedIndexInformer(lw, {
    reflector: { backoff: { initialMs: 5, maxMs: 50 } },
    logger: silentLogger,
  });
  informer.errors$.subscribe((err) => errors.push(err));
  const events: string[] = [];
  informer.handle().subscribe((e: InformerEvent<KubeObject>) => {
    // A deletion seen only by a relist would come as a tombstone; none is expected here.
    const obj = e.object instanceof DeletedFinalStateUnknown ? e.object.obj : e.object;
    const spec = obj?.['spec'] as { size?: number } | undefined;
    events.push(`${e.type} ${obj?.metadata.name} ${spec?.size}`);
  });
  informers.push(informer);
  informer.start();
  return { informer, events };
}

const cases: Array<[keyof typeof lwKinds, Scope]> = [
  ['client-node', 'Namespaced'],
  ['client-node', 'Cluster'],
  ['fetch', 'Namespaced'],
  ['fetch', 'Cluster'],
];

test.each(cases)(
  '%s: an informer on a %s custom resource lists it, then follows ADDED, MODIFIED and DELETED',
  async (lwKind, scope) => {
    const namespaced = scope === 'Namespaced';
    await createCrd('widgets', 'Widget', scope);
    const ref = (name: string, namespace: string) => ({
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      name,
      ...(namespaced ? { namespace } : {}),
    });
    const widget = (name: string, namespace: string, size: number): KubeObject => ({
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      metadata: { name, ...(namespaced ? { namespace } : {}) },
      spec: { size },
    });
    server.create(widget('a', 'shop', 1));
    server.create(widget('b', 'lab', 2));

    const { informer, events } = start(
      lwKinds[lwKind]({ group: 'example.com', version: 'v1', plural: 'widgets' }),
    );
    expect(await informer.waitForCacheSync()).toBe(true);
    // Namespaced objects are keyed namespace/name, cluster-scoped ones by name alone.
    const keys = namespaced ? ['lab/b', 'shop/a'] : ['a', 'b'];
    expect(informer.getIndexer().listKeys().sort()).toEqual(keys);
    expect(informer.getIndexer().getByKey(namespaced ? 'shop/a' : 'a')?.['spec']).toEqual({
      size: 1,
    });
    await eventually(() => server.openWatches === 1, 'the watch');

    server.create(widget('c', 'shop', 3));
    server.patch(ref('a', 'shop'), (w: KubeObject) => {
      w['spec'] = { size: 10 };
    });
    server.delete(ref('b', 'lab'));
    await eventually(() => events.length === 5, 'five events');
    expect(events.slice(0, 2).sort()).toEqual(['add a 1', 'add b 2']);
    expect(events.slice(2)).toEqual(['add c 3', 'update a 10', 'delete b 2']);
    expect(informer.getIndexer().listKeys().sort()).toEqual(
      namespaced ? ['shop/a', 'shop/c'] : ['a', 'c'],
    );
    expect(errors).toEqual([]);
  },
);

test('deleting the CRD empties the cache, and the informer reports the resource gone', async () => {
  await createCrd('gizmos', 'Gizmo', 'Cluster');
  server.create({ apiVersion: 'example.com/v1', kind: 'Gizmo', metadata: { name: 'g' } });
  const { informer, events } = start(
    lwKinds['client-node']({ group: 'example.com', version: 'v1', plural: 'gizmos' }),
  );
  await informer.waitForCacheSync();
  await eventually(() => server.openWatches === 1, 'the watch');

  const api = server.kubeConfig().makeApiClient(ApiextensionsV1Api);
  await api.deleteCustomResourceDefinition({ name: 'gizmos.example.com' });
  await eventually(() => events.includes('delete g undefined'), 'the deletion');
  expect(informer.getIndexer().size).toBe(0);
  // The watch ends; the next request finds no such resource, a typed 404.
  await eventually(
    () => errors.some((e) => e.kind === 'api' && (e as { code?: number }).code === 404),
    'the 404',
  );
});
