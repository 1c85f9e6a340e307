import { jest } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, type Browser } from '@rxkube/devkit';
import type { FakeApiServer, KubeObject } from '@rxkube/testing';
import { buildWebBundle } from '../build/webBundle.js';
import { ClusterSimulation } from '../cluster/clusterSimulation.js';
import { summarizePod, type PodLike } from '../view/podStatus.js';
import { podTroubleKinds, podTroubles, type PodTrouble } from '../view/podTrouble.js';
import {
  startDashboardUnderTest,
  type DashboardUnderTest,
} from '../testSupport/dashboard.testing.js';
import {
  tableRowKeys,
  waitForTableRow,
  waitForTableRows,
} from '../testSupport/dashboardPage.testing.js';
import { createPod, movePod } from '../testSupport/pods.testing.js';

jest.setTimeout(120_000);

let webRoot: string;
let browser: Browser | undefined;
let under: DashboardUnderTest | undefined;

beforeAll(async () => {
  webRoot = await buildWebBundle(mkdtempSync(join(tmpdir(), 'rxkube-web-')));
});

afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

afterEach(async () => {
  await under?.stop();
  await browser?.close();
  under = undefined;
  browser = undefined;
});

/** Chromium, and a dashboard on the simulated cluster plus what `more` adds to it. */
async function open(
  more: (api: FakeApiServer) => void = () => {},
): Promise<{ page: Browser['page']; api: FakeApiServer; url: string }> {
  browser = await launchChromium();
  under = await startDashboardUnderTest({
    webRoot,
    populate: (api) => {
      new ClusterSimulation(api, { seed: 7, backdate: () => {} }).populate();
      more(api);
    },
  });
  return { page: browser.page, api: under.api, url: under.dashboard.url };
}

const pods = (api: FakeApiServer): KubeObject[] => api.list('v1', 'Pod');
const keyOf = (pod: KubeObject): string => `${pod.metadata.namespace}/${pod.metadata.name}`;
/** Keys in the table's default order (namespace/name). */
const keys = (list: KubeObject[]): string[] => list.map(keyOf).sort();
const restarts = (pod: KubeObject): number => summarizePod(pod as PodLike).restarts;

/** Makes a pod's container wait for a reason (an image pull failing, say). */
function waitFor(api: FakeApiServer, namespace: string, name: string, reason: string): void {
  api.patch({ apiVersion: 'v1', kind: 'Pod', namespace, name }, (obj) => {
    const status = obj['status'] as { containerStatuses: Record<string, unknown>[] };
    for (const container of status.containerStatuses) {
      container['ready'] = false;
      container['state'] = { waiting: { reason } };
    }
  });
}

/** Where screenshots go: the README's copies on request, else the test artifacts. */
function screenshotPath(name: string): string {
  const path = fileURLToPath(
    new URL(
      process.env['UPDATE_SCREENSHOTS'] ? `../../docs/${name}` : `../../test-artifacts/${name}`,
      import.meta.url,
    ),
  );
  mkdirSync(dirname(path), { recursive: true });
  return path;
}

describe('the dashboard views in Chromium', () => {
  it('puts trouble first: counts and filters crash-looping, image-pull, not-ready and pending pods', async () => {
    const { page, api, url } = await open((server) => {
      createPod(server, 'e2e', 'crash-1', 'crashing');
      createPod(server, 'e2e', 'crash-2', 'crashing');
      createPod(server, 'e2e', 'pull-1', 'running');
      waitFor(server, 'e2e', 'pull-1', 'ImagePullBackOff');
      createPod(server, 'e2e', 'waiting-1', 'unscheduled');
    });
    const inTrouble = (kind: PodTrouble): KubeObject[] =>
      pods(api).filter((p) => podTroubles(p as PodLike).includes(kind));
    const expected = Object.fromEntries(podTroubleKinds.map((k) => [k, inTrouble(k).length]));
    expect(expected['crashloop']).toBeGreaterThanOrEqual(2);
    await page.goto(url);
    await page.waitForFunction(
      (want) =>
        Object.entries(want).every(
          ([kind, n]) =>
            document.querySelector(`[data-trouble-count="${kind}"] .card-value`)?.textContent ===
            String(n),
        ),
      expected,
    );
    // Before the happy counts, and red as soon as there is one.
    expect(
      await page.evaluate(() => {
        const trouble = document.querySelector('#trouble');
        const phases = document.querySelector('#cards');
        return (
          trouble !== null &&
          phases !== null &&
          (trouble.compareDocumentPosition(phases) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
        );
      }),
    ).toBe(true);
    for (const kind of podTroubleKinds) {
      expect(await page.getAttribute(`[data-trouble-count="${kind}"]`, 'data-alert')).toBe(
        String(expected[kind]! > 0),
      );
    }
    // The trend of crash-looping pods: its own figure and scale, red, never a green "0 failed".
    await page.waitForSelector(
      `[data-series="crashloop"][data-alert="true"][data-value="${expected['crashloop']}"]`,
    );

    // Each count filters the table, and the filter goes into the URL.
    await page.click('[data-trouble-count="crashloop"]');
    await waitForTableRows(page, keys(inTrouble('crashloop')));
    expect(new URL(page.url()).searchParams.get('trouble')).toBe('crashloop');
    await page.click('[data-trouble-count="imagepull"]');
    await waitForTableRows(page, keys(inTrouble('imagepull')));
    await page.click('[data-trouble-count="imagepull"]');
    await waitForTableRows(page, keys(pods(api)));
    expect(browser?.errors).toEqual([]);
  });

  it('sorts by a header click (aria-sort) and keeps namespace, filter and sort in the URL across a reload', async () => {
    const { page, api, url } = await open((server) => {
      // Restarts that differ, so the order says whether the sort happened.
      for (const [name, count] of [
        ['cart-restarted-1', 7],
        ['cart-restarted-2', 2],
        ['x-restarted-3', 4],
      ] as const) {
        createPod(server, 'shop', name);
        server.patch({ apiVersion: 'v1', kind: 'Pod', namespace: 'shop', name }, (obj) => {
          const status = obj['status'] as { containerStatuses: Record<string, unknown>[] };
          for (const container of status.containerStatuses) container['restartCount'] = count;
        });
      }
    });
    await page.goto(url);
    await waitForTableRows(page, keys(pods(api)));
    expect(new URL(page.url()).searchParams.get('resource')).toBe('pods');

    // Ties keep the default order (namespace/name): the sort is stable.
    const byRestarts = (list: KubeObject[], sign: number): string[] =>
      list
        .map((pod) => ({ key: keyOf(pod), restarts: restarts(pod) }))
        .sort((a, b) => sign * (a.restarts - b.restarts) || (a.key < b.key ? -1 : 1))
        .map((p) => p.key);
    await page.click('th[data-column="restarts"] button');
    expect(await page.getAttribute('th[data-column="restarts"]', 'aria-sort')).toBe('ascending');
    await waitForTableRows(page, byRestarts(pods(api), 1));
    await page.click('th[data-column="restarts"] button');
    expect(await page.getAttribute('th[data-column="restarts"]', 'aria-sort')).toBe('descending');
    expect(await page.getAttribute('th[data-column="name"]', 'aria-sort')).toBe('none');
    await waitForTableRows(page, byRestarts(pods(api), -1));

    await page.click('li[data-namespace="shop"]');
    await page.fill('#filter', 'cart');
    const shown = byRestarts(
      pods(api).filter(
        (p) => p.metadata.namespace === 'shop' && (p.metadata.name ?? '').includes('cart'),
      ),
      -1,
    );
    expect(shown.slice(0, 2)).toEqual(['shop/cart-restarted-1', 'shop/cart-restarted-2']);
    await waitForTableRows(page, shown);
    const query = new URL(page.url()).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      resource: 'pods',
      namespace: 'shop',
      filter: 'cart',
      sort: '-restarts',
    });

    await page.reload();
    await waitForTableRows(page, shown);
    expect(await page.getAttribute('th[data-column="restarts"]', 'aria-sort')).toBe('descending');
    expect(await page.inputValue('#filter')).toBe('cart');
    expect(await page.getAttribute('li[data-namespace="shop"]', 'class')).toContain('selected');
    expect(browser?.errors).toEqual([]);
  });

  it('shows in the event feed only the selected namespace’s changes', async () => {
    const { page, api, url } = await open();
    await page.goto(url);
    await page.click('li[data-namespace="shop"]');
    createPod(api, 'e2e', 'elsewhere-1');
    createPod(api, 'shop', 'here-1');
    movePod(api, 'e2e', 'elsewhere-1', 'crashing');
    await page.waitForSelector('.feed-item[data-key="shop/here-1"]');
    // The other namespace's changes reached the page (its namespace is listed) …
    await page.waitForSelector('li[data-namespace="e2e"]');
    const feedKeys = (): Promise<string[]> =>
      page.$$eval('.feed-item', (items) => items.map((i) => (i as HTMLElement).dataset['key']!));
    // … but not the feed.
    expect((await feedKeys()).filter((k) => !k.startsWith('shop/'))).toEqual([]);

    // All namespaces again: the changes kept are shown at once.
    await page.click('li[data-namespace=""]');
    await page.waitForSelector('.feed-item[data-key="e2e/elsewhere-1"][data-type="update"]');
    expect(await feedKeys()).toContain('shop/here-1');
  });

  it('fits 390, 820 and 1,400 px: no sideways scrolling, panels apart, columns dropped by priority', async () => {
    const { page, url } = await open((server) => {
      // A long name, which must be cut rather than widen the table.
      createPod(server, 'e2e', `very-long-name-${'x'.repeat(80)}-1`, 'crashing');
    });
    await page.goto(url);
    await page.waitForSelector('#pods tr[data-key]');
    const columnsAt = new Map<number, string[]>();
    for (const width of [390, 820, 1400]) {
      await page.setViewportSize({ width, height: 900 });
      // Two frames: the resize observer has run and the table is drawn again.
      await page.evaluate(
        () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
      );
      const layout = await page.evaluate(() => {
        const rect = (selector: string): DOMRect =>
          document.querySelector(selector)!.getBoundingClientRect();
        const panels = [
          '.overview',
          '.namespaces-panel',
          '.chart-panel',
          '.table-panel',
          '.feed-panel',
        ].filter((selector) => document.querySelector(selector) !== null);
        const overlaps: string[] = [];
        for (const a of panels) {
          for (const b of panels) {
            if (a >= b) continue;
            const [p, q] = [rect(a), rect(b)];
            const apart =
              p.right <= q.left || q.right <= p.left || p.bottom <= q.top || q.bottom <= p.top;
            if (!apart) overlaps.push(`${a} ${b}`);
          }
        }
        return {
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth,
          overlaps,
          columns: Array.from(
            document.querySelectorAll<HTMLElement>('#pods th[data-column]'),
            (th) => th.dataset['column']!,
          ),
        };
      });
      // No sideways scrolling, and no panel over another.
      expect({
        width,
        fits: layout.scrollWidth <= layout.innerWidth,
        overlaps: layout.overlaps,
      }).toEqual({ width, fits: true, overlaps: [] });
      columnsAt.set(width, layout.columns);
      await page.screenshot({ path: screenshotPath(`screens/dashboard-${width}.png`) });
    }
    const [phone = [], tablet = [], desktop = []] = [390, 820, 1400].map(
      (w) => columnsAt.get(w) ?? [],
    );
    expect(phone).toEqual(expect.arrayContaining(['name', 'status']));
    expect(phone).not.toContain('node');
    expect(desktop).toEqual(['namespace', 'name', 'ready', 'status', 'restarts', 'age', 'node']);
    // Narrower never shows a column a wider one drops.
    expect(phone.every((c) => tablet.includes(c))).toBe(true);
    expect(tablet.every((c) => desktop.includes(c))).toBe(true);
    expect(browser?.errors).toEqual([]);
  });

  it('keeps only the rows in view in the page, and touches only the row that changed', async () => {
    const bulk = 3000;
    const name = (i: number): string => `pod-${String(i).padStart(4, '0')}`;
    const { page, api, url } = await open((server) => {
      for (let i = 0; i < bulk; i += 1) createPod(server, 'aaa-bulk', name(i));
    });
    await page.goto(url);
    const total = pods(api).length;
    await page.waitForFunction(
      (n) =>
        document.querySelector('#pods-shown')?.textContent === `${n.toLocaleString('en-US')} shown`,
      total,
    );
    expect(await page.getAttribute('#pods', 'aria-rowcount')).toBe(String(total + 1));
    const drawn = await page.$$eval('#pods tr[data-key]', (rows) => rows.length);
    expect(drawn).toBeGreaterThan(5);
    expect(drawn).toBeLessThan(100);

    // Mark the rows drawn, and record every change made to the table's body.
    await page.evaluate(() => {
      const w = window as unknown as { touched: string[] };
      w.touched = [];
      for (const row of Array.from(document.querySelectorAll<HTMLElement>('#pods tr[data-key]')))
        row.dataset['marked'] = 'yes';
      new MutationObserver((records) => {
        for (const record of records) {
          const node =
            record.target instanceof Element ? record.target : record.target.parentElement;
          // Ages move each second; they are written again by design.
          if (node?.closest('.col-age') !== null) continue;
          w.touched.push(node?.closest<HTMLElement>('tr')?.dataset['key'] ?? 'tbody');
        }
      }).observe(document.querySelector('#pods tbody')!, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
    });
    movePod(api, 'aaa-bulk', name(2), 'crashing');
    await page.waitForFunction(
      (key) =>
        document.querySelector(`tr[data-key="${key}"] .col-status`)?.textContent ===
        'CrashLoopBackOff',
      `aaa-bulk/${name(2)}`,
    );
    const after = await page.evaluate(() => ({
      touched: [...new Set((window as unknown as { touched: string[] }).touched)],
      unmarked: document.querySelectorAll('#pods tr[data-key]:not([data-marked])').length,
    }));
    expect(after).toEqual({ touched: [`aaa-bulk/${name(2)}`], unmarked: 0 });

    // The last row is drawn once scrolled to.
    const last = keys(pods(api)).at(-1)!;
    await page.$eval('#pods-scroll', (el) => (el.scrollTop = el.scrollHeight));
    await page.waitForSelector(`tr[data-key="${last}"]`);
    expect((await tableRowKeys(page)).length).toBe(total);
    await waitForTableRow(page, `aaa-bulk/${name(bulk - 1)}`);
  });
});
