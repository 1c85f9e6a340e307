import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from '@rxkube/devkit';
import { loadPods, type FakeApiServer } from '@rxkube/testing';
import { firstValueFrom, take, toArray } from 'rxjs';
import {
  ApiError,
  ConnectionError,
  DecodeError,
  ListIdleError,
  ListStreamError,
  TooLargeError,
} from '../errors.js';
import type { WatchEvent } from '../listerWatcher.js';
import { fakeServerPerTest } from '../testSupport/fakeServerPerTest.testing.js';
import { pod, type TestPod } from '../testSupport/pods.testing.js';
import { fetchListerWatcher, type FetchListerWatcherOptions } from './fetchListerWatcher.js';

// Node's own fetch against the fake API server over real HTTP: the same requests and streams a
// browser's fetch makes, with the token a proxy would otherwise add.
let server: FakeApiServer;
fakeServerPerTest((started) => (server = started));

const pods = { version: 'v1', plural: 'pods' };
const lwFor = (options: FetchListerWatcherOptions<TestPod> = {}) =>
  fetchListerWatcher<TestPod>(server.url, pods, {
    headers: { Authorization: `Bearer ${server.token}` },
    ...options,
  });
const failureOf = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (err: unknown) => err,
  );

test('lists page by page with limit and continue, items carrying kind and apiVersion', async () => {
  loadPods(server, { count: 5, namespaces: ['default'] });
  const lw = lwFor({ namespace: 'default' });
  expect(lw.description).toBe('pods in default');
  const first = await firstValueFrom(lw.list({ resourceVersion: '', limit: 2 }));
  expect(first.items).toHaveLength(2);
  expect(first.items[0]).toMatchObject({ kind: 'Pod', apiVersion: 'v1' });
  expect(first.continue).toBeTruthy();
  const second = await firstValueFrom(lw.list({ continue: first.continue!, limit: 2 }));
  const third = await firstValueFrom(lw.list({ continue: second.continue!, limit: 2 }));
  expect(second.resourceVersion).toBe(first.resourceVersion);
  expect(third.continue ?? '').toBe('');
  const names = [...first.items, ...second.items, ...third.items].map((p) => p.metadata.name);
  expect(names).toEqual(server.list<TestPod>('v1', 'Pod').map((p) => p.metadata.name));
});

test('headers given as a function are read for every request', async () => {
  let calls = 0;
  const lw = fetchListerWatcher<TestPod>(server.url, pods, {
    headers: () => {
      calls++;
      return { Authorization: `Bearer ${server.token}` };
    },
  });
  await firstValueFrom(lw.list({}));
  await firstValueFrom(lw.list({}));
  expect(calls).toBe(2);
});

test('a request without credentials, or refused, fails with an ApiError carrying the Status', async () => {
  const anonymous = fetchListerWatcher<TestPod>(server.url, pods);
  expect(await failureOf(firstValueFrom(anonymous.list({})))).toMatchObject({
    code: 401,
    verb: 'list',
  });
  server.forbidNamespace('secret');
  const failure = await failureOf(
    firstValueFrom(lwFor({ namespace: 'secret' }).watch({ resourceVersion: '' })),
  );
  expect(failure).toBeInstanceOf(ApiError);
  expect(failure).toMatchObject({
    code: 403,
    reason: 'Forbidden',
    verb: 'watch',
    resource: 'pods in secret',
  });
});

test('a 429 carries Retry-After', async () => {
  server.faults.failRequests({ code: 429, retryAfterSeconds: 3, verb: 'list' });
  const failure = await failureOf(firstValueFrom(lwFor().list({})));
  expect(failure).toMatchObject({ code: 429, retryAfterSeconds: 3 });
});

test('watches stream decoded events and bookmarks, honour selectors, and close the socket on unsubscribe', async () => {
  const lw = lwFor({ namespace: 'default', labelSelector: 'app=web' });
  const events: WatchEvent<TestPod>[] = [];
  const subscription = lw
    .watch({ resourceVersion: server.resourceVersion, allowWatchBookmarks: true })
    .subscribe((e) => events.push(e));
  await eventually(() => server.openWatches === 1, 'the watch to open');
  server.create(pod('a', '', { metadata: { name: 'a', labels: { app: 'web' } } }));
  server.create(pod('b', '', { metadata: { name: 'b', labels: { app: 'db' } } }));
  server.sendBookmarks();
  await eventually(() => events.length === 2, 'two events');
  expect(events.map((e) => e.type)).toEqual(['ADDED', 'BOOKMARK']);
  expect(events[0]?.object).toMatchObject({ metadata: { name: 'a' } });
  subscription.unsubscribe();
  await eventually(
    () => server.openWatches === 0 && server.openConnections === 0,
    'the socket to close',
  );
});

test('a streaming list sends the current state, then the annotated bookmark', async () => {
  loadPods(server, { count: 3, namespaces: ['default'] });
  const events = await firstValueFrom(
    lwFor()
      .watch({
        resourceVersion: '',
        sendInitialEvents: true,
        resourceVersionMatch: 'NotOlderThan',
        allowWatchBookmarks: true,
      })
      .pipe(take(4), toArray()),
  );
  expect(events.map((e) => e.type)).toEqual(['ADDED', 'ADDED', 'ADDED', 'BOOKMARK']);
  expect(events[3]?.object).toMatchObject({
    metadata: { annotations: { 'k8s.io/initial-events-end': 'true' } },
  });
});

test('a malformed line fails the watch with a DecodeError', async () => {
  server.create(pod('a', ''));
  server.faults.malformedLineAfter(0);
  const failure = await failureOf(
    firstValueFrom(lwFor().watch({ resourceVersion: '1' }).pipe(take(5), toArray())),
  );
  expect(failure).toBeInstanceOf(DecodeError);
});

test('an event over maxEventBytes fails the watch with a TooLargeError', async () => {
  const lw = lwFor({ maxEventBytes: 200 });
  const done = failureOf(firstValueFrom(lw.watch({ resourceVersion: server.resourceVersion })));
  await eventually(() => server.openWatches === 1, 'the watch to open');
  server.create(pod('big', '', { metadata: { name: 'big', annotations: { a: 'x'.repeat(500) } } }));
  expect(await done).toBeInstanceOf(TooLargeError);
  await eventually(() => server.openConnections === 0, 'the aborted watch to close');
});

test('a clean server-side close completes the watch', async () => {
  const done = firstValueFrom(
    lwFor().watch({ resourceVersion: server.resourceVersion }).pipe(toArray()),
  );
  await eventually(() => server.openWatches === 1, 'the watch to open');
  server.closeWatches();
  await expect(done).resolves.toEqual([]);
});

test('a refused connection is a ConnectionError that never repeats the credentials', async () => {
  const lw = fetchListerWatcher<TestPod>('http://127.0.0.1:9', pods, {
    headers: { Authorization: 'Bearer token-abc' },
  });
  const failure = await failureOf(firstValueFrom(lw.list({})));
  expect(failure).toBeInstanceOf(ConnectionError);
  expect((failure as ConnectionError).message).toMatch(/connection failed/);
  expect((failure as ConnectionError).message).not.toMatch(/token-abc/);
});

test('the base URL keeps its path, and a bad one is refused with a TypeError naming it', async () => {
  const requested: string[] = [];
  const lw = fetchListerWatcher<TestPod>(`${server.url}/k8s/`, pods, {
    namespace: 'shop',
    labelSelector: 'app=web',
    fetch: (input, init) => {
      requested.push(String(input));
      return fetch(String(input).replace('/k8s', ''), init);
    },
    headers: { Authorization: `Bearer ${server.token}` },
  });
  await firstValueFrom(lw.list({ limit: 5 }));
  expect(requested).toEqual([
    `${server.url}/k8s/api/v1/namespaces/shop/pods?labelSelector=app%3Dweb&limit=5`,
  ]);
  expect(() => fetchListerWatcher('k8s', pods)).toThrow(TypeError);
  expect(() => fetchListerWatcher('k8s', pods)).toThrow(/"k8s" is not an absolute URL/);
});

describe('list answers that go silent or break off', () => {
  // A raw server: the fake API server always finishes what it starts.
  const answers: ((res: ServerResponse) => void)[] = [];
  let raw: Server;
  let base: string;
  beforeEach(async () => {
    raw = createServer((_req, res) => answers.shift()?.(res));
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    answers.length = 0;
    raw.closeAllConnections();
    await new Promise((resolve) => raw.close(resolve));
  });
  const podList = JSON.stringify({
    kind: 'PodList',
    apiVersion: 'v1',
    metadata: { resourceVersion: '7' },
    items: [{ metadata: { name: 'a', namespace: 'default', resourceVersion: '7' } }],
  });

  test('an answer that stops arriving fails with a ListIdleError, and the next list works', async () => {
    answers.push(
      (res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write(podList.slice(0, 20)); // and nothing more, the connection held open
      },
      (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(podList),
    );
    const lw = fetchListerWatcher(base, pods, { listIdleTimeoutMs: 200 });
    const failure = await failureOf(firstValueFrom(lw.list({})));
    expect(failure).toBeInstanceOf(ListIdleError);
    expect(failure).toMatchObject({ kind: 'idle', idleMs: 200, resource: 'pods' });
    const page = await firstValueFrom(lw.list({}));
    expect(page.items.map((p) => p.metadata?.name)).toEqual(['a']);
  });

  test('an answer cut off mid-body fails with a ListStreamError', async () => {
    answers.push((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(podList.slice(0, 20));
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const failure = await failureOf(firstValueFrom(fetchListerWatcher(base, pods).list({})));
    expect(failure).toBeInstanceOf(ListStreamError);
    expect(failure).toMatchObject({ kind: 'stream', verb: 'list', resource: 'pods' });
  });
});
