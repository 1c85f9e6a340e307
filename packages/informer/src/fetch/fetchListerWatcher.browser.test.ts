import { jest } from '@jest/globals';
import { bundleForBrowser, launchChromium, type Browser } from '@rxkube/devkit';
import { ChurnGenerator, FakeApiServer, deeplyNested, loadPods } from '@rxkube/testing';
import { serverPodState } from '../testSupport/cacheState.testing.js';

// A page in real Chromium runs a SharedIndexInformer on fetchListerWatcher, bundled for the
// browser as an application would bundle it. The page is served from the fake API server's own
// origin (Playwright answers its one request), so the page's fetches reach the server as
// same-origin requests, as they would through `kubectl proxy` or rxkube's proxy: no CORS.
jest.setTimeout(90_000);

const page = `
import { SharedIndexInformer, fetchListerWatcher, silentLogger } from '@rxkube/informer';
const { token } = window.rxkubeTest;
const informer = new SharedIndexInformer(
  fetchListerWatcher('/', { version: 'v1', plural: 'pods' }, {
    headers: { Authorization: 'Bearer ' + token },
    pageSize: 10,
  }),
  { reflector: { backoff: { initialMs: 5, maxMs: 50 } }, logger: silentLogger },
);
const errors = [];
informer.errors$.subscribe((err) => errors.push(err.kind + ' ' + (err.code ?? '')));
informer.start();
window.informerState = () => ({
  synced: informer.hasSynced(),
  cache: informer.getIndexer().list()
    .map((o) => o.metadata.namespace + '/' + o.metadata.name + '@' + o.metadata.resourceVersion)
    .sort(),
  errors,
  relists: informer.metrics().relists,
});
window.stopInformer = () => informer.stop();
// How deep an object's spec.deep (a deeplyNested value) is, and whether every level is frozen.
window.nesting = (key) => {
  let node = informer.getIndexer().getByKey(key)?.spec?.deep;
  let depth = 0;
  let frozen = true;
  while (typeof node === 'object' && node !== null) {
    frozen = frozen && Object.isFrozen(node);
    node = Array.isArray(node) ? node[0] : node.a;
    depth += 1;
  }
  return { depth, frozen, leaf: node };
};
`;

interface PageState {
  synced: boolean;
  cache: string[];
  errors: string[];
  relists: number;
}

let server: FakeApiServer;
let browser: Browser;
let script: string;

beforeAll(async () => {
  script = new TextDecoder().decode((await bundleForBrowser(page)).code);
  browser = await launchChromium();
});
afterAll(() => browser?.close());
beforeEach(async () => {
  server = await FakeApiServer.start({ seed: 8 });
});
afterEach(() => server.stop());

async function openPage(): Promise<void> {
  const html = `<!doctype html><script>window.rxkubeTest = ${JSON.stringify({ token: server.token })}</script><script type="module">${script.replace(/<\/script/g, '<\\/script')}</script>`;
  await browser.page.route(`${server.url}/informer.html`, (route) =>
    route.fulfill({ contentType: 'text/html', body: html }),
  );
  await browser.page.goto(`${server.url}/informer.html`);
}

test('a page keeps a live cache equal to the server through churn, a 410 and a dropped watch', async () => {
  loadPods(server, { count: 40, namespaces: ['a', 'b'] });
  await openPage();
  const state = () =>
    browser.page.evaluate(() =>
      (window as unknown as { informerState(): PageState }).informerState(),
    );
  const converged = async (what: string): Promise<void> => {
    const expected = serverPodState(server);
    await browser.page
      .waitForFunction(
        (want) =>
          JSON.stringify(
            (window as unknown as { informerState(): PageState }).informerState().cache,
          ) === want,
        JSON.stringify(expected),
        { timeout: 30_000 },
      )
      .catch(async (err: unknown) => {
        throw new Error(`${what}: ${JSON.stringify(await state())}: ${String(err)}`);
      });
  };
  await converged('the initial list');

  const churn = new ChurnGenerator(server, {
    namespaces: ['a', 'b', 'c'],
    seed: 4,
    maxObjects: 80,
  });
  churn.step(50);
  await converged('the churn');

  // A forced 410: the watch is closed after the history it would resume from is compacted.
  server.faults.stallWatchAfter(0);
  server.closeWatches();
  churn.step(30);
  server.compact();
  server.closeWatches();
  churn.step(10);
  await converged('the relist after the 410');

  server.faults.resetWatchAfter(1);
  churn.step(30);
  await converged('the dropped watch');

  const final = await state();
  expect(final.errors).toEqual(expect.arrayContaining(['api 410']));
  expect(final.relists).toBeGreaterThanOrEqual(1);
  expect(browser.errors.filter((e) => !/net::ERR_|Failed to load resource/.test(e))).toEqual([]);
  await browser.page.evaluate(() => (window as unknown as { stopInformer(): void }).stopInformer());
});

// kube-apiserver accepts 10,000 levels of JSON nesting, and a page always freezes: one such
// object must be parsed, frozen and cached, and the rest must sync.
test('a page caches, frozen, an object nested 10,000 levels deep among ordinary ones', async () => {
  loadPods(server, { count: 20, namespaces: ['a'] });
  server.create({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'deep', namespace: 'a' },
    spec: { containers: [], deep: deeplyNested(10_000, 'mixed') },
  });
  await openPage();
  await browser.page.waitForFunction(
    () => (window as unknown as { informerState(): PageState }).informerState().cache.length === 21,
    undefined,
    { timeout: 30_000 },
  );
  const nesting = await browser.page.evaluate(() =>
    (window as unknown as { nesting(key: string): unknown }).nesting('a/deep'),
  );
  expect(nesting).toEqual({ depth: 10_000, frozen: true, leaf: 'leaf' });
  const state = await browser.page.evaluate(() =>
    (window as unknown as { informerState(): PageState }).informerState(),
  );
  expect(state.errors).toEqual([]);
  expect(state.relists).toBe(0);
  await browser.page.evaluate(() => (window as unknown as { stopInformer(): void }).stopInformer());
});
