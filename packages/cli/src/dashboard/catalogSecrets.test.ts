import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeApiServer } from '@rxkube/testing';
import { discoverResources } from '../resources/discovery.js';
import { httpGet } from '../testSupport/http.testing.js';
import { startDashboardServer, type DashboardServer } from './dashboardServer.js';
import { FeedCatalog, type FeedCatalogOptions } from './feedCatalog.js';

// Secrets are read by the dashboard only when `--allow-secrets` says so: without it, no path
// of the dashboard opens an informer on them.

let api: FakeApiServer;
let catalog: FeedCatalog | undefined;
let dashboard: DashboardServer | undefined;
const webRoot = mkdtempSync(join(tmpdir(), 'rxkube-web-'));

beforeEach(async () => {
  api = await FakeApiServer.start({ bookmarkIntervalMs: 1000 });
  api.create({
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { namespace: 'shop', name: 'db' },
    stringData: { password: 'hunter2-catalog' },
  });
});

afterEach(async () => {
  await dashboard?.close();
  catalog?.close();
  await api.stop();
  dashboard = undefined;
  catalog = undefined;
});

afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

async function start(options: FeedCatalogOptions): Promise<string> {
  const resources = await discoverResources(api.kubeConfig());
  catalog = new FeedCatalog(api.kubeConfig(), resources, { syncTimeoutMs: 10_000, ...options });
  dashboard = await startDashboardServer({
    port: 0,
    webRoot,
    feeds: {},
    catalog,
    info: { cluster: 'test', banner: 'test', feeds: [] },
  });
  return dashboard.url;
}

test('without allowSecrets, no dashboard path opens a Secrets informer: each answers 404', async () => {
  const url = await start({ pinned: [] });
  const paths = [
    '/api/objects/secrets/shop/db',
    '/api/details/secrets/shop/db',
    '/api/feeds/secrets',
  ];
  const answers = await Promise.all(paths.map((path) => httpGet(url, path)));
  expect(answers.map((a) => a.status)).toEqual([404, 404, 404]);
  expect(catalog!.openFeeds).toEqual([]);
  expect(catalog!.listed().map((r) => r.name)).not.toContain('secrets');
  expect(api.openWatches).toBe(0);
});

test("with allowSecrets, a Secret's details are served, without its data", async () => {
  const url = await start({ pinned: [], allowSecrets: true });
  const answer = await httpGet(url, '/api/details/secrets/shop/db');
  expect(answer.status).toBe(200);
  expect(answer.body).toContain('"name":"db"');
  expect(answer.body).not.toContain('hunter2-catalog');
  expect(answer.body).not.toContain(Buffer.from('hunter2-catalog').toString('base64'));
  expect(catalog!.openFeeds).toContain('secrets');
});
