import {
  ApiError,
  ConnectionError,
  DecodeError,
  ListIdleError,
  ListStreamError,
  TooLargeError,
  ListItemTooLargeError,
  VeryShortWatchError,
  WatchIdleError,
  WatchListError,
  WatchStreamError,
} from './errors.js';
import {
  type ReflectorContext,
  type ReflectorOutcome,
  type ReflectorStep,
  type Transition,
  defaultPageSize,
  initialContext,
  transition,
  veryShortWatchMs,
} from './reflectorMachine.js';

// The decision tables of `transition`, one `it.each` row per table row, named after it: the
// first table is the one in the function's TSDoc, the second adds the rows of the package
// README that name a concrete failure. Each row lists the cases that make it up (the variants a
// row's wording covers), each with the exact context and step `transition` must return.

const where = { resource: 'pods', resourceVersion: '42' };
const api = (code: number, reason?: string, verb: 'list' | 'watch' = 'watch'): ApiError =>
  new ApiError(
    { code, verb, source: 'response', status: reason === undefined ? undefined : { reason } },
    where,
  );
const tooLargeVersion = (verb: 'list' | 'watch'): ApiError =>
  new ApiError(
    {
      code: 504,
      verb,
      source: 'response',
      status: { reason: 'Timeout', details: { causes: [{ reason: 'ResourceVersionTooLarge' }] } },
    },
    where,
  );
const refused = (verb: 'list' | 'watch'): ConnectionError =>
  new ConnectionError(verb, where, Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }));

/** A Reflector that has not listed yet, without streaming lists. */
const fresh: ReflectorContext = initialContext(false, undefined);
/** A Reflector that has listed at "42" (a specific version: relists go unpaged). */
const synced: ReflectorContext = { ...fresh, lastSyncResourceVersion: '42' };
/** A Reflector that starts with streaming lists. */
const streaming: ReflectorContext = initialContext(true, undefined);
const streamingSynced: ReflectorContext = { ...streaming, lastSyncResourceVersion: '42' };

const list = (resourceVersion: string, limit: number | undefined): ReflectorStep => ({
  type: 'list',
  resourceVersion,
  limit,
});
const watch = (resourceVersion: string): ReflectorStep => ({ type: 'watch', resourceVersion });
const watchList = (resourceVersion: string): ReflectorStep => ({
  type: 'watchList',
  resourceVersion,
});
const backoff = (retryAfterFrom: unknown, then: ReflectorStep): ReflectorStep => ({
  type: 'backoff',
  retryAfterFrom,
  then,
});

const watchFailed = (
  error: unknown,
  opened: boolean,
  durationMs = 5_000,
  events = 3,
): ReflectorOutcome => ({ type: 'watchFailed', error, opened, durationMs, events });
const listFailed = (error: unknown): ReflectorOutcome => ({ type: 'listFailed', error });
const watchListFailed = (error: unknown, opened = true): ReflectorOutcome => ({
  type: 'watchListFailed',
  error,
  opened,
});

interface Case {
  readonly context: ReflectorContext;
  readonly outcome: ReflectorOutcome;
  readonly expected: Transition;
}

/** The context is kept as it was, and `step` is next. */
const keeps = (
  context: ReflectorContext,
  outcome: ReflectorOutcome,
  step: ReflectorStep,
): Case => ({
  context,
  outcome,
  expected: { context, step },
});

const expiredWatch = api(410, 'Expired');
const expiredList = api(410, 'Expired', 'list');
const tooLargeList = tooLargeVersion('list');
const failedList = api(500, 'InternalError', 'list');
const refusedWatch = refused('watch');
const throttledWatch = api(429, 'TooManyRequests');
const brokenWatch = new WatchStreamError(where, new Error('socket hang up'));
const idleWatch = new WatchIdleError(150_000, where);
const serverError = api(500, 'InternalError');
const undecodable = new DecodeError('watch', '{"type":', 'unexpected end of JSON', where);
const rejected422 = api(422, 'Invalid');
const rejected400 = api(400, 'BadRequest');
const expiredWatchList = api(410, 'Expired');
const refusedWatchList = refused('watch');
const throttledWatchList = api(429, 'TooManyRequests');
const unfinishedWatchList = new WatchListError(where);
const failedWatchList = api(500, 'InternalError');
const forbiddenWatchList = api(403, 'Forbidden');
const shortWatchList = new VeryShortWatchError(120, where);
const ordinaryWatch = new WatchListError(where, 'unsupported');
const silentList = new ListIdleError(30_000, where);
const brokenList = new ListStreamError(where, new Error('Premature close'));
const expiredEvent = new ApiError({ code: 410, verb: 'watch', source: 'event' }, where);
const oversizedEvent = new TooLargeError('watch', 16 * 1024 * 1024, where);
const oversizedPage = new TooLargeError('list', 64 * 1024 * 1024, where);
const oversizedItem = new ListItemTooLargeError(16 * 1024 * 1024, where);

const sourceTable: readonly (readonly [string, readonly Case[]])[] = [
  [
    'start',
    [
      keeps(fresh, { type: 'start' }, list('0', defaultPageSize)),
      keeps(streaming, { type: 'start' }, watchList('')),
      keeps(synced, { type: 'start' }, list('42', undefined)),
      keeps({ ...synced, pageSize: 50 }, { type: 'start' }, list('42', 50)),
    ],
  ],
  [
    'listed',
    [
      {
        context: { ...fresh, resourceVersionUnavailable: true },
        outcome: {
          type: 'listed',
          requestedResourceVersion: '',
          resourceVersion: '42',
          paginated: false,
        },
        expected: { context: synced, step: watch('42') },
      },
      {
        // The server paged a "0" list: later relists keep paging.
        context: fresh,
        outcome: {
          type: 'listed',
          requestedResourceVersion: '0',
          resourceVersion: '42',
          paginated: true,
        },
        expected: { context: { ...synced, paginatedResult: true }, step: watch('42') },
      },
      {
        // Only a "0" list that came back paged says the server pages.
        context: synced,
        outcome: {
          type: 'listed',
          requestedResourceVersion: '42',
          resourceVersion: '43',
          paginated: true,
        },
        expected: { context: { ...synced, lastSyncResourceVersion: '43' }, step: watch('43') },
      },
    ],
  ],
  [
    'list expired / version too large',
    [
      {
        context: synced,
        outcome: listFailed(expiredList),
        expected: {
          context: { ...synced, resourceVersionUnavailable: true },
          step: list('', defaultPageSize),
        },
      },
      {
        context: synced,
        outcome: listFailed(tooLargeList),
        expected: {
          context: { ...synced, resourceVersionUnavailable: true },
          step: list('', defaultPageSize),
        },
      },
    ],
  ],
  [
    'list failed otherwise',
    [
      keeps(synced, listFailed(failedList), backoff(failedList, list('42', undefined))),
      keeps(fresh, listFailed(failedList), backoff(failedList, list('0', defaultPageSize))),
      // Expired again although the list was already at "": back off rather than spin.
      keeps(
        { ...synced, resourceVersionUnavailable: true },
        listFailed(expiredList),
        backoff(expiredList, list('', defaultPageSize)),
      ),
    ],
  ],
  [
    'watch ended cleanly (≥ 1 s or ≥ 1 event)',
    [
      keeps(synced, { type: 'watchEnded', durationMs: veryShortWatchMs, events: 0 }, watch('42')),
      keeps(synced, { type: 'watchEnded', durationMs: 10, events: 1 }, watch('42')),
    ],
  ],
  [
    'watch ended cleanly, very short',
    [
      {
        context: synced,
        outcome: { type: 'watchEnded', durationMs: veryShortWatchMs - 1, events: 0 },
        expected: {
          context: synced,
          step: backoff(undefined, list('42', undefined)),
          veryShortWatchMs: veryShortWatchMs - 1,
        },
      },
      // A broken stream counts as a clean end: very short, it relists too.
      keeps(
        synced,
        watchFailed(brokenWatch, true, veryShortWatchMs - 1, 0),
        backoff(brokenWatch, list('42', undefined)),
      ),
    ],
  ],
  [
    'watch could not connect, or 429',
    [
      keeps(synced, watchFailed(refusedWatch, false), backoff(refusedWatch, watch('42'))),
      keeps(synced, watchFailed(throttledWatch, false), backoff(throttledWatch, watch('42'))),
      keeps(synced, watchFailed(throttledWatch, true), backoff(throttledWatch, watch('42'))),
    ],
  ],
  [
    'watch broke mid-stream, or went idle',
    [
      keeps(synced, watchFailed(brokenWatch, true), watch('42')),
      keeps(synced, watchFailed(brokenWatch, true, veryShortWatchMs - 1, 1), watch('42')),
      keeps(synced, watchFailed(idleWatch, true), watch('42')),
    ],
  ],
  [
    'watch event or list page too large (`TooLargeError`)',
    [
      keeps(
        synced,
        watchFailed(oversizedEvent, true),
        backoff(oversizedEvent, list('42', undefined)),
      ),
      keeps(synced, listFailed(oversizedPage), backoff(oversizedPage, list('42', undefined))),
    ],
  ],
  [
    'watch expired (410)',
    [
      keeps(synced, watchFailed(expiredWatch, true), backoff(expiredWatch, list('42', undefined))),
      keeps(synced, watchFailed(expiredWatch, false), backoff(expiredWatch, list('42', undefined))),
    ],
  ],
  [
    'watch failed otherwise (500, undecodable event…)',
    [
      keeps(synced, watchFailed(serverError, true), backoff(serverError, list('42', undefined))),
      keeps(synced, watchFailed(serverError, false), backoff(serverError, list('42', undefined))),
      keeps(synced, watchFailed(undecodable, true), backoff(undecodable, list('42', undefined))),
      // With streaming lists on, the relist is a streaming one.
      keeps(streamingSynced, watchFailed(serverError, true), backoff(serverError, watchList('42'))),
    ],
  ],
  [
    'streaming list expired',
    [
      {
        context: streamingSynced,
        outcome: watchListFailed(expiredWatchList),
        expected: {
          context: { ...streamingSynced, resourceVersionUnavailable: true },
          step: watchList(''),
        },
      },
      {
        context: streamingSynced,
        outcome: watchListFailed(tooLargeVersion('watch')),
        expected: {
          context: { ...streamingSynced, resourceVersionUnavailable: true },
          step: watchList(''),
        },
      },
    ],
  ],
  [
    'streaming list refused (connection) or 429, or ended before its bookmark',
    [
      keeps(
        streamingSynced,
        watchListFailed(refusedWatchList, false),
        backoff(refusedWatchList, watchList('42')),
      ),
      keeps(
        streamingSynced,
        watchListFailed(throttledWatchList),
        backoff(throttledWatchList, watchList('42')),
      ),
      keeps(
        streamingSynced,
        watchListFailed(unfinishedWatchList),
        backoff(unfinishedWatchList, watchList('42')),
      ),
    ],
  ],
  [
    'streaming list failed otherwise (422/400 when unsupported, 403, 500, a very short or ordinary watch…)',
    [
      // A plain list for this sync; the context keeps `streaming`, so the next sync streams.
      keeps(streaming, watchListFailed(rejected422), list('0', defaultPageSize)),
      keeps(streamingSynced, watchListFailed(rejected400, false), list('42', undefined)),
      keeps(streamingSynced, watchListFailed(forbiddenWatchList, false), list('42', undefined)),
      keeps(streamingSynced, watchListFailed(failedWatchList), list('42', undefined)),
      keeps(streaming, watchListFailed(shortWatchList), list('0', defaultPageSize)),
      keeps(streaming, watchListFailed(ordinaryWatch), list('0', defaultPageSize)),
    ],
  ],
];

const readmeTable: readonly (readonly [string, readonly Case[]])[] = [
  [
    'list answer silent for `listIdleTimeoutMs`',
    [keeps(synced, listFailed(silentList), backoff(silentList, list('42', undefined)))],
  ],
  [
    'streaming list silent for `listIdleTimeoutMs`',
    [
      keeps(streaming, watchListFailed(silentList), list('0', defaultPageSize)),
      keeps(streamingSynced, watchListFailed(silentList), list('42', undefined)),
    ],
  ],
  [
    'list item or page over its size limit',
    [
      keeps(synced, listFailed(oversizedItem), backoff(oversizedItem, list('42', undefined))),
      keeps(synced, listFailed(oversizedPage), backoff(oversizedPage, list('42', undefined))),
      keeps(streaming, watchListFailed(oversizedPage), list('0', defaultPageSize)),
    ],
  ],
  [
    'list answer broke off mid-body',
    [keeps(synced, listFailed(brokenList), backoff(brokenList, list('42', undefined)))],
  ],
  [
    'no event or bookmark for `idleTimeoutMs`',
    [keeps(synced, watchFailed(idleWatch, true, 150_000, 0), watch('42'))],
  ],
  [
    'watch event over `maxEventBytes`',
    [
      keeps(
        synced,
        watchFailed(oversizedEvent, true),
        backoff(oversizedEvent, list('42', undefined)),
      ),
    ],
  ],
  [
    '410 (`ERROR` event or HTTP)',
    [
      keeps(synced, watchFailed(expiredEvent, true), backoff(expiredEvent, list('42', undefined))),
      // Then `""` if the last version is expired too.
      {
        context: synced,
        outcome: listFailed(expiredList),
        expected: {
          context: { ...synced, resourceVersionUnavailable: true },
          step: list('', defaultPageSize),
        },
      },
    ],
  ],
  [
    'streaming list expired / ended without bookmark',
    [
      {
        context: streamingSynced,
        outcome: watchListFailed(expiredWatchList),
        expected: {
          context: { ...streamingSynced, resourceVersionUnavailable: true },
          step: watchList(''),
        },
      },
      keeps(
        streamingSynced,
        watchListFailed(unfinishedWatchList),
        backoff(unfinishedWatchList, watchList('42')),
      ),
    ],
  ],
];

describe('transition: the decision table of its TSDoc', () => {
  it.each(sourceTable)('%s', (_row, cases) => {
    for (const { context, outcome, expected } of cases) {
      expect(transition(context, outcome)).toStrictEqual(expected);
    }
  });
});

describe('transition: the failure rows of the README table', () => {
  it.each(readmeTable)('%s', (_row, cases) => {
    for (const { context, outcome, expected } of cases) {
      expect(transition(context, outcome)).toStrictEqual(expected);
    }
  });
});

describe('transition: outside the tables', () => {
  it('keeps the streaming list going as the watch when its initial events ended', () => {
    const context = { ...streaming, resourceVersionUnavailable: true };
    expect(
      transition(context, { type: 'initialEventsEnded', resourceVersion: '42' }),
    ).toStrictEqual({ context: streamingSynced, step: undefined });
  });
});
