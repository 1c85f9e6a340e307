import { FakeApiServer, customResourceDefinitionManifest, deeplyNested } from '@rxkube/testing';
import {
  deploymentManifest,
  eventManifest,
  podManifest,
  replicaSetManifest,
} from '../cluster/manifests.js';
import { discoverResources } from '../resources/discovery.js';
import { FeedCatalog, FeedLimitReached } from './feedCatalog.js';
import type { FeedMessage } from './feedProtocol.js';
import { tooDeep } from '../view/depthLimited.js';

let server: FakeApiServer;
let catalog: FeedCatalog | undefined;

beforeEach(async () => {
  server = await FakeApiServer.start({ bookmarkIntervalMs: 1000 });
});

afterEach(async () => {
  catalog?.close();
  catalog = undefined;
  await server.stop();
});

async function openCatalog(maxFeeds?: number, allowSecrets = false): Promise<FeedCatalog> {
  const resources = await discoverResources(server.kubeConfig());
  catalog = new FeedCatalog(server.kubeConfig(), resources, {
    ...(maxFeeds === undefined ? {} : { maxFeeds }),
    syncTimeoutMs: 10_000,
    allowSecrets,
  });
  return catalog;
}

/** The snapshot a browser connecting now gets, once the feed has synced. */
async function snapshotOf(c: FeedCatalog, name: string): Promise<FeedMessage> {
  await c.details(name, 'no/such-object'); // waits for the feed's cache to sync
  const messages: FeedMessage[] = [];
  c.feed(name)
    ?.connect(undefined, (m) => messages.push(m))
    .close();
  const snapshot = messages.find((m) => m.type === 'snapshot');
  if (snapshot === undefined) throw new Error('no snapshot');
  return snapshot;
}

describe('FeedCatalog', () => {
  it("walks a pod's owners through the caches and finds the events about it", async () => {
    const deployment = server.create(
      deploymentManifest('shop', 'web', 'web:1', 1, { existing: 1, ready: 0 }),
    );
    const ref = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      namespace: 'shop',
      name: 'web',
      uid: deployment.metadata.uid,
    };
    const rs = server.create(replicaSetManifest(ref, 'web-7d9', 1, { existing: 1, ready: 0 }));
    const pod = server.create(
      podManifest(
        {
          namespace: 'shop',
          name: 'web-7d9-abcde',
          app: 'web',
          image: 'web:1',
          owner: { kind: 'ReplicaSet', name: 'web-7d9', uid: rs.metadata.uid },
          stage: 'crashing',
          node: 'worker-1',
          ip: '10.0.0.9',
          restarts: 3,
          lastTermination: { reason: 'OOMKilled', exitCode: 137 },
        },
        new Date(),
      ),
    );
    const about = {
      apiVersion: 'v1',
      kind: 'Pod',
      namespace: 'shop',
      name: pod.metadata.name ?? '',
      uid: pod.metadata.uid,
    };
    server.create(
      eventManifest(
        'e1',
        about,
        'Warning',
        'BackOff',
        'Back-off restarting failed container',
        new Date(),
      ),
    );
    server.create(
      eventManifest(
        'e2',
        { ...about, name: 'other', uid: 'other-uid' },
        'Normal',
        'Started',
        'not this one',
        new Date(),
      ),
    );
    const c = await openCatalog();
    const details = await c.details('pods', 'shop/web-7d9-abcde');
    expect(details?.summary.owners).toEqual([
      { kind: 'ReplicaSet', name: 'web-7d9', found: true },
      { kind: 'Deployment', name: 'web', found: true },
    ]);
    expect(
      details?.summary.containers.map((x) => [x.state, x.restarts, x.lastTerminationReason]),
    ).toEqual([['waiting: CrashLoopBackOff', 3, 'OOMKilled']]);
    expect(details?.summary.events.map((e) => e.reason)).toEqual(['BackOff']);
    expect(details?.yaml).toContain('name: web-7d9-abcde');
    expect(await c.details('pods', 'shop/gone')).toBeUndefined();
  });

  it("never shows a Secret's data, in the feed or the details, even with allowSecrets", async () => {
    server.create({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 's', namespace: 'shop' },
      type: 'Opaque',
      data: { password: 'aHVudGVyMg==' },
    });
    const c = await openCatalog(undefined, true);
    const details = await c.details('secrets', 'shop/s');
    expect(details?.yaml).toContain('name: s');
    expect(JSON.stringify(details)).not.toMatch(/aHVudGVyMg|password/);
    expect(JSON.stringify(await snapshotOf(c, 'secrets'))).not.toMatch(/aHVudGVyMg|password/);
  });

  it('sends of a custom resource what its printer columns read', async () => {
    const crd = customResourceDefinitionManifest({
      group: 'example.com',
      version: 'v1',
      plural: 'widgets',
      kind: 'Widget',
    });
    const spec = crd['spec'] as { versions: Record<string, unknown>[] };
    spec.versions[0]!['additionalPrinterColumns'] = [
      { name: 'Size', type: 'integer', jsonPath: '.spec.size' },
    ];
    server.create(crd);
    server.create({
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      metadata: { name: 'w', namespace: 'shop' },
      spec: { size: 3, secretSauce: 'x' },
    });
    const c = await openCatalog();
    expect(c.listed().find((r) => r.name === 'widgets.example.com')?.printerColumns).toEqual([
      { name: 'Size', type: 'integer', jsonPath: '.spec.size' },
    ]);
    const snapshot = await snapshotOf(c, 'widgets.example.com');
    expect(snapshot.type === 'snapshot' && snapshot.objects[0]?.['spec']).toEqual({ size: 3 });
  });

  // kube-apiserver accepts 10,000 levels of nesting; JSON.stringify, a YAML dump and a
  // redacting copy all recurse and throw a RangeError at a few thousand.
  it('shows an object nested 10,000 levels deep, cut with a marker, in its details and in the feed of a column that reads it', async () => {
    const crd = customResourceDefinitionManifest({
      group: 'example.com',
      version: 'v1',
      plural: 'widgets',
      kind: 'Widget',
    });
    const spec = crd['spec'] as { versions: Record<string, unknown>[] };
    spec.versions[0]!['additionalPrinterColumns'] = [
      { name: 'Deep', type: 'string', jsonPath: '.spec.deep' },
    ];
    server.create(crd);
    server.create({
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      metadata: { name: 'w', namespace: 'shop' },
      spec: { size: 3, deep: deeplyNested(10_000, 'mixed') },
    });
    server.create({
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      metadata: { name: 'plain', namespace: 'shop' },
      spec: { deep: 'shallow' },
    });
    const c = await openCatalog();
    const details = await c.details('widgets.example.com', 'shop/w');
    expect(details?.yaml).toContain('size: 3');
    expect(details?.yaml).toContain(tooDeep);
    expect(JSON.stringify(details)).toContain(tooDeep);
    const object = c.feed('widgets.example.com')?.details('shop/w');
    expect(JSON.stringify(object)).toContain(tooDeep);
    const snapshot = await snapshotOf(c, 'widgets.example.com');
    const sent = JSON.stringify(snapshot);
    expect(sent).toContain(tooDeep);
    expect(sent).toContain('shallow');
  });

  it('keeps at most maxFeeds open: closes the least recently used one nobody reads, refuses when all are read', async () => {
    const c = await openCatalog(3); // pods (pinned) and two more
    c.feed('deployments.apps');
    c.feed('services');
    c.feed('configmaps'); // deployments.apps goes: no browser reads it
    expect(c.openFeeds.sort()).toEqual(['configmaps', 'pods', 'services']);
    const readers = ['configmaps', 'services'].map((name) =>
      c.feed(name)?.connect(undefined, () => {}),
    );
    expect(() => c.feed('nodes')).toThrow(FeedLimitReached);
    expect(c.openFeeds.sort()).toEqual(['configmaps', 'pods', 'services']);
    readers[0]?.close();
    expect(c.feed('nodes')).toBeDefined();
    expect(c.openFeeds.sort()).toEqual(['nodes', 'pods', 'services']);
    expect(c.feed('no-such-resource')).toBeUndefined();
  });
});
