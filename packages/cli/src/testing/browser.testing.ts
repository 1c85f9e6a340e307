import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium, installed by `.ci/run` when missing. */
export const chromiumPath = process.env['RXKUBE_CHROMIUM'] ?? '/usr/bin/chromium';

/** A headless Chromium with a fresh profile, and its first page. */
export interface Browser {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Pages' console errors and uncaught exceptions. */
  readonly errors: string[];
  close(): Promise<void>;
}

/**
 * Launches the system's Chromium through playwright-core (Playwright's own browser download is
 * not used). Fails with instructions when Chromium is missing: a browser test must never be
 * skipped silently.
 *
 * @returns the browser
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}: the dashboard's browser tests need it. ` +
        'Install it with `apt-get update && apt-get install -y chromium` (.ci/run does this), ' +
        'or point RXKUBE_CHROMIUM at another Chromium binary.',
    );
  }
  const profile = mkdtempSync(join(tmpdir(), 'rxkube-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 1440, height: 900 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
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
