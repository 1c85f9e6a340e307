import type { KubeObject } from '@rxkube/store';
import { eventually } from '@rxkube/devkit';
import { ResourceAllowlist } from '../apiProxy/resourceAllowlist.js';
import { TrackedInformers } from '../informers/trackedInformers.js';
import { AccessToken } from './accessToken.js';
import { proxyKubeConfig } from '../testSupport/apiProxy.testing.js';
import { createPod } from '../testSupport/pods.testing.js';
import {
  startDashboardUnderTest,
  type DashboardUnderTest,
  type DashboardUnderTestOptions,
} from '../testSupport/dashboard.testing.js';
import { httpGet, httpRequest } from '../testSupport/http.testing.js';
import { startProxyUnderTest } from '../testSupport/apiProxy.testing.js';

// The dashboard serves the read-only API proxy under /k8s/ on its own origin, for pages that
// run an informer themselves, behind the same Host, Origin and token checks as its feeds, and
// shows there no more than its details view: every object redacted.

/** Random, so that nothing but this run's objects can hold it. */
const password = `pw-${Math.random().toString(36).slice(2)}-${Date.now()}`;

/** A pod whose env, args and annotations hold the password. */
function secretPod(api: DashboardUnderTest['api'], name: string): void {
  const pod = createPod(api, 'shop', name);
  const spec = pod['spec'] as { containers: Array<Record<string, unknown>> };
  spec.containers = spec.containers.map((c) => ({
    ...c,
    env: [{ name: 'DB_PASSWORD', value: password }],
    args: [`--password=${password}`],
  }));
  (pod.metadata as Record<string, unknown>)['annotations'] = {
    'kubectl.kubernetes.io/last-applied-configuration': JSON.stringify({ password }),
    note: `postgres://app:${password}@db/shop`,
  };
  api.update(pod);
}

let running: DashboardUnderTest | undefined;
const cleanups: Array<() => unknown> = [];

async function start(options: DashboardUnderTestOptions): Promise<DashboardUnderTest> {
  running = await startDashboardUnderTest({
    populate: (api) => void createPod(api, 'shop', 'web-1'),
    ...options,
  });
  return running;
}

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  await running?.stop();
  running = undefined;
});

test('an informer lists and watches through /k8s/ of the dashboard', async () => {
  const { api, dashboard } = await start({ apiProxy: new ResourceAllowlist() });
  const informers = new TrackedInformers(proxyKubeConfig(`${dashboard.url}k8s`));
  cleanups.push(() => informers.shutdown());
  const { informer } = informers.informerFor<KubeObject>({ version: 'v1', plural: 'pods' });
  await informer.waitForCacheSync();
  expect(
    informer
      .getIndexer()
      .list()
      .map((pod) => pod.metadata?.name),
  ).toEqual(['web-1']);
  createPod(api, 'shop', 'web-2');
  await eventually(() => informer.getIndexer().size === 2, 'the new pod');
});

test('/k8s/ answers in Status bodies: writes 405, Secrets 403, other sites 403, no proxy 404', async () => {
  const { dashboard } = await start({ apiProxy: new ResourceAllowlist() });
  const url = dashboard.url;
  const write = await httpRequest('POST', url, '/k8s/api/v1/namespaces/shop/configmaps');
  const secrets = await httpGet(url, '/k8s/api/v1/namespaces/shop/secrets');
  const otherSite = await httpGet(url, '/k8s/api/v1/pods', { Origin: 'https://attacker.example' });
  expect([write, secrets, otherSite].map((a) => [a.status, JSON.parse(a.body).reason])).toEqual([
    [405, 'MethodNotAllowed'],
    [403, 'Forbidden'],
    [403, 'Forbidden'],
  ]);
  // The dashboard's own non-GET answer is unchanged.
  expect((await httpRequest('POST', url, '/api/info')).status).toBe(405);
  await running!.stop();

  const without = await start({});
  const none = await httpGet(without.dashboard.url, '/k8s/api/v1/pods');
  expect([none.status, JSON.parse(none.body).reason]).toEqual([404, 'NotFound']);
});

test('off loopback, /k8s/ asks for the token like the feeds, and takes the page cookie', async () => {
  const token = new AccessToken();
  const { dashboard } = await start({ apiProxy: new ResourceAllowlist(), server: { token } });
  const url = dashboard.url;
  const cookie = `${AccessToken.cookieName(Number(new URL(url).port))}=${token.value}`;
  const none = await httpGet(url, '/k8s/api/v1/pods');
  expect([none.status, JSON.parse(none.body).reason]).toEqual([401, 'Unauthorized']);
  expect((await httpGet(url, '/k8s/api/v1/pods', { Cookie: cookie })).status).toBe(200);
});

test('/k8s/ redacts every object it relays: lists, gets and watch events, as the details view', async () => {
  const { api, dashboard } = await start({
    apiProxy: new ResourceAllowlist(),
    populate: (server) => {
      createPod(server, 'shop', 'web-1');
      secretPod(server, 'db-0');
    },
  });
  const url = dashboard.url;
  const list = await httpGet(url, '/k8s/api/v1/pods');
  const one = await httpGet(url, '/k8s/api/v1/namespaces/shop/pods/db-0');
  expect([list.status, one.status]).toEqual([200, 200]);
  expect(list.body + one.body).not.toContain(password);
  const pod = JSON.parse(one.body) as { spec: { containers: Array<Record<string, unknown>> } };
  expect(pod.spec.containers[0]).toMatchObject({
    env: [{ name: 'DB_PASSWORD', value: '<redacted>' }],
    args: ['--password=<redacted>'],
  });
  expect(JSON.parse(list.body).items.map((p: KubeObject) => p.metadata?.name)).toEqual([
    'db-0',
    'web-1',
  ]);

  // An informer through /k8s/: its list and the watch event of a pod made after it synced.
  const informers = new TrackedInformers(proxyKubeConfig(`${url}k8s`));
  cleanups.push(() => informers.shutdown());
  const { informer } = informers.informerFor<KubeObject>({ version: 'v1', plural: 'pods' });
  await informer.waitForCacheSync();
  secretPod(api, 'db-1');
  await eventually(() => informer.getIndexer().size === 3, 'the new pod');
  expect(JSON.stringify(informer.getIndexer().list())).not.toContain(password);
});

test('rxkube proxy, unlike /k8s/, relays objects whole', async () => {
  const proxied = await startProxyUnderTest();
  cleanups.push(() => proxied.stop());
  const pod = createPod(proxied.api, 'shop', 'db-0');
  (pod['spec'] as { containers: Array<Record<string, unknown>> }).containers[0]!['env'] = [
    { name: 'DB_PASSWORD', value: password },
  ];
  proxied.api.update(pod);
  const one = await httpGet(proxied.server.url, '/api/v1/namespaces/shop/pods/db-0');
  expect(one.body).toContain(password);
});
