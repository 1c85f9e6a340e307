import { ApiError } from './errors.js';
import {
  initialInformerStatus,
  nextInformerStatus,
  type InformerStatus,
  type InformerStatusSignal,
} from './informerStatus.js';

// The rules of `nextInformerStatus`, one row per row of the table in its TSDoc: a status before,
// a signal, and the exact status after.

const gone = new ApiError(
  { code: 410, verb: 'watch', source: 'event', status: { reason: 'Expired' } },
  { resource: 'pods', resourceVersion: '42' },
);
const syncing = initialInformerStatus;
const watching: InformerStatus = { ...syncing, phase: 'watching', hasSynced: true };
const backingOff: InformerStatus = {
  ...watching,
  phase: 'backingOff',
  retryAt: 12_000,
  staleSince: 10_000,
};
const rewatching: InformerStatus = { ...watching, staleSince: 10_000 };
const relisting: InformerStatus = { ...watching, phase: 'relisting', staleSince: 10_000 };

const rows: [string, InformerStatus, InformerStatusSignal, InformerStatus][] = [
  ['the initial list starts: syncing', syncing, { type: 'listing', at: 1 }, syncing],
  [
    'a list after the sync: relisting, stale from then on',
    watching,
    { type: 'listing', at: 20_000 },
    { ...watching, phase: 'relisting', staleSince: 20_000 },
  ],
  [
    'a relist after a backoff: relisting, stale since the backoff began',
    backingOff,
    { type: 'listing', at: 12_000 },
    relisting,
  ],
  [
    'a list completes: watching and current',
    relisting,
    { type: 'listed', at: 13_000 },
    { ...watching, staleSince: undefined },
  ],
  [
    'the initial list completes: watching, not synced until processed',
    syncing,
    { type: 'listed', at: 5 },
    { ...syncing, phase: 'watching' },
  ],
  [
    'a watch re-opened after a backoff: watching, still stale until it delivers',
    backingOff,
    { type: 'watching', at: 12_000 },
    rewatching,
  ],
  [
    'the re-opened watch delivers: current again',
    rewatching,
    { type: 'event', at: 12_500 },
    watching,
  ],
  ['an event while current changes nothing', watching, { type: 'event', at: 1 }, watching],
  [
    "a streaming relist's initial events leave it stale",
    relisting,
    { type: 'event', at: 12_500 },
    relisting,
  ],
  [
    'a failure after the sync: backing off until the retry, stale since the failure',
    watching,
    { type: 'backingOff', at: 10_000, delayMs: 2_000 },
    backingOff,
  ],
  [
    'another failure: a new retry time, stale since the first one',
    { ...rewatching, phase: 'watching' },
    { type: 'backingOff', at: 15_000, delayMs: 3_200 },
    { ...backingOff, retryAt: 18_200 },
  ],
  [
    'a failure before the sync: backing off, not stale (never current)',
    syncing,
    { type: 'backingOff', at: 100, delayMs: 800 },
    { ...syncing, phase: 'backingOff', retryAt: 900 },
  ],
  [
    'the initial list is processed: synced',
    { ...syncing, phase: 'watching' },
    { type: 'synced' },
    watching,
  ],
  [
    'a failure is the last error, with its time',
    watching,
    { type: 'failed', at: 10_000, error: gone },
    { ...watching, lastError: gone, lastErrorAt: 10_000 },
  ],
];

it.each(rows)('%s', (_row, before, signal, after) => {
  expect(nextInformerStatus(before, signal)).toEqual(after);
});

it('returns the same object when nothing changed, so consumers compare by reference', () => {
  expect(nextInformerStatus(watching, { type: 'event', at: 1 })).toBe(watching);
  expect(nextInformerStatus(watching, { type: 'watching', at: 1 })).toBe(watching);
  expect(nextInformerStatus(watching, { type: 'synced' })).toBe(watching);
  expect(nextInformerStatus(syncing, { type: 'listing', at: 1 })).toBe(syncing);
});
