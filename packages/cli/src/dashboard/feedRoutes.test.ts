import { tmpdir } from 'node:os';
import { discoverResources } from '../resources/discovery.js';
import {
  startDashboardUnderTest,
  type DashboardUnderTest,
} from '../testSupport/dashboard.testing.js';
import { httpGet } from '../testSupport/http.testing.js';
import { createPod } from '../testSupport/pods.testing.js';
import { startDashboardServer } from './dashboardServer.js';
import { FeedCatalog } from './feedCatalog.js';

// The dashboard's routes to feeds and details, by resource name, over real HTTP.

let running: DashboardUnderTest | undefined;
let catalog: FeedCatalog | undefined;

afterEach(async () => {
  catalog?.close();
  await running?.stop();
  running = catalog = undefined;
});

describe('feed and detail routes', () => {
  it('names no feed by an inherited property name: /api/feeds/constructor is 404', async () => {
    running = await startDashboardUnderTest();
    const url = running.dashboard.url;
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect([name, (await httpGet(url, `/api/feeds/${name}`)).status]).toEqual([name, 404]);
      expect([name, (await httpGet(url, `/api/objects/${name}/a/b`)).status]).toEqual([name, 404]);
    }
  });

  it("serves any resource's feed and details by its qualified name, and 503 past the bound", async () => {
    running = await startDashboardUnderTest({
      populate: (api) => void createPod(api, 'shop', 'web-1'),
    });
    const kubeConfig = running.api.kubeConfig();
    catalog = new FeedCatalog(kubeConfig, await discoverResources(kubeConfig), { maxFeeds: 2 });
    const server = await startDashboardServer({
      port: 0,
      webRoot: tmpdir(), // no page is asked for
      feeds: {},
      catalog,
      info: { cluster: 'test', banner: 'test', feeds: ['pods'] },
    });
    try {
      const details = await httpGet(server.url, '/api/details/pods/shop/web-1');
      expect(details.status).toBe(200);
      expect((JSON.parse(details.body) as { yaml: string }).yaml).toContain('name: web-1');
      expect((await httpGet(server.url, '/api/details/pods/shop/none')).status).toBe(404);
      expect((await httpGet(server.url, '/api/details/no.such.thing/x')).status).toBe(404);
      // pods (pinned) and events (read by the details) are open: the bound of 2 is reached;
      // events is idle, so it goes for deployments, and a browser on that one keeps it.
      const reader = catalog.feed('deployments.apps')?.connect(undefined, () => {});
      expect(catalog.openFeeds.sort()).toEqual(['deployments.apps', 'pods']);
      const refused = await httpGet(server.url, '/api/feeds/services');
      expect([refused.status, refused.headers['retry-after']]).toEqual([503, '5']);
      reader?.close();
    } finally {
      await server.close();
    }
  });
});
