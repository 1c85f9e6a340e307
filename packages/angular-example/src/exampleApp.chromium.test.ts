import { jest } from '@jest/globals';
import { launchChromium, type Browser } from '@rxkube/devkit';
import type { KubeObject } from '@rxkube/testing';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startExampleServer, type ExampleServer } from './server/exampleServer.js';

// The example dashboard in Chromium, served as `npm run example:angular` serves it: the page and
// the simulated cluster's API (through the read-only proxy) on one origin. What the page shows
// must be what the API server holds, through churn, cut watches and a 410 Gone.
jest.setTimeout(120_000);

const packageDir = fileURLToPath(new URL('../', import.meta.url));
// Every run keeps its picture as an artifact; the README's copy changes only on request.
const screenshot = join(
  packageDir,
  process.env['UPDATE_SCREENSHOTS'] ? 'docs/example.png' : 'test-artifacts/example.png',
);

let example: ExampleServer;
let browser: Browser;
/** Requests that listed pods (first pages and continuations; watches not counted). */
let podSyncs = 0;

beforeAll(async () => {
  // The browser first: when it cannot start, nothing was started that could keep Jest alive.
  browser = await launchChromium();
  example = await startExampleServer({ seed: 7 });
  example.workloads.step(60);
  browser.page.on('request', (request) => {
    const url = new URL(request.url());
    // A sync: a list, or a streaming list (the informer's default), which is a watch.
    const sync =
      !url.searchParams.has('watch') || url.searchParams.get('sendInitialEvents') === 'true';
    if (url.pathname === '/k8s/api/v1/pods' && sync) podSyncs += 1;
  });
});

afterAll(async () => {
  await browser?.close();
  await example?.close();
});

beforeEach(async () => {
  await browser.page.goto(example.url);
  await browser.page.waitForSelector('#status[data-synced="true"]');
});

afterEach(() => {
  expect(browser.errors).toEqual([]);
});

/** `namespace/name@resourceVersion` of the server's pods (of one namespace), sorted. */
function serverRows(namespace?: string): string[] {
  return example.api
    .list('v1', 'Pod', namespace)
    .map((p) => `${p.metadata.namespace}/${p.metadata.name}@${p.metadata.resourceVersion}`)
    .sort();
}

/**
 * Waits until `read`, run in the page, answers `expected`, then returns what it answers, for
 * the assertion to compare (and show, after a timeout).
 */
async function pageShows<T>(read: () => T, expected: T): Promise<T> {
  const answer = `JSON.stringify((${read.toString()})())`;
  await browser.page
    .waitForFunction(`${answer} === ${JSON.stringify(JSON.stringify(expected))}`, undefined, {
      timeout: 20_000,
    })
    .catch(() => undefined);
  return browser.page.evaluate(read);
}

/** In the page: the pod table's rows as `key@resourceVersion`, sorted. */
function tableRows(): string[] {
  return Array.from(
    document.querySelectorAll<HTMLElement>('#pods tbody tr'),
    (row) => `${row.dataset['key']}@${row.dataset['rv']}`,
  ).sort();
}

async function expectTable(namespace?: string): Promise<void> {
  const expected = serverRows(namespace);
  expect(await pageShows(tableRows, expected)).toEqual(expected);
}

describe('the Angular example dashboard in Chromium', () => {
  it('keeps the pods table and the namespace counts equal to the server through churn, cut watches and a 410', async () => {
    await expectTable();
    for (let round = 0; round < 3; round += 1) {
      example.workloads.step(40);
      await expectTable();
    }
    const syncsBefore = podSyncs;

    // Watches end: the informer watches again from where it was, without syncing again.
    example.api.closeWatches();
    example.workloads.step(20);
    await expectTable();
    expect(podSyncs).toBe(syncsBefore);

    // Watches end and the history they would resume from is compacted before the page
    // reconnects: the watch gets 410 Gone and the informer syncs again.
    example.api.closeWatches();
    example.workloads.step(20);
    example.api.compact();
    await expectTable();
    expect(podSyncs).toBe(syncsBefore + 1);

    const counts = ['payments', 'search', 'shop'].map(
      (ns) => `${ns}=${example.api.list('v1', 'Pod', ns).length}`,
    );
    const shownCounts = () =>
      Array.from(
        document.querySelectorAll<HTMLElement>(
          '#namespaces [data-namespace]:not([data-namespace=""])',
        ),
        (button) => `${button.dataset['namespace']}=${button.dataset['count']}`,
      );
    expect(await pageShows(shownCounts, counts)).toEqual(counts);
  });

  it('shows one namespace when it is picked, keeps it in the URL, and all again', async () => {
    await browser.page.click('#namespaces [data-namespace="shop"]');
    await expectTable('shop');
    expect(new URL(browser.page.url()).searchParams.get('namespace')).toBe('shop');
    example.workloads.step(30);
    await expectTable('shop');

    // A URL with the filter opens filtered.
    await browser.page.goto(`${example.url}?namespace=payments`);
    await expectTable('payments');
    expect(
      await browser.page.getAttribute('#namespaces [data-namespace="payments"]', 'aria-pressed'),
    ).toBe('true');

    await browser.page.click('#namespaces [data-namespace=""]');
    await expectTable();
    expect(new URL(browser.page.url()).search).toBe('');
  });

  it('shows the selected pod in the detail pane and follows it', async () => {
    const [pod] = example.api.list('v1', 'Pod', 'search');
    if (pod === undefined) throw new Error('the seeded cluster has no pod in search');
    const key = `search/${pod.metadata.name}`;
    await browser.page.click(`#pods tr[data-key="${key}"]`);
    expect(await pageShows(detail, describePod(pod))).toEqual(describePod(pod));

    const changed = example.api.patch({ apiVersion: 'v1', kind: 'Pod', ...ref(pod) }, (obj) => {
      obj.metadata.labels = { ...obj.metadata.labels, release: 'canary' };
    });
    expect(await pageShows(detail, describePod(changed))).toEqual(describePod(changed));

    example.api.delete({ apiVersion: 'v1', kind: 'Pod', ...ref(pod) });
    const gone = () => document.querySelector('#detail .gone')?.textContent?.trim();
    expect(await pageShows(gone, `${key} no longer exists.`)).toBe(`${key} no longer exists.`);
  });

  it('lists each deployment with the pods of its ReplicaSets', async () => {
    example.workloads.step(30);
    const expected = deploymentsOnServer();
    expect(expected.some((entry) => entry.split(' ').length > 2)).toBe(true);
    expect(await pageShows(deploymentsShown, expected)).toEqual(expected);

    // A click on a deployment's pod selects it.
    const button = await browser.page.$('#deployments [data-pod]');
    const podKey = await button?.getAttribute('data-pod');
    await button?.click();
    const selected = () => document.querySelector<HTMLElement>('#detail .pod-name')?.textContent;
    expect(await pageShows(selected, podKey)).toBe(podKey);
    await browser.page.screenshot({ path: screenshot, fullPage: true });
  });

  it('shows names and texts from the cluster as text, never as markup', async () => {
    const hostile = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>';
    example.api.create({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { namespace: 'shop', name: 'hostile', labels: { note: `<b>${hostile}</b>` } },
      spec: { nodeName: hostile, containers: [{ name: 'x', image: 'x' }] },
      status: {
        phase: hostile,
        conditions: [{ type: 'Ready', status: 'False', message: hostile }],
      },
    });
    const cells = () =>
      Array.from(
        document.querySelectorAll('#pods tr[data-key="shop/hostile"] td'),
        (cell) => cell.textContent,
      );
    const shown = await pageShows(cells, ['hostile', 'shop', hostile, '0', hostile, '0s']);
    expect(shown.slice(0, 5)).toEqual(['hostile', 'shop', hostile, '0', hostile]);

    await browser.page.click('#pods tr[data-key="shop/hostile"]');
    const note = () =>
      Array.from(document.querySelectorAll('#detail dd, #detail .conditions td'), (cell) =>
        cell.textContent?.trim(),
      ).filter((text) => text?.includes('pwned'));
    expect(await pageShows(note, [`<b>${hostile}</b>`, hostile])).toEqual([
      `<b>${hostile}</b>`,
      hostile,
    ]);
    expect(
      await browser.page.evaluate(() => ({
        elements: document.querySelectorAll('main img, main script, main b').length,
        pwned: (window as { pwned?: unknown }).pwned,
      })),
    ).toEqual({ elements: 0, pwned: undefined });
  });
});

function ref(obj: KubeObject): { namespace: string; name: string } {
  return { namespace: obj.metadata.namespace ?? '', name: obj.metadata.name ?? '' };
}

/** What the detail pane shows of a pod, as {@link detail} reads it. */
function describePod(pod: KubeObject): string[] {
  const status = pod['status'] as {
    conditions?: { type: string; status: string }[];
    containerStatuses?: { name: string }[];
  };
  return [
    `${pod.metadata.namespace}/${pod.metadata.name}@${pod.metadata.resourceVersion}`,
    ...Object.entries(pod.metadata.labels ?? {})
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, value]) => `label ${name}=${value}`),
    ...(status.conditions ?? []).map((c) => `condition ${c.type}=${c.status}`),
    ...(status.containerStatuses ?? []).map((c) => `container ${c.name}`),
  ];
}

/** In the page: the detail pane, as {@link describePod} writes it. */
function detail(): string[] {
  const pane = document.querySelector('#detail');
  const text = (element: Element | null | undefined) => element?.textContent?.trim() ?? '';
  if (pane?.querySelector('.pod-name') === null) return [];
  const cells = (row: Element) => Array.from(row.querySelectorAll('td'), (cell) => text(cell));
  return [
    `${text(pane?.querySelector('.pod-name'))}@${text(pane?.querySelector('.rv'))}`,
    ...Array.from(
      pane?.querySelectorAll('.labels dt') ?? [],
      (dt) => `label ${text(dt)}=${text(dt.nextElementSibling)}`,
    ),
    ...Array.from(pane?.querySelectorAll('.conditions tr') ?? [], (row) => {
      const [type, status] = cells(row);
      return `condition ${type}=${status}`;
    }),
    ...Array.from(
      pane?.querySelectorAll('.containers tr') ?? [],
      (row) => `container ${cells(row)[0]}`,
    ),
  ];
}

/**
 * `namespace/deployment pod pod …` for each Deployment on the server, its pods found along the
 * owner references (pod → ReplicaSet → Deployment), sorted.
 */
function deploymentsOnServer(): string[] {
  const controller = (obj: KubeObject) =>
    obj.metadata.ownerReferences?.find((owner) => owner.controller === true)?.uid;
  const replicaSets = example.api.list('apps/v1', 'ReplicaSet');
  const pods = example.api.list('v1', 'Pod');
  return example.api
    .list('apps/v1', 'Deployment')
    .map((deployment) => {
      const owned = new Set(
        replicaSets
          .filter((rs) => controller(rs) === deployment.metadata.uid)
          .map((rs) => rs.metadata.uid),
      );
      const names = pods
        .filter((pod) => owned.has(controller(pod)))
        .map((pod) => pod.metadata.name)
        .sort();
      return [`${deployment.metadata.namespace}/${deployment.metadata.name}`, ...names].join(' ');
    })
    .sort();
}

/** In the page: each deployment as {@link deploymentsOnServer} writes it. */
function deploymentsShown(): string[] {
  return Array.from(document.querySelectorAll<HTMLElement>('#deployments > li'), (item) =>
    [
      item.dataset['key'],
      ...Array.from(item.querySelectorAll('[data-pod]'), (pod) => pod.textContent?.trim()).sort(),
    ].join(' '),
  ).sort();
}
