import { VirtualClock } from '@rxkube/devkit';
import fc from 'fast-check';
import { config } from 'rxjs';
import { bookmarkProblem } from './bookmarkProblem.js';
import { decodeStatus } from './decodeStatus.js';
import { ApiError, DecodeError, InformerError, type ErrorContext } from './errors.js';
import { apiGet, type FetchResponseLike } from './http/apiGet.js';
import { decodeListPage } from './http/decodeListPage.js';
import { KindGuard } from './http/kindGuard.js';
import { ListBodyReader } from './http/listBodyReader.js';
import { decodeWatchEvent } from './http/watchEventDecoder.js';
import type { WatchEvent } from './listerWatcher.js';
import { redactCredentials } from './redactCredentials.js';
import { reflector } from './reflector.js';
import type { Status } from './status.js';
import { FakeListerWatcher } from './testSupport/fakeListerWatcher.testing.js';
import { textOf } from './textOf.js';

// Every decoder of what the server sends, fed random JSON values and Status-shaped values whose
// fields have random types: each returns a typed value or throws the typed error it documents,
// never anything else (a TypeError out of a subscriber kills the process).

const context: ErrorContext = { resource: 'pods', resourceVersion: '1' };

/** A value of the right type, or any JSON value instead. */
const either = <T>(right: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
  fc.oneof(right, fc.jsonValue({ maxDepth: 3 }), fc.constant(null));

/** Status-shaped values: `kind: 'Status'` and every field right or of a random type. */
const statusShaped: fc.Arbitrary<unknown> = fc.record(
  {
    kind: fc.constant('Status'),
    apiVersion: either(fc.constant('v1')),
    status: either(fc.constantFrom('Failure', 'Success')),
    message: either(fc.string()),
    reason: either(fc.constantFrom('Expired', 'TooManyRequests', '')),
    code: either(fc.integer({ min: 100, max: 599 })),
    metadata: either(
      fc.record(
        { continue: either(fc.string()), resourceVersion: either(fc.string()) },
        { requiredKeys: [] },
      ),
    ),
    details: either(
      fc.record(
        {
          name: either(fc.string()),
          retryAfterSeconds: either(fc.integer({ min: 0, max: 100 })),
          causes: either(
            fc.array(
              either(
                fc.record(
                  { reason: either(fc.string()), message: either(fc.string()) },
                  { requiredKeys: [] },
                ),
              ),
              { maxLength: 3 },
            ),
          ),
        },
        { requiredKeys: [] },
      ),
    ),
  },
  { requiredKeys: ['kind'] },
);

/** The issue's own event object, and any JSON value. */
const statusLike = fc.oneof(
  statusShaped,
  fc.jsonValue(),
  fc.constant({ kind: 'Status', code: 500, message: { text: 'x' } }),
);

/** Asserts a decoded Status has every field of its type. */
function expectTyped(status: Status): void {
  for (const field of ['kind', 'apiVersion', 'status', 'message', 'reason'] as const) {
    expect(['string', 'undefined']).toContain(typeof status[field]);
  }
  expect(['number', 'undefined']).toContain(typeof status.code);
  expect(['string', 'undefined']).toContain(typeof status.metadata?.continue);
  expect(['string', 'undefined']).toContain(typeof status.metadata?.resourceVersion);
  expect(['number', 'undefined']).toContain(typeof status.details?.retryAfterSeconds);
  for (const cause of status.details?.causes ?? []) {
    expect(typeof cause).toBe('object');
    expect(['string', 'undefined']).toContain(typeof cause.reason);
    expect(['string', 'undefined']).toContain(typeof cause.message);
  }
}

/** Runs `decode`; returns what it returned, or the error it threw if it is an `expected`. */
function onlyThrows<R>(expected: new (...args: never[]) => Error, decode: () => R): R | Error {
  try {
    return decode();
  } catch (err) {
    if (err instanceof expected) return err;
    throw new Error(`threw ${textOf(err)} (${(err as Error).name}), not a ${expected.name}`);
  }
}

test('decodeStatus returns a typed Status or a problem, for any value', () => {
  fc.assert(
    fc.property(statusLike, (value) => {
      const { status, problem } = decodeStatus(value);
      expect(status === undefined).toBe(typeof problem === 'string');
      if (status !== undefined) expectTyped(status);
    }),
    { numRuns: 2000 },
  );
  expect(decodeStatus({ kind: 'Status', code: 500, message: { text: 'x' } }).problem).toBe(
    'message is object, not string',
  );
});

test('decodeWatchEvent returns a typed event or throws a DecodeError, for any line', () => {
  const type = fc.oneof(
    fc.constantFrom('ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK', 'ERROR'),
    fc.jsonValue({ maxDepth: 2 }),
  );
  const line = fc.oneof(
    fc.record({ type, object: statusLike }).map((event) => JSON.stringify(event)),
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc.string(),
  );
  fc.assert(
    fc.property(line, (text) => {
      const event = onlyThrows(DecodeError, () => decodeWatchEvent(text, (raw) => raw, context));
      if (event instanceof Error) return;
      const decoded = event as WatchEvent<unknown>;
      if (decoded.type === 'ERROR') expectTyped(decoded.object);
      if (decoded.type === 'BOOKMARK') expect(bookmarkProblem(decoded.object)).toBeUndefined();
    }),
    { numRuns: 2000 },
  );
});

test('decodeListPage returns a typed page or throws a DecodeError, for any body in any chunks', () => {
  const listShaped = fc.record(
    {
      kind: either(fc.constantFrom('PodList', 'ConfigMapList')),
      apiVersion: either(fc.constant('v1')),
      metadata: either(
        fc.record(
          {
            resourceVersion: either(fc.string()),
            continue: either(fc.string()),
            shardInfo: either(fc.record({ selector: either(fc.string()) })),
          },
          { requiredKeys: [] },
        ),
      ),
      items: either(
        fc.array(either(fc.record({ kind: either(fc.constant('Pod')) })), { maxLength: 4 }),
      ),
    },
    { requiredKeys: [] },
  );
  const body = fc.oneof(
    fc.oneof(listShaped, statusLike).map((value) => JSON.stringify(value)),
    fc.string(),
  );
  fc.assert(
    fc.property(body, fc.integer({ min: 1, max: 16 }), (text, chunkSize) => {
      const reader = new ListBodyReader();
      const bytes = new TextEncoder().encode(text);
      for (let at = 0; at < bytes.length; at += chunkSize) {
        reader.push(bytes.subarray(at, at + chunkSize));
      }
      const page = onlyThrows(DecodeError, () =>
        decodeListPage(reader, {
          decode: (raw) => raw,
          context,
          kinds: new KindGuard('Pod'),
          metadataOnly: false,
        }),
      );
      if (page instanceof Error) return;
      expect(typeof page.resourceVersion).toBe('string');
      expect(['string', 'undefined']).toContain(typeof page.continue);
      expect(['string', 'undefined']).toContain(typeof page.shardSelector);
      expect(Array.isArray(page.items)).toBe(true);
    }),
    { numRuns: 1000 },
  );
});

test('an error answer with any body is an ApiError with its HTTP code and a typed Status', async () => {
  const body = fc.oneof(
    statusLike.map((value) => JSON.stringify(value)),
    fc.string(),
  );
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 300, max: 599 }), body, async (code, text) => {
      const response: FetchResponseLike = {
        status: code,
        headers: { get: () => null },
        text: () => Promise.resolve(text),
        body: (async function* () {
          yield text;
        })(),
      };
      const request = {
        path: '/api/v1/pods',
        query: new URLSearchParams(),
        signal: new AbortController().signal,
        verb: 'list' as const,
        context,
      };
      const failure = await apiGet(() => Promise.resolve(response), request).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(failure).toBeInstanceOf(ApiError);
      const error = failure as ApiError;
      expect(error.code).toBe(code);
      expect(typeof error.message).toBe('string');
      expectTyped(error.status ?? {});
    }),
    { numRuns: 500 },
  );
});

test('redactCredentials and ApiError take any value without throwing', () => {
  const hostile = fc.oneof(
    fc.jsonValue(),
    fc.constant(Object.create(null) as unknown),
    fc.constant({
      toString() {
        throw new Error('no');
      },
    }),
    fc.constant(Symbol('s')),
    fc.bigInt(),
  );
  fc.assert(
    fc.property(hostile, (value) => {
      expect(typeof redactCredentials(value)).toBe('string');
      const status = { message: value, reason: value, details: value } as unknown as Status;
      const error = new ApiError({ code: 500, status, verb: 'watch', source: 'event' }, context);
      expect(typeof error.message).toBe('string');
      expect(['number', 'undefined']).toContain(typeof error.retryAfterSeconds);
    }),
    { numRuns: 1000 },
  );
});

test('the Reflector turns watch events of any shape into typed errors, never throwing out of its subscriber', async () => {
  const unhandled: unknown[] = [];
  const previous = config.onUnhandledError;
  config.onUnhandledError = (err) => unhandled.push(err);
  try {
    const event = fc.oneof(
      fc.record({ type: fc.constant('ERROR'), object: statusLike }),
      fc.record({ type: fc.constant('BOOKMARK'), object: fc.jsonValue() }),
      fc.record({ type: fc.constantFrom('ADDED', 'MODIFIED', 'DELETED'), object: fc.jsonValue() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 5 }), async (events) => {
        const lw = new FakeListerWatcher<unknown>();
        const errors: unknown[] = [];
        const scheduler = new VirtualClock();
        const subscription = reflector(lw, {
          scheduler,
          streamingList: false,
          onError: (err) => errors.push(err),
        }).subscribe();
        lw.lastList().subject.next({ items: [], resourceVersion: '1' });
        lw.lastList().subject.complete();
        for (const next of events) {
          const watch = lw.watches[lw.watches.length - 1];
          watch?.subject.next(next as WatchEvent<unknown>);
        }
        subscription.unsubscribe();
        // RxJS reports what a subscriber throws on a timer of its own: let it fire.
        await new Promise((resolve) => setTimeout(resolve, 0));
        expect(unhandled).toEqual([]);
        for (const err of errors) expect(err).toBeInstanceOf(InformerError);
      }),
      { numRuns: 500 },
    );
  } finally {
    config.onUnhandledError = previous;
  }
});
