import { jest } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KubeObject } from '@rxkube/store';
import { FakeApiServer } from '@rxkube/testing';
import { buildWebBundle } from '../build/webBundle.js';
import { ClusterSimulation } from '../cluster/clusterSimulation.js';
import { TrackedInformers } from '../informers/trackedInformers.js';
import { launchChromium, type Browser } from '../testing/browser.testing.js';
import { createPod, deletePod, movePod } from '../testing/pods.testing.js';
import { startDashboardServer, type DashboardServer } from './dashboardServer.js';
import { projectPod } from './feedProjection.js';
import { ResourceFeed } from './resourceFeed.js';

jest.setTimeout(90_000);

// Every run keeps its picture as an artifact; the README's copy changes only on request, so
// running the tests leaves the work tree clean.
const screenshot = fileURLToPath(
  new URL(
    process.env['UPDATE_SCREENSHOTS']
      ? '../../docs/dashboard.png'
      : '../../test-artifacts/dashboard.png',
    import.meta.url,
  ),
);
let webRoot: string;
let server: FakeApiServer;
let simulation: ClusterSimulation;
let informers: TrackedInformers;
let feed: ResourceFeed;
let dashboard: DashboardServer;
let browser: Browser;
/** What beforeEach has started, undone in reverse order whatever failed. */
let cleanups: Array<() => unknown> = [];

beforeAll(async () => {
  webRoot = await buildWebBundle(mkdtempSync(join(tmpdir(), 'rxkube-web-')));
});

afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

beforeEach(async () => {
  cleanups = [];
  // The browser first: when it cannot start, nothing was started that could keep Jest alive.
  browser = await launchChromium();
  cleanups.push(() => browser.close());
  server = await FakeApiServer.start({ bookmarkIntervalMs: 1000 });
  cleanups.push(() => server.stop());
  simulation = new ClusterSimulation(server, { seed: 7, backdate: () => {} });
  simulation.populate();
  informers = new TrackedInformers(server.kubeConfig());
  cleanups.push(() => informers.shutdown());
  const { informer, tracker } = informers.informerFor<KubeObject>({
    version: 'v1',
    plural: 'pods',
  });
  await informer.waitForCacheSync();
  feed = new ResourceFeed(informer, tracker, { statusThrottleMs: 100, project: projectPod });
  cleanups.push(() => feed.close());
  dashboard = await startDashboardServer({
    port: 0,
    webRoot,
    feeds: { pods: feed },
    info: { cluster: 'test', banner: `fake API server · ${server.url}`, feeds: ['pods'] },
  });
  cleanups.push(() => dashboard.close());
});

afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Keys of the pods the server has now, sorted. */
function serverPods(): string[] {
  return server
    .list('v1', 'Pod')
    .map((p) => `${p.metadata.namespace}/${p.metadata.name}`)
    .sort();
}

/** Keys of the table's rows, in page order. */
async function tableKeys(): Promise<string[]> {
  return browser.page.$$eval('#pods tbody tr', (rows) =>
    rows.map((r) => (r as HTMLElement).dataset['key'] ?? ''),
  );
}

async function waitForTable(keys: string[]): Promise<void> {
  await browser.page.waitForFunction(
    (expected) =>
      JSON.stringify(
        Array.from(
          document.querySelectorAll<HTMLElement>('#pods tbody tr'),
          (r) => r.dataset['key'],
        ),
      ) === JSON.stringify(expected),
    keys,
  );
}

const count = (selector: string): Promise<string> =>
  browser.page.$eval(selector, (el) => el.textContent ?? '');

describe('the dashboard in Chromium', () => {
  it('shows the pods, counts and events, and follows changes made on the server', async () => {
    const { page } = browser;
    await page.goto(dashboard.url);
    await waitForTable(serverPods());
    await page.waitForSelector('#link[data-state="live"]');
    expect(await page.$eval('#banner', (el) => (el as HTMLElement).hidden)).toBe(true);
    expect(await count('#cluster')).toContain('fake API server');

    // A known sequence of changes on the API server.
    createPod(server, 'e2e', 'web-1', 'unscheduled');
    createPod(server, 'e2e', 'web-2', 'running');
    await page.waitForSelector('tr[data-key="e2e/web-2"]');
    movePod(server, 'e2e', 'web-1', 'running');
    deletePod(server, 'e2e', 'web-2');
    for (let i = 0; i < 6; i += 1) simulation.tick();

    await waitForTable(serverPods());
    expect(await count('tr[data-key="e2e/web-1"] .col-status')).toBe('Running');
    await page.waitForSelector('.feed-item[data-type="delete"][data-key="e2e/web-2"]');
    await page.waitForSelector('.feed-item[data-type="add"][data-key="e2e/web-1"]');
    await page.waitForSelector('.feed-item[data-type="update"][data-key="e2e/web-1"]');
    expect(
      await count('.feed-item[data-key="e2e/web-1"][data-type="update"] .feed-detail'),
    ).toMatch(/Pending→Running|ContainerCreating→Running/);

    // Counts: per phase from the phase index, per namespace from the namespace index.
    const pods = server.list('v1', 'Pod');
    const running = pods.filter((p) => (p['status'] as { phase?: string }).phase === 'Running');
    await page.waitForFunction(
      ([total, run]) =>
        document.querySelector('[data-phase-count="total"] .card-value')?.textContent ===
          String(total) &&
        document.querySelector('[data-phase-count="Running"] .card-value')?.textContent ===
          String(run),
      [pods.length, running.length],
    );
    expect(await count('li[data-namespace="e2e"] .count')).toBe('1');
    const shop = pods.filter((p) => p.metadata.namespace === 'shop').length;
    expect(await count('li[data-namespace="shop"] .count')).toBe(String(shop));

    // The filter narrows the table to matching rows.
    await page.fill('#filter', 'e2e');
    await waitForTable(['e2e/web-1']);
    await page.fill('#filter', '');

    // Let the chart gather a few samples while the cluster moves, then keep a picture.
    for (let i = 0; i < 12; i += 1) {
      simulation.tick();
      await page.waitForTimeout(400);
    }
    await waitForTable(serverPods());
    await page.screenshot({ path: screenshot });
    expect(browser.errors).toEqual([]);
  });

  it('recovers after the SSE link is cut, without losing or duplicating rows', async () => {
    const { page } = browser;
    await page.goto(dashboard.url);
    await waitForTable(serverPods());
    await page.waitForSelector('#link[data-state="live"]');
    expect(dashboard.stats).toEqual({ snapshots: 1, resumed: 0, overflowed: 0 });

    // Cut the link and refuse reconnections for a while; change the cluster meanwhile.
    dashboard.dropStreams(2_000);
    await page.waitForSelector('#banner[data-state="link-down"]');
    createPod(server, 'e2e', 'during-1', 'running');
    createPod(server, 'e2e', 'during-2', 'unscheduled');
    for (let i = 0; i < 10; i += 1) simulation.tick();
    const removed = serverPods().find((k) => k.startsWith('shop/'));
    if (removed !== undefined) deletePod(server, 'shop', removed.slice('shop/'.length));

    await page.waitForSelector('#link[data-state="live"]');
    await waitForTable(serverPods());
    const keys = await tableKeys();
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('e2e/during-1');
    expect(keys).not.toContain(removed);
    expect(await page.$eval('#banner', (el) => (el as HTMLElement).hidden)).toBe(true);
    // It resumed from its last event id: the missed changes were replayed, no new snapshot.
    expect(dashboard.stats.snapshots).toBe(1);
    expect(dashboard.stats.resumed).toBeGreaterThanOrEqual(1);
    // The cut link and the refused reconnections are logged as network errors, and only they.
    expect(browser.errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
  });
});
