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

// The dashboard serves the read-only API proxy under /k8s/ on its own origin, for pages that
// run an informer themselves, behind the same Host, Origin and token checks as its feeds.

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
