import { jest } from '@jest/globals';
import { launchChromium, type Browser } from '@rxkube/devkit';
import { build, type Plugin } from 'esbuild';
import { fileURLToPath } from 'node:url';
import type { PodTableHooks } from './testSupport/podTableApp.testing.js';

// A zoneless application with OnPush components over injectInformer, bundled for the browser
// and rendered by Chromium: the table follows the cluster, and the panel of one namespace is
// not even checked when another namespace changes.
jest.setTimeout(60_000);

const packagesDir = fileURLToPath(new URL('../../', import.meta.url));

/** `@rxkube/<name>` from the workspace's sources, as Jest and the type-check resolve it. */
const workspaceSources: Plugin = {
  name: 'rxkube-workspace-sources',
  setup(builder) {
    builder.onResolve({ filter: /^@rxkube\/[a-z-]+$/ }, (args) => ({
      path: `${packagesDir}${args.path.slice('@rxkube/'.length)}/src/index.ts`,
    }));
  },
};

let browser: Browser;

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('./testSupport/podTableApp.testing.ts', import.meta.url))],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    plugins: [workspaceSources],
  });
  browser = await launchChromium();
  await browser.page.setContent('<!doctype html><html><body><pod-table></pod-table></body></html>');
  await browser.page.addScriptTag({ content: bundle.outputFiles[0]!.text, type: 'module' });
  await browser.page.waitForFunction(
    () => document.querySelector('#synced')?.textContent === 'synced',
  );
});
afterAll(async () => {
  await browser?.close();
});

type PageWindow = typeof globalThis & { rxkubeTest: PodTableHooks };

/** In the page: each element's children's texts joined by one space, sorted. */
function shownRows(selector: string): string[] {
  return Array.from(document.querySelectorAll(selector))
    .map((element) =>
      (element.children.length > 0 ? Array.from(element.children) : [element])
        .map((child) => child.textContent?.replace(/\s+/g, ' ').trim() ?? '')
        .join(' '),
    )
    .sort();
}

/**
 * Waits until the page shows `expected` under `selector` (Angular renders in a later task),
 * then returns what it shows, for the assertion to compare (and show, after a timeout).
 */
async function rowsBecome(selector: string, expected: readonly string[]): Promise<string[]> {
  const shown = `JSON.stringify((${shownRows.toString()})(${JSON.stringify(selector)}))`;
  await browser.page
    .waitForFunction(`${shown} === ${JSON.stringify(JSON.stringify(expected))}`, undefined, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  return browser.page.evaluate(shownRows, selector);
}

const checks = (): Promise<number> =>
  browser.page.evaluate(() => (window as unknown as PageWindow).rxkubeTest.shopRenders);

function changeCluster(change: (hooks: PodTableHooks) => void): Promise<void> {
  return browser.page.evaluate(`(${change.toString()})(window.rxkubeTest)`) as Promise<void>;
}

test('renders the synced cache without Zone.js', async () => {
  expect(
    await browser.page.evaluate(() => (window as unknown as PageWindow).rxkubeTest.zoneLoaded),
  ).toBe(false);
  const all = ['other/db-1 Running', 'shop/web-1 Running', 'shop/web-2 Running'];
  expect(await rowsBecome('#all tr', all)).toEqual(all);
  expect(await rowsBecome('#shop li', ['web-1 Running', 'web-2 Running'])).toEqual([
    'web-1 Running',
    'web-2 Running',
  ]);
});

test('the table follows additions, changes and deletions', async () => {
  await changeCluster(({ resource, testPod }) => {
    resource.apply(testPod('shop', 'web-3', 'Pending'));
    resource.apply(testPod('shop', 'web-1', 'Failed'));
    resource.remove('other', 'db-1');
  });
  const all = ['shop/web-1 Failed', 'shop/web-2 Running', 'shop/web-3 Pending'];
  expect(await rowsBecome('#all tr', all)).toEqual(all);
  const shop = ['web-1 Failed', 'web-2 Running', 'web-3 Pending'];
  expect(await rowsBecome('#shop li', shop)).toEqual(shop);
});

test('a change in another namespace re-renders the table but does not check the OnPush panel', async () => {
  const before = await checks();
  await changeCluster(({ resource, testPod }) => resource.apply(testPod('other', 'db-2')));
  const all = [
    'other/db-2 Running',
    'shop/web-1 Failed',
    'shop/web-2 Running',
    'shop/web-3 Pending',
  ];
  expect(await rowsBecome('#all tr', all)).toEqual(all);
  expect(await checks()).toBe(before);

  await changeCluster(({ resource }) => resource.remove('shop', 'web-2'));
  expect(await rowsBecome('#shop li', ['web-1 Failed', 'web-3 Pending'])).toEqual([
    'web-1 Failed',
    'web-3 Pending',
  ]);
  expect(await checks()).toBeGreaterThan(before);
  expect(browser.errors).toEqual([]);
});
