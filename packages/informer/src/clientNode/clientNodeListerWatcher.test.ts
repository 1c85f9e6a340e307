import { FakeApiServer, loadPods } from '@rxkube/testing';
import { KubeConfig } from '@kubernetes/client-node';
import { firstValueFrom, toArray, take } from 'rxjs';
import { ApiError, ConnectionError, DecodeError } from '../errors.js';
import type { WatchEvent } from '../listerWatcher.js';
import { eventually } from '@rxkube/devkit';
import { pod, type TestPod } from '../testSupport/pods.testing.js';
import { fakeServerPerTest } from '../testSupport/fakeServerPerTest.testing.js';
import { listerWatcher } from './clientNodeListerWatcher.js';

let server: FakeApiServer;
fakeServerPerTest((started) => (server = started));

const pods = { version: 'v1', plural: 'pods' };

test('lists page by page with the KubeConfig credentials, items carrying kind and apiVersion', async () => {
  loadPods(server, { count: 5, namespaces: ['default'] });
  const lw = listerWatcher<TestPod>(server.kubeConfig(), pods, { namespace: 'default' });
  const first = await firstValueFrom(lw.list({ resourceVersion: '', limit: 2 }));
  expect(first.items).toHaveLength(2);
  expect(first.items[0]).toMatchObject({ kind: 'Pod', apiVersion: 'v1' });
  expect(first.continue).toBeTruthy();
  const second = await firstValueFrom(lw.list({ continue: first.continue!, limit: 2 }));
  expect(second.resourceVersion).toBe(first.resourceVersion);
  expect(second.items[0]?.metadata.name).not.toBe(first.items[0]?.metadata.name);
});

test('a refused request carries the server Status', async () => {
  server.forbidNamespace('secret');
  const lw = listerWatcher<TestPod>(server.kubeConfig(), pods, { namespace: 'secret' });
  const failure = await firstValueFrom(lw.list({})).catch((err: unknown) => err);
  expect(failure).toBeInstanceOf(ApiError);
  expect(failure).toMatchObject({
    code: 403,
    reason: 'Forbidden',
    verb: 'list',
    resource: 'pods in secret',
  });
});

test('a 429 carries Retry-After', async () => {
  server.faults.failRequests({ code: 429, retryAfterSeconds: 3, verb: 'list' });
  const lw = listerWatcher<TestPod>(server.kubeConfig(), pods);
  const failure = await firstValueFrom(lw.list({})).catch((err: unknown) => err);
  expect(failure).toMatchObject({ code: 429, retryAfterSeconds: 3 });
});

test('watches stream decoded events, honour selectors and close the socket on unsubscribe', async () => {
  const kc = server.kubeConfig();
  const rv = server.resourceVersion;
  const lw = listerWatcher<TestPod>(kc, pods, { namespace: 'default', labelSelector: 'app=web' });
  const events: WatchEvent<TestPod>[] = [];
  const subscription = lw
    .watch({ resourceVersion: rv, allowWatchBookmarks: true })
    .subscribe((e) => events.push(e));
  await eventually(() => server.openWatches === 1, 'the watch to open');
  server.create(pod('a', '', { metadata: { name: 'a', labels: { app: 'web' } } }));
  server.create(pod('b', '', { metadata: { name: 'b', labels: { app: 'db' } } }));
  server.sendBookmarks();
  await eventually(() => events.length === 2, 'two events');
  expect(events.map((e) => e.type)).toEqual(['ADDED', 'BOOKMARK']);
  subscription.unsubscribe();
  await eventually(
    () => server.openWatches === 0 && server.openConnections === 0,
    'the socket to close',
  );
});

test('a malformed line fails the watch with a DecodeError', async () => {
  server.create(pod('a', ''));
  const lw = listerWatcher<TestPod>(server.kubeConfig(), pods);
  server.faults.malformedLineAfter(0);
  const failure = await firstValueFrom(
    lw.watch({ resourceVersion: '1' }).pipe(take(5), toArray()),
  ).catch((err: unknown) => err);
  expect(failure).toBeInstanceOf(DecodeError);
});

test('a clean server-side close completes the watch', async () => {
  const lw = listerWatcher<TestPod>(server.kubeConfig(), pods);
  const done = firstValueFrom(
    lw.watch({ resourceVersion: server.resourceVersion }).pipe(toArray()),
  );
  await eventually(() => server.openWatches === 1, 'the watch to open');
  server.closeWatches();
  await expect(done).resolves.toEqual([]);
});

test('a connection failure never repeats credentials written into the server URL', async () => {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'c', server: 'http://admin:hunter2@127.0.0.1:9', skipTLSVerify: true }],
    users: [{ name: 'u', token: 'token-abc' }],
    contexts: [{ name: 'x', cluster: 'c', user: 'u' }],
    currentContext: 'x',
  });
  const failure = await firstValueFrom(listerWatcher<TestPod>(kc, pods).list({})).catch(
    (err: unknown) => err,
  );
  expect(failure).toBeInstanceOf(ConnectionError);
  const { message } = failure as ConnectionError;
  expect(message).toMatch(/connection failed/);
  expect(message).not.toMatch(/hunter2|token-abc/);
});

test('lists and watches over TLS, trusting the KubeConfig’s CA, and closes every socket', async () => {
  const tls = await FakeApiServer.start({ tls: true });
  try {
    loadPods(tls, { count: 3, namespaces: ['default'] });
    const lw = listerWatcher<TestPod>(tls.kubeConfig(), pods);
    const page = await firstValueFrom(lw.list({}));
    expect(page.items).toHaveLength(3);
    const events: WatchEvent<TestPod>[] = [];
    const subscription = lw
      .watch({ resourceVersion: page.resourceVersion })
      .subscribe((e) => events.push(e));
    await eventually(() => tls.openWatches === 1, 'the watch to open');
    tls.create(pod('d', ''));
    await eventually(() => events.length === 1, 'the added pod');
    subscription.unsubscribe();
    await eventually(() => tls.openConnections === 0, 'the sockets to close');
  } finally {
    await tls.stop();
  }
});
