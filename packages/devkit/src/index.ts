export { VirtualClock } from './virtualClock.js';
export { drain, flushMicrotasks, track } from './promiseTurns.js';
export type { TrackedPromise } from './promiseTurns.js';
export { ConditionTimeoutError, eventually, pollUntil } from './eventually.js';
export { sleep } from './sleep.js';
export type { EventuallyOptions } from './eventually.js';
export { launchChromium } from './chromium.js';
export type { Browser } from './chromium.js';
