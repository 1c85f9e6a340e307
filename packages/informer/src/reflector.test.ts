import type { Subscription } from 'rxjs';
import {
  ApiError,
  ConnectionError,
  DecodeError,
  WatchStreamError,
  type InformerError,
} from './errors.js';
import { reflector } from './reflector.js';
import type { ReflectorEvent } from './reflectorEvent.js';
import type { ReflectorOptions } from './reflectorOptions.js';
import { FakeListerWatcher } from './testSupport/fakeListerWatcher.testing.js';
import { pod, type TestPod } from './testSupport/pods.testing.js';
import { VirtualClock } from '@rxkube/devkit';

const ctx = { resource: 'fakes' };
const expired = (source: 'response' | 'event' = 'event'): ApiError =>
  new ApiError({ code: 410, status: { reason: 'Expired', code: 410 }, verb: 'watch', source }, ctx);
const refused = (): ConnectionError =>
  new ConnectionError(
    'watch',
    ctx,
    Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
  );

let lw: FakeListerWatcher<TestPod>;
let scheduler: VirtualClock;
let outputs: ReflectorEvent<TestPod>[];
let errors: InformerError[];
/** Streaming-list failures that a paged list replaced (the monitor's `fallingBackToList`). */
let fallbacks: InformerError[];
let subscription: Subscription;

/**
 * Starts a Reflector on a scripted lister-watcher, in list-then-watch mode unless `options` set
 * `streamingList` (the default mode, streaming, has its own tests below).
 */
function start(options: ReflectorOptions = {}, pageSize?: number): void {
  lw = new FakeListerWatcher<TestPod>(pageSize);
  subscription = reflector(lw, {
    scheduler,
    random: () => 0,
    onError: (err) => errors.push(err),
    monitor: { fallingBackToList: (cause) => fallbacks.push(cause) },
    streamingList: false,
    ...options,
  }).subscribe((output) => outputs.push(output));
}

/** @returns the events of a complete list of `items` at `resourceVersion` */
function listed(items: TestPod[], resourceVersion: string): ReflectorEvent<TestPod>[] {
  return [
    { type: 'listStart' },
    ...items.map((object) => ({ type: 'listItem' as const, object })),
    { type: 'listDone', resourceVersion },
  ];
}

/** Lists `items` at `rv` and leaves the reflector watching. */
function sync(items: TestPod[] = [pod('a', '5')], rv = '10'): void {
  lw.respondList(items, rv);
}

beforeEach(() => {
  scheduler = new VirtualClock();
  outputs = [];
  errors = [];
  fallbacks = [];
});
afterEach(() => subscription.unsubscribe());

test('lists at "0" with a page size of 500, then watches from the list version with bookmarks', () => {
  start();
  expect(lw.lastList().options).toEqual({ resourceVersion: '0', limit: 500 });
  sync([pod('a', '5')], '10');
  expect(outputs).toEqual(listed([pod('a', '5')], '10'));
  expect(lw.lastWatch().options).toEqual({
    resourceVersion: '10',
    timeoutSeconds: 300,
    allowWatchBookmarks: true,
  });
});

test('watch timeouts are randomised in [5, 10) minutes', () => {
  start({ random: () => 0.999 });
  sync();
  expect(lw.lastWatch().options.timeoutSeconds).toBe(599);
});

test('watch events become FIFO inputs and bookmarks become progress markers only', () => {
  start();
  sync();
  lw.emit({ type: 'ADDED', object: pod('b', '11') });
  lw.emit({ type: 'MODIFIED', object: pod('b', '12') });
  lw.emit({ type: 'DELETED', object: pod('a', '13') });
  lw.emit({ type: 'BOOKMARK', object: { metadata: { resourceVersion: '20' } } });
  expect(outputs.slice(3)).toEqual([
    { type: 'add', object: pod('b', '11') },
    { type: 'update', object: pod('b', '12') },
    { type: 'delete', object: pod('a', '13') },
    { type: 'bookmark', resourceVersion: '20' },
  ]);
});

test('a clean server-side close re-watches at once from the last version, without a list', () => {
  start();
  sync();
  lw.emit({ type: 'BOOKMARK', object: { metadata: { resourceVersion: '42' } } });
  lw.lastWatch().subject.complete();
  expect(lw.watches).toHaveLength(2);
  expect(lw.lastWatch().options.resourceVersion).toBe('42');
  expect(lw.lists).toHaveLength(1);
  expect(errors).toEqual([]);
});

test('a watch from "" takes no version from its synthetic ADDED events, which are not in version order', () => {
  start();
  // A list without a version: the watch starts at "" and opens with the whole state as ADDED
  // events in key order. Resuming from one of their versions would replay older changes.
  sync([], '');
  expect(lw.lastWatch().options.resourceVersion).toBe('');
  lw.emit({ type: 'ADDED', object: pod('a', '9') });
  lw.emit({ type: 'ADDED', object: pod('b', '5') });
  lw.lastWatch().subject.complete();
  expect(lw.lastWatch().options.resourceVersion).toBe('');
  // Once a change that is not part of the initial state arrives, versions are followed again.
  lw.emit({ type: 'ADDED', object: pod('a', '9') });
  lw.emit({ type: 'MODIFIED', object: pod('b', '12') });
  lw.emit({ type: 'ADDED', object: pod('c', '13') });
  lw.lastWatch().subject.complete();
  expect(lw.lastWatch().options.resourceVersion).toBe('13');
});

test('a very short empty watch is an error and leads to a relist after backoff', () => {
  start();
  sync();
  lw.lastWatch().subject.complete();
  expect(errors.map((e) => e.kind)).toEqual(['shortWatch']);
  expect(lw.lists).toHaveLength(1);
  scheduler.advance(799);
  expect(lw.lists).toHaveLength(1);
  scheduler.advance(1);
  expect(lw.lists).toHaveLength(2);
  expect(lw.lastList().options).toEqual({ resourceVersion: '10', limit: undefined });
});

test('a 410 ERROR event relists at the last version, then at "" if that is expired too', () => {
  start();
  sync();
  lw.emit({ type: 'MODIFIED', object: pod('a', '15') });
  lw.emit({
    type: 'ERROR',
    object: { kind: 'Status', code: 410, reason: 'Expired', message: 'too old' },
  });
  expect(errors[0]).toBeInstanceOf(ApiError);
  expect(errors[0]).toMatchObject({
    code: 410,
    reason: 'Expired',
    source: 'event',
    resourceVersion: '15',
  });
  expect(lw.lastWatch().active).toBe(false);
  scheduler.advance(800);
  expect(lw.lastList().options.resourceVersion).toBe('15');
  lw.lastList().subject.error(expired('response'));
  // No backoff: the list is retried at once with a consistent read.
  expect(lw.lists).toHaveLength(3);
  expect(lw.lastList().options).toEqual({ resourceVersion: '', limit: 500 });
  sync([], '30');
  expect(lw.lastWatch().options.resourceVersion).toBe('30');
});

test('a refused watch backs off with growing waits and watches again without relisting', () => {
  start();
  sync();
  const waits: number[] = [];
  for (let attempt = 0; attempt < 8; attempt++) {
    const before = lw.watches.length;
    lw.lastWatch().subject.error(refused());
    let waited = 0;
    while (lw.watches.length === before) {
      scheduler.advance(100);
      waited += 100;
    }
    waits.push(waited);
  }
  expect(waits).toEqual([800, 1600, 3200, 6400, 12800, 25600, 30000, 30000]);
  expect(lw.lists).toHaveLength(1);
  expect(lw.lastWatch().options.resourceVersion).toBe('10');
});

test('backoff starts over after two minutes without failures', () => {
  start();
  sync();
  for (const wait of [800, 1600, 3200]) {
    lw.lastWatch().subject.error(refused());
    scheduler.advance(wait);
  }
  lw.emit({ type: 'ADDED', object: pod('b', '11') });
  scheduler.advance(120_001);
  const before = lw.watches.length;
  lw.lastWatch().subject.error(refused());
  scheduler.advance(799);
  expect(lw.watches).toHaveLength(before);
  scheduler.advance(1);
  expect(lw.watches).toHaveLength(before + 1);
});

test('410s every 30 s keep the relist wait short: the backoff starts over every two minutes (client-go)', () => {
  // The longest jitter, so each wait is as long as it can be.
  start({ random: () => 0.999 });
  sync([pod('a', '5')], '10');
  const waits: number[] = [];
  for (let fault = 0; fault < 12; fault++) {
    // The watch works for 30 s, then the server has compacted past it.
    scheduler.advance(30_000);
    lw.emit({ type: 'MODIFIED', object: pod('a', String(11 + fault)) });
    lw.emit({
      type: 'ERROR',
      object: { kind: 'Status', code: 410, reason: 'Expired', message: 'too old' },
    });
    const before = lw.lists.length;
    let waited = 0;
    while (lw.lists.length === before) {
      scheduler.advance(100);
      waited += 100;
    }
    waits.push(waited);
    sync([pod('a', String(11 + fault))], String(100 + fault));
  }
  // client-go's DelayWithReset: 0.8, 1.6, 3.2 s (before jitter), then 0.8 s again once two
  // minutes have passed since the last start-over. A window that ran from the last wait never
  // started over, and each relist waited 30–60 s from the sixth 410 on.
  expect(Math.max(...waits)).toBeLessThanOrEqual(12_800);
  expect(waits.slice(0, 5)).toEqual([1600, 3200, 6400, 1600, 3200]);
});

test('jitter stretches each wait by up to 100 %', () => {
  start({ random: () => 0.5 });
  sync();
  lw.lastWatch().subject.error(refused());
  scheduler.advance(1199);
  expect(lw.watches).toHaveLength(1);
  scheduler.advance(1);
  expect(lw.watches).toHaveLength(2);
});

/** Answers the open watch with a 429 asking for `retryAfterSeconds`, and checks when the reflector watches again. */
function expectRewatchAfter(retryAfterSeconds: number, waitMs: number): void {
  lw.lastWatch().subject.error(
    new ApiError(
      {
        code: 429,
        status: { reason: 'TooManyRequests' },
        retryAfterSeconds,
        verb: 'watch',
        source: 'response',
      },
      ctx,
    ),
  );
  scheduler.advance(waitMs - 1);
  expect(lw.watches).toHaveLength(1);
  scheduler.advance(1);
  expect(lw.watches).toHaveLength(2);
  expect(lw.lists).toHaveLength(1);
}

test('a 429 honours Retry-After when it is longer than the backoff', () => {
  start();
  sync();
  expectRewatchAfter(5, 5000);
});

test('a Retry-After longer than the longest backoff is cut to it (60 s by default)', () => {
  start();
  sync();
  expectRewatchAfter(3_000_000, 60_000);
});

test('the Retry-After cap is an option of the backoff', () => {
  start({ backoff: { maxRetryAfterMs: 10_000 } });
  sync();
  expectRewatchAfter(3600, 10_000);
});

test('a 500 at watch start relists after backoff', () => {
  start();
  sync();
  lw.lastWatch().subject.error(
    new ApiError(
      { code: 500, status: { reason: 'InternalError' }, verb: 'watch', source: 'response' },
      ctx,
    ),
  );
  scheduler.advance(800);
  expect(lw.lists).toHaveLength(2);
});

test('a watch silent for longer than the idle timeout is aborted and re-established', () => {
  start({ bookmarkIntervalMs: 1000 });
  sync();
  scheduler.advance(2000);
  lw.emit({ type: 'BOOKMARK', object: { metadata: { resourceVersion: '11' } } });
  scheduler.advance(2499);
  expect(lw.watches).toHaveLength(1);
  scheduler.advance(1);
  expect(errors.map((e) => e.kind)).toEqual(['idle']);
  expect(lw.watches[0]!.active).toBe(false);
  expect(lw.watches).toHaveLength(2);
  expect(lw.lastWatch().options.resourceVersion).toBe('11');
  expect(lw.lists).toHaveLength(1);
});

test('a broken stream after events re-watches from the last version', () => {
  start();
  sync();
  lw.emit({ type: 'MODIFIED', object: pod('a', '11') });
  lw.lastWatch().subject.error(new WatchStreamError(ctx, new Error('socket hang up')));
  expect(errors.map((e) => e.kind)).toEqual(['stream']);
  expect(lw.watches).toHaveLength(2);
  expect(lw.lastWatch().options.resourceVersion).toBe('11');
  expect(lw.lists).toHaveLength(1);
});

test('an undecodable event or an unknown failure relists after backoff', () => {
  start();
  sync();
  lw.lastWatch().subject.error(new DecodeError('watch', '{"type":', 'invalid JSON', ctx));
  scheduler.advance(800);
  expect(lw.lists).toHaveLength(2);
  sync();
  lw.lastWatch().subject.error(new Error('something odd'));
  expect(errors.map((e) => e.kind)).toEqual(['decode', 'internal']);
  scheduler.advance(1600);
  expect(lw.lists).toHaveLength(3);
});

test('list failures back off and list again', () => {
  start();
  lw.lastList().subject.error(
    new ApiError(
      { code: 403, status: { reason: 'Forbidden' }, verb: 'list', source: 'response' },
      ctx,
    ),
  );
  expect(errors).toHaveLength(1);
  scheduler.advance(799);
  expect(lw.lists).toHaveLength(1);
  scheduler.advance(1);
  expect(lw.lists).toHaveLength(2);
  expect(lw.lastList().options.resourceVersion).toBe('0');
});

test('a configured page size is always used, even for a specific version', () => {
  start({}, 50);
  expect(lw.lastList().options.limit).toBe(50);
  sync();
  lw.lastWatch().subject.complete();
  scheduler.advance(800);
  expect(lw.lastList().options).toEqual({ resourceVersion: '10', limit: 50 });
});

test('pages are joined and an expired continue token restarts with a full list at the requested version', () => {
  start();
  lw.respondList([pod('a', '1')], '10', 'page2');
  expect(lw.lastList().options).toEqual({ continue: 'page2', limit: 500 });
  lw.respondList([pod('b', '2')], '10', 'page3');
  lw.lastList().subject.error(expired('response'));
  // client-go's pager: one unpaged list at the first request's version ("0"), not at "".
  expect(lw.lastList().options).toEqual({ resourceVersion: '0' });
  lw.respondList([pod('a', '1'), pod('c', '3')], '12');
  expect(outputs).toEqual(listed([pod('a', '1'), pod('c', '3')], '12'));
  expect(lw.lastWatch().options.resourceVersion).toBe('12');
});

test('a paged "0" list keeps later relists paged', () => {
  start();
  lw.respondList([pod('a', '1')], '10', 'next');
  lw.respondList([pod('b', '2')], '10');
  lw.lastWatch().subject.complete();
  scheduler.advance(800);
  expect(lw.lastList().options).toEqual({ resourceVersion: '10', limit: 500 });
});

describe('streaming list', () => {
  test('collects the initial events and replaces at the annotated bookmark, then keeps watching', () => {
    start({ streamingList: true });
    expect(lw.lists).toHaveLength(0);
    expect(lw.lastWatch().options).toMatchObject({
      resourceVersion: '',
      sendInitialEvents: true,
      resourceVersionMatch: 'NotOlderThan',
      allowWatchBookmarks: true,
    });
    lw.emit({ type: 'ADDED', object: pod('a', '3') });
    lw.emit({ type: 'ADDED', object: pod('b', '4') });
    expect(outputs).toEqual([]);
    lw.emit({
      type: 'BOOKMARK',
      object: {
        metadata: { resourceVersion: '9', annotations: { 'k8s.io/initial-events-end': 'true' } },
      },
    });
    lw.emit({ type: 'MODIFIED', object: pod('a', '10') });
    expect(outputs).toEqual([
      ...listed([pod('a', '3'), pod('b', '4')], '9'),
      { type: 'update', object: pod('a', '10') },
    ]);
    expect(lw.watches).toHaveLength(1);
    lw.lastWatch().subject.complete();
    expect(lw.lastWatch().options).toEqual({
      resourceVersion: '10',
      timeoutSeconds: 300,
      allowWatchBookmarks: true,
    });
  });

  test('is the default: without options the first request is a streaming list', () => {
    lw = new FakeListerWatcher<TestPod>();
    subscription = reflector(lw, { scheduler }).subscribe((output) => outputs.push(output));
    expect(lw.lists).toHaveLength(0);
    expect(lw.lastWatch().options).toMatchObject({
      resourceVersion: '',
      sendInitialEvents: true,
      resourceVersionMatch: 'NotOlderThan',
      allowWatchBookmarks: true,
    });
  });

  test('a 422 falls back to a list for this sync only: the next relist streams again (client-go)', () => {
    start({ streamingList: true });
    const rejected = new ApiError(
      { code: 422, status: { reason: 'Invalid' }, verb: 'watch', source: 'response' },
      ctx,
    );
    lw.lastWatch().subject.error(rejected);
    // Expected of many servers: reported to the monitor, not as a failure.
    expect(fallbacks).toEqual([rejected]);
    expect(errors).toEqual([]);
    expect(lw.lists).toHaveLength(1);
    expect(lw.lastList().options).toEqual({ resourceVersion: '0', limit: 500 });
    sync([pod('a', '5')], '10');
    expect(lw.lastWatch().options.sendInitialEvents).toBeUndefined();
    lw.lastWatch().subject.error(expired());
    scheduler.advance(800);
    // The relist after the 410 is a streaming one again, from the last version.
    expect(lw.lists).toHaveLength(1);
    expect(lw.lastWatch().options).toMatchObject({
      resourceVersion: '10',
      sendInitialEvents: true,
    });
    lw.lastWatch().subject.error(rejected);
    expect(lw.lastList().options).toEqual({ resourceVersion: '10' });
  });

  test('an ordinary bookmark before the initial-events-end one falls back to a list at once', () => {
    start({ streamingList: true });
    lw.emit({ type: 'ADDED', object: pod('a', '3') });
    lw.emit({ type: 'BOOKMARK', object: { metadata: { resourceVersion: '9' } } });
    expect(lw.lastWatch().active).toBe(false);
    expect(fallbacks).toEqual([
      expect.objectContaining({ kind: 'watchList', failure: 'unsupported' }),
    ]);
    expect(errors).toEqual([]);
    expect(lw.lastList().options).toEqual({ resourceVersion: '0', limit: 500 });
    sync([pod('a', '5')], '10');
    expect(outputs).toEqual(listed([pod('a', '5')], '10'));
  });

  test('a stream that ends within 1 s without any event falls back to a list (client-go)', () => {
    start({ streamingList: true });
    scheduler.advance(999);
    lw.lastWatch().subject.complete();
    expect(fallbacks.map((e) => e.kind)).toEqual(['shortWatch']);
    expect(lw.lastList().options).toEqual({ resourceVersion: '0', limit: 500 });
  });

  test('a stream that ends before the bookmark is retried after backoff', () => {
    start({ streamingList: true });
    lw.emit({ type: 'ADDED', object: pod('a', '3') });
    lw.lastWatch().subject.complete();
    expect(errors.map((e) => e.kind)).toEqual(['watchList']);
    expect(outputs).toEqual([]);
    scheduler.advance(800);
    expect(lw.watches).toHaveLength(2);
    expect(lw.lastWatch().options.sendInitialEvents).toBe(true);
  });
});

test('unsubscribing aborts the open watch and leaves nothing scheduled', () => {
  start();
  sync();
  expect(lw.lastWatch().active).toBe(true);
  subscription.unsubscribe();
  expect(lw.lastWatch().active).toBe(false);
  expect(scheduler.pending).toBe(0);
});

test('unsubscribing during a backoff cancels the wait', () => {
  start();
  sync();
  lw.lastWatch().subject.error(refused());
  expect(scheduler.pending).toBe(1);
  subscription.unsubscribe();
  expect(scheduler.pending).toBe(0);
  scheduler.advance(60_000);
  expect(lw.watches).toHaveLength(1);
});
