/**
 * `@rxkube/devkit/chromium`: a headless Chromium for the browser tests (the dashboard's, the
 * Angular bindings'). A separate entry point, so that the tests that import `@rxkube/devkit`
 * do not load playwright-core.
 *
 * @module @rxkube/devkit/chromium
 */
export { launchChromium } from '../chromium.js';
export type { Browser } from '../chromium.js';
