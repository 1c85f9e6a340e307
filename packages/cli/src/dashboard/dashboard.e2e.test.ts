import { jest } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InformerEvent, SharedIndexInformer } from '@rxkube/informer';
import type { KubeObject } from '@rxkube/store';
import { FakeApiServer } from '@rxkube/testing';
import { BehaviorSubject, Subject } from 'rxjs';
import { buildWebBundle } from '../build/webBundle.js';
import { ClusterSimulation } from '../cluster/clusterSimulation.js';
import { TrackedInformers } from '../informers/trackedInformers.js';
import type { InformerSummary } from '../status/informerSummary.js';
import type { StatusTracker } from '../status/statusTracker.js';
import { launchChromium, type Browser } from '@rxkube/devkit';
import {
  tableRowKeys,
  waitForTableRow,
  waitForTableRows,
} from '../testSupport/dashboardPage.testing.js';
import { createPod, deletePod, movePod } from '../testSupport/pods.testing.js';
import { discoverResources } from '../resources/discovery.js';
import { startDashboardServer, type DashboardServer } from './dashboardServer.js';
import { FeedCatalog } from './feedCatalog.js';
import { projectPod } from './feedProjection.js';
import { ResourceFeed } from './resourceFeed.js';
import { AccessToken } from './accessToken.js';

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
const detailsScreenshot = screenshot.replace(/dashboard\.png$/, 'dashboard-details.png');
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

const tableKeys = (): Promise<string[]> => tableRowKeys(browser.page);
const waitForRow = (key: string): Promise<void> => waitForTableRow(browser.page, key);
const waitForTable = (keys: string[]): Promise<void> => waitForTableRows(browser.page, keys);

/** A dashboard serving every resource the API server has, each on its own feed. */
async function startCatalogDashboard(): Promise<DashboardServer> {
  const catalog = new FeedCatalog(
    server.kubeConfig(),
    await discoverResources(server.kubeConfig()),
    { feed: { statusThrottleMs: 100 } },
  );
  cleanups.push(() => catalog.close());
  const withCatalog = await startDashboardServer({
    port: 0,
    webRoot,
    feeds: {},
    catalog,
    info: { cluster: 'test', banner: 'catalog', feeds: ['pods'], resources: catalog.listed() },
  });
  cleanups.push(() => withCatalog.close());
  return withCatalog;
}

/** Keys of the server's deployments, by namespace and name. */
function serverDeployments(): string[] {
  return server
    .list('apps/v1', 'Deployment')
    .map((d) => `${d.metadata.namespace}/${d.metadata.name}`)
    .sort();
}

/** Opens a dashboard of every resource on the pods, then picks Deployments. */
async function pickDeployments(): Promise<void> {
  const withCatalog = await startCatalogDashboard();
  await browser.page.goto(withCatalog.url);
  await waitForTable(serverPods());
  await browser.page.selectOption('#resource', 'deployments.apps');
  await waitForTable(serverDeployments());
}

const count = (selector: string): Promise<string> =>
  browser.page.$eval(selector, (el) => el.textContent ?? '');

describe('the dashboard in Chromium', () => {
  it('shows the pods, counts and events, and follows changes made on the server', async () => {
    const { page } = browser;
    const response = await page.goto(dashboard.url);
    // Nothing inline may run or style the page; it works under that (no error logged below).
    expect(response?.headers()['content-security-policy']).toMatch(/^default-src 'self'; /);
    expect(response?.headers()['content-security-policy']).not.toContain('unsafe-inline');
    await waitForTable(serverPods());
    await page.waitForSelector('#link[data-state="live"]');
    expect(await page.$eval('#banner', (el) => (el as HTMLElement).hidden)).toBe(true);
    expect(await count('#cluster')).toContain('fake API server');

    // A known sequence of changes on the API server.
    createPod(server, 'e2e', 'web-1', 'unscheduled');
    createPod(server, 'e2e', 'web-2', 'running');
    await waitForRow('e2e/web-2');
    movePod(server, 'e2e', 'web-1', 'running');
    deletePod(server, 'e2e', 'web-2');
    for (let i = 0; i < 6; i += 1) simulation.tick();

    await waitForTable(serverPods());
    // The filter narrows the table to matching rows (and brings the row into view).
    await page.fill('#filter', 'e2e');
    await waitForTable(['e2e/web-1']);
    expect(await count('tr[data-key="e2e/web-1"] .col-status')).toBe('Running');
    await page.fill('#filter', '');
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
    expect(dashboard.stats).toEqual({ snapshots: 1, resumed: 0, overflowed: 0, refused: 0 });

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

  it('shows HTML in names, namespaces, statuses and errors as text: no element made, no script run', async () => {
    // Names like these fail the API server's validation, so the pods come from a stand-in for
    // the informer: what a hostile or broken API server could send.
    const hostile = hostileSource();
    const dashboardOfHostile = await startDashboardServer({
      port: 0,
      webRoot,
      feeds: { pods: new ResourceFeed(hostile.informer, hostile.tracker, { project: projectPod }) },
      info: { cluster: 'test', banner: '<img src=z onerror=alert(0)>', feeds: ['pods'] },
    });
    cleanups.push(() => dashboardOfHostile.close());
    const { page } = browser;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const namespace = '<svg onload=alert(3)>';
    const name = '<img src=x onerror=alert(1)>';
    const reason = '<img src=y onerror=alert(2)>';
    const nodeName = '<script>alert(4)</script>';
    const pod = {
      metadata: {
        namespace,
        name,
        resourceVersion: '1',
        creationTimestamp: '2026-01-01T00:00:00Z',
      },
      spec: { nodeName, containers: [{ name: 'c' }] },
      status: { phase: 'Running', reason },
    };
    hostile.add(pod);
    await page.goto(dashboardOfHostile.url);
    const key = `${namespace}/${name}`;
    const row = `tr[data-key="${key}"]`;
    await page.waitForSelector(row);
    expect(await count(`${row} .col-name`)).toBe(name);
    expect(await count(`${row} .col-namespace`)).toBe(namespace);
    expect(await count(`${row} .col-status`)).toBe(reason);
    expect(await count(`${row} .col-node`)).toBe(nodeName);
    await page.waitForSelector(`li[data-namespace="${namespace}"]`);
    expect(await count(`li[data-namespace="${namespace}"] .ns-name`)).toBe(namespace);
    expect(await count('#cluster')).toBe('<img src=z onerror=alert(0)>');

    // A change of it reaches the event feed; its details open from the table.
    hostile.update({ ...pod, metadata: { ...pod.metadata, resourceVersion: '2' } });
    const item = `.feed-item[data-type="update"][data-key="${key}"]`;
    await page.waitForSelector(item);
    expect(await count(`${item} .feed-key`)).toBe(name);
    expect(await count(`${item} .feed-ns`)).toBe(namespace);
    await page.click(row);
    await page.waitForSelector('#details-body[data-state="loaded"]');
    expect(await count('#details-title')).toBe(key);
    expect(await count('#details-body')).toContain(`"name": "${name}"`);
    await page.keyboard.press('Escape');

    // The informer's last error, in the banner and the status bar.
    const message = '<img src=w onerror=alert(5)> connection refused';
    hostile.fail(message);
    await page.waitForSelector('#banner[data-state="cluster-down"]');
    expect(await count('#banner')).toContain(message);
    expect(await count('#statusbar')).toContain(message);
    // While the informer backs off, the page says so and since when its pods are stale.
    expect(await count('#banner')).toMatch(/reconnecting in 1[12] s \(attempt 1\)/);
    expect(await count('#banner')).toContain('stale since 14:02:10');
    expect(await count('#statusbar')).toContain('stale since 14:02:10');
    expect(await count('#statusbar')).not.toContain('synced · watching');

    expect({
      injected: await page.$$eval(
        'img, script:not([src]), [onerror], [onload]',
        (els) => els.length,
      ),
      dialogs,
      errors: browser.errors,
    }).toEqual({ injected: 0, dialogs: [], errors: [] });
  });

  it("picks Deployments from every resource, and shows a crashed pod's last termination reason and owner chain", async () => {
    const { page } = browser;
    await pickDeployments();
    expect(await page.$$eval('#pods thead th', (ths) => ths.map((th) => th.textContent))).toEqual([
      'NAMESPACE',
      'NAME',
      'READY',
      'UP-TO-DATE',
      'AVAILABLE',
      'AGE',
    ]);
    expect(await count('#table-title')).toBe('Deployment');
    await page.click('tr[data-key="shop/frontend"]');
    await page.waitForSelector('#details-body[data-state="loaded"]');
    expect(await count('#details-body .details-yaml')).toContain('kind: Deployment');
    await page.keyboard.press('Escape');

    // The simulation runs until a pod crash-loops: its container last terminated for a reason.
    const crashed = (): ReturnType<FakeApiServer['list']>[number] | undefined =>
      server.list('v1', 'Pod').find((p) => {
        const statuses = (
          p as { status?: { containerStatuses?: { state?: { waiting?: { reason?: string } } }[] } }
        ).status?.containerStatuses;
        return statuses?.[0]?.state?.waiting?.reason === 'CrashLoopBackOff';
      });
    for (let step = 0; step < 5_000 && crashed() === undefined; step += 1) simulation.tick();
    const pod = crashed();
    if (pod === undefined) throw new Error('no pod crashed');
    const key = `${pod.metadata.namespace}/${pod.metadata.name}`;
    const replicaSet = pod.metadata.ownerReferences?.[0]?.name ?? '';
    const deployment = server
      .list('apps/v1', 'ReplicaSet')
      .find((rs) => rs.metadata.name === replicaSet)?.metadata.ownerReferences?.[0]?.name;
    await page.selectOption('#resource', 'pods');
    // The table draws only the rows in view: the filter brings the pod's row into it.
    await page.fill('#filter', key.slice(key.indexOf('/') + 1));
    await waitForTable([key]);
    await page.waitForFunction(
      (k) =>
        document.querySelector(`#pods tr[data-key="${k}"] .col-status`)?.textContent ===
        'CrashLoopBackOff',
      key,
    );
    await page.click(`#pods tr[data-key="${key}"]`);
    await page.waitForSelector('#details-body[data-state="loaded"]');
    expect(await count('#details-title')).toBe(key);
    expect(await count('#details-body .last-termination')).toMatch(
      / · last terminated: (OOMKilled \(exit code 137\)|Error \(exit code 1\))$/,
    );
    expect(await count('#details-body .owner-chain')).toBe(
      `Pod → ReplicaSet ${replicaSet} → Deployment ${deployment}`,
    );
    expect(await count('#details-body .details-list .event')).toContain('BackOff');
    await page.screenshot({ path: detailsScreenshot });
    expect(browser.errors).toEqual([]);
  });

  it('keeps the picked resource, its sort and its filter in the URL: a reload shows the same Deployments', async () => {
    const { page } = browser;
    await pickDeployments();
    // The pods' counts and trends are out of sight while deployments are shown.
    expect(await page.isHidden('.overview')).toBe(true);
    expect(await page.isHidden('.chart-panel')).toBe(true);
    await page.click('th[data-column="name"] button');
    await page.click('th[data-column="name"] button');
    await page.fill('#filter', 'shop');
    // By name, Z to A (ties by namespace), of those with `shop` in a cell.
    const name = (key: string): string => key.slice(key.indexOf('/') + 1);
    const expected = serverDeployments()
      .filter((key) => key.replace('/', ' ').includes('shop'))
      .sort((a, b) => name(b).localeCompare(name(a), 'en', { numeric: true }));
    expect(expected.length).toBeGreaterThan(1);
    await waitForTable(expected);
    expect(new URL(page.url()).search).toBe('?resource=deployments.apps&filter=shop&sort=-name');

    await page.reload();
    await waitForTable(expected);
    expect({
      picked: await page.$eval('#resource', (el) => (el as HTMLSelectElement).value),
      title: await count('#table-title'),
      filter: await page.$eval('#filter', (el) => (el as HTMLInputElement).value),
      sort: await page.getAttribute('th[data-column="name"]', 'aria-sort'),
      countsHidden: await page.isHidden('.overview'),
    }).toEqual({
      picked: 'deployments.apps',
      title: 'Deployment',
      filter: 'shop',
      sort: 'descending',
      countsHidden: true,
    });

    // Back to pods: the counts return, and the pods start in their default order.
    await page.selectOption('#resource', 'pods');
    await waitForTable(serverPods().filter((key) => key.replace('/', ' ').includes('shop')));
    expect(await page.isHidden('.overview')).toBe(false);
    expect(new URL(page.url()).search).toBe('?resource=pods&filter=shop');
    expect(browser.errors).toEqual([]);
  });

  it('opened with its access token, the page keeps working on a cookie and drops the token from its URL', async () => {
    const token = new AccessToken();
    const guarded = await startDashboardServer({
      port: 0,
      webRoot,
      feeds: { pods: feed },
      info: { cluster: 'test', banner: 'guarded', feeds: ['pods'] },
      token,
    });
    cleanups.push(() => guarded.close());
    const { page, context } = browser;
    await page.goto(`${guarded.url}?token=${token.value}`);
    await waitForTable(serverPods());
    await page.waitForSelector('#link[data-state="live"]');
    expect(page.url()).toBe(`${guarded.url}?resource=pods`);
    const cookies = await context.cookies(guarded.url);
    expect(cookies.map((c) => [c.name, c.httpOnly, c.sameSite])).toEqual([
      [AccessToken.cookieName(Number(new URL(guarded.url).port)), true, 'Strict'],
    ]);
    // The page's scripts cannot read it.
    expect(await page.evaluate(() => document.cookie)).toBe('');

    // Reloaded without the token: the cookie carries it, details and feed included.
    createPod(server, 'e2e', 'after-reload', 'running');
    await page.reload();
    await waitForTable(serverPods());
    await page.fill('#filter', 'after-reload');
    await page.click('tr[data-key="e2e/after-reload"]');
    await page.waitForSelector('#details-body[data-state="loaded"]');
    expect(browser.errors).toEqual([]);
  });
});

/**
 * A stand-in for the pod informer and its status tracker that delivers any object, valid or not,
 * as a hostile API server could: `add`/`update` send events, `fail` a status with an error.
 */
function hostileSource(): {
  informer: SharedIndexInformer<KubeObject>;
  tracker: StatusTracker;
  add(pod: KubeObject): void;
  update(pod: KubeObject): void;
  fail(message: string): void;
} {
  const events = new Subject<InformerEvent<KubeObject>>();
  const objects = new Map<string, KubeObject>();
  const status: InformerSummary = {
    resource: 'pods',
    hasSynced: true,
    phase: 'watching',
    listPages: 1,
    listItems: 0,
    objects: 0,
    resourceVersion: '1',
    eventsPerSecond: 0,
    reconnects: 0,
    relists: 0,
    failures: 0,
  };
  const status$ = new BehaviorSubject(status);
  const keep = (pod: KubeObject): void =>
    void objects.set(`${pod.metadata?.namespace}/${pod.metadata?.name}`, pod);
  return {
    // Only what ResourceFeed reads of them.
    informer: {
      handle: () => events,
      getStore: () => ({ getByKey: (key: string) => objects.get(key) }),
    } as unknown as SharedIndexInformer<KubeObject>,
    tracker: { status, status$ } as unknown as StatusTracker,
    add(pod) {
      keep(pod);
      events.next({ type: 'add', object: pod, isInInitialList: false });
    },
    update(pod) {
      const oldObject = objects.get(`${pod.metadata?.namespace}/${pod.metadata?.name}`)!;
      keep(pod);
      events.next({ type: 'update', object: pod, oldObject, isInInitialList: false });
    },
    fail(message) {
      status$.next({
        ...status,
        phase: 'backingOff',
        retryAt: Date.now() + 12_000,
        staleSince: new Date(2026, 0, 1, 14, 2, 10).getTime(),
        failures: 1,
        lastError: { message, at: Date.now() },
      });
    },
  };
}
