// The react package's test environment: jsdom, for React to render into a DOM, plus the
// platform globals browsers have and jsdom leaves out (`TextEncoder`, streams…), taken from
// Node, so the informer runs under it as it does in a browser.
import JsdomEnvironment from 'jest-environment-jsdom';

const browserGlobals = [
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'AbortController',
  'AbortSignal',
  'structuredClone',
  // Not a browser global: the workspace's test helpers (devkit's `drain`) wait with it. The
  // package's sources may not use it (ESLint's browser rules).
  'setImmediate',
];

export default class BrowserLikeEnvironment extends JsdomEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of browserGlobals) {
      if (this.global[name] === undefined) this.global[name] = globalThis[name];
    }
  }
}
