import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** A headless Chromium with a fresh profile, and its first page. */
export interface Browser {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Pages' console errors and uncaught exceptions. */
  readonly errors: string[];
  close(): Promise<void>;
}

/** Debian's Chromium, used when installed (it is faster to start than the packaged one). */
const systemChromium = '/usr/bin/chromium';

/** Flags for a root user on a machine with no outside network and no GPU. */
const baseArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Flags of `@sparticuz/chromium` the tests must not inherit: the dashboard's security tests need
 * the same-origin policy and site isolation of a real browser.
 */
const unsafeArgs = new Set([
  '--disable-web-security',
  '--allow-running-insecure-content',
  '--disable-site-isolation-trials',
]);

/** Where the browser comes from, and the flags it needs. */
interface ChromiumBinary {
  readonly executablePath: string;
  readonly args: readonly string[];
}

/**
 * Picks a Chromium: `RXKUBE_CHROMIUM`, then Debian's, then the build inside the
 * `@sparticuz/chromium` devDependency, so that `npm ci && npm test` needs nothing installed by
 * hand.
 */
async function findChromium(): Promise<ChromiumBinary> {
  const chosen = process.env['RXKUBE_CHROMIUM'];
  if (chosen !== undefined && chosen !== '') {
    if (!existsSync(chosen)) throw new Error(`RXKUBE_CHROMIUM=${chosen}: no such file`);
    return { executablePath: chosen, args: baseArgs };
  }
  if (existsSync(systemChromium)) return { executablePath: systemChromium, args: baseArgs };
  const packaged = (await import('@sparticuz/chromium')).default;
  const executablePath = await packaged.executablePath();
  const args = packaged.args.filter((arg) => !unsafeArgs.has(arg.split('=')[0] ?? arg));
  return { executablePath, args: [...new Set([...args, ...baseArgs])] };
}

/**
 * Launches Chromium through playwright-core (Playwright's own browser download is not used).
 * Fails with one clear message naming the prerequisite when no browser can be started: a
 * browser test must never be skipped silently, nor hang.
 *
 * @returns the browser
 */
export async function launchChromium(): Promise<Browser> {
  let binary: ChromiumBinary;
  try {
    binary = await findChromium();
  } catch (err) {
    throw new Error(
      'No Chromium for the browser tests: `npm ci` installs one with the ' +
        '@sparticuz/chromium devDependency; or install Debian`s chromium, or point ' +
        `RXKUBE_CHROMIUM at a Chromium binary. Cause: ${(err as Error).message}`,
    );
  }
  const profile = mkdtempSync(join(tmpdir(), 'rxkube-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: binary.executablePath,
      headless: true,
      viewport: { width: 1440, height: 900 },
      args: [...binary.args],
      timeout: 30_000,
    });
  } catch (err) {
    rmSync(profile, { recursive: true, force: true });
    throw new Error(
      `Chromium at ${binary.executablePath} did not start for the browser tests ` +
        `(set RXKUBE_CHROMIUM to use another): ${(err as Error).message}`,
    );
  }
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  return {
    context,
    page,
    errors,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
