import { FakeApiServer } from '@rxkube/testing';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { discoverResources } from '../resources/discovery.js';
import { httpGet } from '../testSupport/http.testing.js';
import { startDashboardServer, type DashboardServer } from './dashboardServer.js';
import { FeedCatalog } from './feedCatalog.js';
import { FeedOpenThrottled } from './feedOpenRate.js';

// Every feed the catalog opens is a cluster-wide list and watch. However many requests name
// however many resources, new feeds open at a bounded rate (a burst, then one per interval, on
// an injected clock here); past it the dashboard answers 503 with Retry-After.

let api: FakeApiServer;
let catalog: FeedCatalog | undefined;
let dashboard: DashboardServer | undefined;
let webRoot: string | undefined;
let clock = 0;

beforeEach(async () => {
  api = await FakeApiServer.start({ bookmarkIntervalMs: 1000 });
  clock = 1_000_000;
});

afterEach(async () => {
  await dashboard?.close();
  dashboard = undefined;
  catalog?.close();
  catalog = undefined;
  if (webRoot !== undefined) rmSync(webRoot, { recursive: true, force: true });
  webRoot = undefined;
  await api.stop();
});

async function openCatalog(maxFeeds = 12): Promise<FeedCatalog> {
  const resources = await discoverResources(api.kubeConfig());
  catalog = new FeedCatalog(api.kubeConfig(), resources, {
    maxFeeds,
    openRate: { burst: 2, intervalMs: 1_000, now: () => clock },
  });
  return catalog;
}

/** Feeds opened (informers started) while `run` runs: names that newly appear as open. */
function opened(c: FeedCatalog, run: () => void): number {
  let count = 0;
  const before = new Set(c.openFeeds);
  const track = () => {
    for (const name of c.openFeeds) if (!before.has(name)) count += 1;
    before.clear();
    for (const name of c.openFeeds) before.add(name);
  };
  run();
  track();
  return count;
}

const thirteen = [
  'deployments.apps',
  'replicasets.apps',
  'statefulsets.apps',
  'daemonsets.apps',
  'jobs.batch',
  'cronjobs.batch',
  'services',
  'configmaps',
  'namespaces',
  'nodes',
  'events',
  'serviceaccounts',
  'persistentvolumeclaims',
];

it('opens a burst of new feeds, then one per interval; open feeds are never limited', async () => {
  const c = await openCatalog();
  expect(c.openFeeds).toEqual(['pods']); // pinned, not counted
  c.feed('deployments.apps');
  c.feed('services');
  let refusal: unknown;
  try {
    c.feed('configmaps');
  } catch (err) {
    refusal = err;
  }
  expect(refusal).toBeInstanceOf(FeedOpenThrottled);
  expect((refusal as FeedOpenThrottled).retryAfterSeconds).toBe(1);
  expect(c.openFeeds.sort()).toEqual(['deployments.apps', 'pods', 'services']);
  // Feeds already open are served whatever the rate.
  expect(c.feed('services')).toBeDefined();
  expect(c.feed('pods')).toBeDefined();
  clock += 999;
  expect(() => c.feed('configmaps')).toThrow(FeedOpenThrottled);
  clock += 1;
  expect(c.feed('configmaps')).toBeDefined();
  expect(() => c.feed('nodes')).toThrow(FeedOpenThrottled);
});

it('39 requests over 13 resources (feeds evicted and reopened) open only the burst', async () => {
  const c = await openCatalog(4);
  const count = opened(c, () => {
    for (let round = 0; round < 3; round += 1) {
      for (const name of thirteen) {
        try {
          c.feed(name);
        } catch (err) {
          if (!(err instanceof FeedOpenThrottled)) throw err;
        }
      }
    }
  });
  expect(count).toBe(2);
  // A minute later, 60 intervals: the bucket holds its burst again, no more.
  clock += 60_000;
  const later = opened(c, () => {
    for (const name of thirteen) {
      try {
        c.feed(name);
      } catch (err) {
        if (!(err instanceof FeedOpenThrottled)) throw err;
      }
    }
  });
  expect(later).toBe(2);
});

it('the dashboard answers a feed or an object past the rate with 503 and Retry-After', async () => {
  const c = await openCatalog();
  webRoot = mkdtempSync(join(tmpdir(), 'rxkube-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>dashboard</title>');
  dashboard = await startDashboardServer({
    port: 0,
    webRoot,
    feeds: {},
    catalog: c,
    info: { cluster: 'test', banner: '', feeds: ['pods'], resources: c.listed() },
  });
  expect((await httpGet(dashboard.url, '/api/objects/services/shop/x')).status).toBe(404);
  expect((await httpGet(dashboard.url, '/api/objects/configmaps/shop/x')).status).toBe(404);
  for (const path of ['/api/objects/nodes/x', '/api/details/nodes/x', '/api/feeds/nodes']) {
    const answer = await httpGet(dashboard.url, path);
    expect([path, answer.status, answer.headers['retry-after']]).toEqual([path, 503, '1']);
  }
  expect(c.openFeeds.sort()).toEqual(['configmaps', 'pods', 'services']);
  // Open feeds are still served.
  expect((await httpGet(dashboard.url, '/api/objects/services/shop/x')).status).toBe(404);
});
