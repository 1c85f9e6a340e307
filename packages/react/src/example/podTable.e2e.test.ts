import { jest } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, type Browser } from '@rxkube/devkit';
import { ChurnGenerator, FakeApiServer } from '@rxkube/testing';
import { build } from 'esbuild';

// The example page in Chromium, on the React bindings and a real list/watch against the fake
// API server through the page's own origin: the table must show exactly the server's pods after
// churn, after watches are cut and after a forced 410, with no error in the console.
jest.setTimeout(90_000);

const here = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
// Every run keeps its picture as an artifact; the README's copy changes only on request.
const screenshot = process.env['UPDATE_SCREENSHOTS']
  ? join(here, '../../docs/example.png')
  : join(here, '../../test-artifacts/example.png');

let bundleDir: string;
let apiServer: FakeApiServer;
let page: Server;
let browser: Browser;
let cleanups: Array<() => unknown> = [];
/** List requests the page made (watches not counted). */
let syncs = 0;

beforeAll(async () => {
  bundleDir = mkdtempSync(join(tmpdir(), 'rxkube-react-example-'));
  // The workspace packages from source, through the root tsconfig's paths.
  await build({
    entryPoints: [join(here, 'main.ts')],
    outfile: join(bundleDir, 'app.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    tsconfig: join(repoRoot, 'tsconfig.json'),
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'warning',
  });
});

afterAll(() => rmSync(bundleDir, { recursive: true, force: true }));

/**
 * The page's origin: the page and its bundle, and the API under `/k8s/` forwarded to the fake
 * server with its token (what `rxkube proxy` and `rxkube dashboard` do for a real cluster).
 */
function servePage(api: FakeApiServer): Promise<Server> {
  const files: Record<string, [string, string]> = {
    '/': [join(here, 'index.html'), 'text/html'],
    '/app.js': [join(bundleDir, 'app.js'), 'text/javascript'],
  };
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/k8s/')) {
      // A sync: a list, or a streaming list (the informer's default), which is a watch.
      const query = new URL(url, 'http://page').searchParams;
      if (!query.has('watch') || query.get('sendInitialEvents') === 'true') syncs++;
      const upstream = request(
        new URL(url.slice('/k8s'.length), api.url),
        { headers: { authorization: `Bearer ${api.token}` } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      res.on('close', () => upstream.destroy());
      upstream.end();
      return;
    }
    const file = files[url];
    if (file === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': file[1] }).end(readFileSync(file[0]));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeEach(async () => {
  cleanups = [];
  syncs = 0;
  // The browser first: when it cannot start, nothing was started that could keep Jest alive.
  browser = await launchChromium();
  cleanups.push(() => browser.close());
  apiServer = await FakeApiServer.start({ bookmarkIntervalMs: 1_000 });
  cleanups.push(() => apiServer.stop());
  page = await servePage(apiServer);
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        page.closeAllConnections();
        page.close(() => resolve());
      }),
  );
});

afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const pageUrl = (): string => `http://127.0.0.1:${(page.address() as AddressInfo).port}/`;

/** `namespace/name@resourceVersion` of the server's pods (of one namespace), sorted. */
function serverRows(namespace?: string): string[] {
  return apiServer
    .list('v1', 'Pod', namespace)
    .map((p) => `${p.metadata.namespace}/${p.metadata.name}@${p.metadata.resourceVersion}`)
    .sort();
}

/** Waits until the table's rows are exactly `rows` (sorted; the page sorts for people). */
async function waitForTable(rows: string[]): Promise<void> {
  await browser.page.waitForFunction(
    (expected) =>
      JSON.stringify(
        Array.from(
          document.querySelectorAll<HTMLElement>('#pods tbody tr'),
          (r) => `${r.dataset['key']}@${r.dataset['rv']}`,
        ).sort(),
      ) === JSON.stringify(expected),
    rows,
    { timeout: 30_000 },
  );
}

/** Creates outnumber deletes, so the table grows while rows change and go. */
const growing = { create: 2, update: 3, delete: 1 };

describe('the React example page in Chromium', () => {
  it('keeps the table equal to the server through churn, cut watches and a 410', async () => {
    const churn = new ChurnGenerator(apiServer, {
      namespaces: ['default', 'shop'],
      mix: growing,
      seed: 3,
    });
    churn.step(40);
    await browser.page.goto(pageUrl());
    await browser.page.waitForSelector('#status[data-synced="true"]');
    await waitForTable(serverRows());

    for (let round = 0; round < 5; round++) {
      churn.step(60);
      await waitForTable(serverRows());
    }

    // Watches end: the informer watches again from where it was, without a new list.
    apiServer.closeWatches();
    churn.step(30);
    await waitForTable(serverRows());
    expect(syncs).toBe(1);

    // Watches end and the history they would resume from is compacted away before the page
    // can reconnect: the next watch gets 410 Gone and the informer syncs again.
    apiServer.closeWatches();
    churn.step(30);
    apiServer.compact();
    await waitForTable(serverRows());
    expect(syncs).toBe(2);

    await browser.page.screenshot({ path: screenshot });
    expect(browser.errors).toEqual([]);
  });

  it('filters by namespace through the namespace index', async () => {
    const churn = new ChurnGenerator(apiServer, {
      namespaces: ['default', 'shop'],
      mix: growing,
      seed: 5,
    });
    churn.step(30);
    await browser.page.goto(pageUrl());
    await waitForTable(serverRows());

    await browser.page.selectOption('#namespace', 'shop');
    await waitForTable(serverRows('shop'));
    churn.step(40);
    await waitForTable(serverRows('shop'));

    await browser.page.selectOption('#namespace', '');
    await waitForTable(serverRows());
    expect(browser.errors).toEqual([]);
  });
});
