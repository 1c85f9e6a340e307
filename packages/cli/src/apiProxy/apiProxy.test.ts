import { jest } from '@jest/globals';
import { CoreV1Api, Watch, type V1Pod } from '@kubernetes/client-node';
import { eventually } from '@rxkube/devkit';
import { SharedIndexInformer, fetchListerWatcher, silentLogger } from '@rxkube/informer';
import type { KubeObject } from '@rxkube/store';
import { ChurnGenerator, loadPods, type FakeApiServer } from '@rxkube/testing';
import { request } from 'node:http';
import { TrackedInformers } from '../informers/trackedInformers.js';
import { ResourceAllowlist } from './resourceAllowlist.js';
import {
  proxyKubeConfig,
  startProxyUnderTest,
  type ProxyUnderTest,
  type ProxyUnderTestOptions,
} from '../testSupport/apiProxy.testing.js';
import { httpGet, httpRequest } from '../testSupport/http.testing.js';

// `rxkube proxy` over real HTTP, in front of the fake API server: clients without any
// credential of the cluster's list, get and watch through it; everything but reading the
// allowed resources is refused with a Kubernetes Status.

jest.setTimeout(60_000);

let running: ProxyUnderTest | undefined;
const cleanups: Array<() => unknown> = [];

async function start(options: ProxyUnderTestOptions = {}): Promise<ProxyUnderTest> {
  running = await startProxyUnderTest(options);
  return running;
}

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await running?.stop();
  running = undefined;
});

/**
 * Compacts history behind a cut watch (its reconnection is delayed so the compaction comes
 * first): the informer gets a 410 and relists through the proxy, then matches the server.
 */
async function compactBehindCutWatch(
  api: FakeApiServer,
  churn: ChurnGenerator,
  relists: () => number,
  converged: () => boolean,
): Promise<void> {
  const before = relists();
  api.faults.delayRequests({ ms: 300, verb: 'watch', times: 1 });
  api.dropConnections();
  churn.step(40);
  api.compact();
  churn.step(40);
  await eventually(
    () => relists() > before && converged(),
    'a relist and the cache to match the server after a compaction',
  );
}

/** `namespace/name@resourceVersion` of every object, sorted: two caches agree iff these do. */
function versions(objects: readonly KubeObject[]): string[] {
  return objects
    .map((o) => `${o.metadata?.namespace}/${o.metadata?.name}@${o.metadata?.resourceVersion}`)
    .sort();
}

test('client-node lists, gets and watches through the proxy with no credential of its own', async () => {
  const { api, server } = await start();
  loadPods(api, { count: 5, namespaces: ['shop'] });
  // The API server itself refuses a client without its token: the proxy supplies it.
  expect((await httpGet(api.url, '/api/v1/namespaces/shop/pods')).status).toBe(401);

  const core = proxyKubeConfig(server.url).makeApiClient(CoreV1Api);
  const list = await core.listNamespacedPod({ namespace: 'shop', limit: 2 });
  expect(list.items).toHaveLength(2);
  expect(list.metadata?._continue).toBeTruthy();
  const name = list.items[0]!.metadata!.name!;
  expect((await core.readNamespacedPod({ namespace: 'shop', name })).metadata?.uid).toBe(
    api.get({ apiVersion: 'v1', kind: 'Pod', namespace: 'shop', name })!.metadata.uid,
  );

  const seen: Array<{ type: string; name: string }> = [];
  const watch = await new Watch(proxyKubeConfig(server.url)).watch(
    '/api/v1/namespaces/shop/pods',
    { resourceVersion: list.metadata!.resourceVersion!, allowWatchBookmarks: true },
    (type: string, pod: V1Pod) => seen.push({ type, name: pod.metadata?.name ?? '' }),
    () => {},
  );
  cleanups.push(() => watch.abort());
  api.delete({ apiVersion: 'v1', kind: 'Pod', namespace: 'shop', name });
  await eventually(() => seen.some((e) => e.type === 'DELETED'), 'the deletion');
  expect(seen.filter((e) => e.type !== 'BOOKMARK')).toEqual([{ type: 'DELETED', name }]);
});

test('a streaming list (sendInitialEvents) comes through as events, then the end-of-initial-events bookmark', async () => {
  const { api, server } = await start();
  loadPods(api, { count: 3, namespaces: ['shop'] });
  const { hostname, port } = new URL(server.url);
  const lines: Array<{ type: string; object: { metadata: { annotations?: object } } }> = [];
  const client = request({
    hostname,
    port,
    agent: false,
    path:
      '/api/v1/namespaces/shop/pods?watch=1&sendInitialEvents=true&allowWatchBookmarks=true' +
      '&resourceVersionMatch=NotOlderThan&resourceVersion=',
  });
  cleanups.push(() => client.destroy());
  client.on('response', (res) => {
    let pending = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      pending += chunk;
      const complete = pending.split('\n');
      pending = complete.pop()!;
      for (const line of complete) lines.push(JSON.parse(line) as (typeof lines)[number]);
    });
  });
  client.end();
  await eventually(() => lines.some((e) => e.type === 'BOOKMARK'), 'the bookmark');
  expect(lines.map((e) => e.type)).toEqual(['ADDED', 'ADDED', 'ADDED', 'BOOKMARK']);
  expect(lines[3]!.object.metadata.annotations).toEqual({ 'k8s.io/initial-events-end': 'true' });
});

test('a SharedIndexInformer through the proxy converges through a 410 compaction and dropped connections', async () => {
  const { api, server } = await start();
  loadPods(api, { count: 30, namespaces: ['a', 'b'] });
  const churn = new ChurnGenerator(api, { namespaces: ['a', 'b'], seed: 7 });
  const informers = new TrackedInformers(proxyKubeConfig(server.url));
  cleanups.push(() => informers.shutdown());
  const { informer } = informers.informerFor<KubeObject>({
    version: 'v1',
    plural: 'pods',
  });
  await informer.waitForCacheSync();
  const converged = () =>
    versions(informer.getIndexer().list()).join() === versions(api.list('v1', 'Pod')).join();
  expect(converged()).toBe(true);

  // Connections cut: the informer watches again from its resource version.
  churn.step(40);
  api.dropConnections();
  churn.step(40);
  await eventually(converged, 'the cache to match the server after dropped connections');

  // Syncs as the API server saw them, lists and streaming lists alike (the informer streams by
  // default; the status tracker counts list pages only).
  const syncs = () =>
    api
      .requests()
      .filter(
        (r) =>
          r.path.endsWith('/pods') &&
          (r.query['watch'] === undefined || r.query['sendInitialEvents'] === 'true'),
      ).length;
  await compactBehindCutWatch(api, churn, syncs, converged);
});

test('writes are refused with 405 and a Status; nothing reaches the API server', async () => {
  const { api, server } = await start();
  const core = proxyKubeConfig(server.url).makeApiClient(CoreV1Api);
  const failure = await core
    .createNamespacedConfigMap({ namespace: 'shop', body: { metadata: { name: 'cm' } } })
    .catch((err: unknown) => err);
  expect(failure).toMatchObject({ code: 405 });
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']) {
    const answer = await httpRequest(method, server.url, '/api/v1/namespaces/shop/configmaps');
    expect({ method, status: answer.status, allow: answer.headers.allow }).toEqual({
      method,
      status: 405,
      allow: 'GET',
    });
    if (method !== 'HEAD') {
      expect(JSON.parse(answer.body)).toMatchObject({
        kind: 'Status',
        status: 'Failure',
        reason: 'MethodNotAllowed',
        code: 405,
      });
    }
  }
  expect(api.list('v1', 'ConfigMap')).toEqual([]);
});

test('Secrets are refused with 403 unless allowed, in lists, gets and watches', async () => {
  const secret = { apiVersion: 'v1', kind: 'Secret', metadata: { namespace: 'shop', name: 'db' } };
  const paths = [
    '/api/v1/secrets',
    '/api/v1/namespaces/shop/secrets',
    '/api/v1/namespaces/shop/secrets/db',
    '/api/v1/namespaces/shop/secrets?watch=true',
    '/api/v1/watch/namespaces/shop/secrets',
  ];
  const refused = await start();
  refused.api.create({ ...secret, data: { password: 'aHVudGVyMg==' } });
  for (const path of paths) {
    const answer = await httpGet(refused.server.url, path);
    expect({ path, status: answer.status }).toEqual({ path, status: 403 });
    expect(JSON.parse(answer.body)).toMatchObject({ reason: 'Forbidden', code: 403 });
    expect(answer.body).toContain('--allow-secrets');
    expect(answer.body).not.toContain('aHVudGVyMg==');
  }
  await refused.stop();

  const allowed = await start({ proxy: { resources: new ResourceAllowlist([], true) } });
  allowed.api.create(secret);
  const list = await httpGet(allowed.server.url, '/api/v1/namespaces/shop/secrets');
  expect(list.status).toBe(200);
  expect(JSON.parse(list.body)).toMatchObject({
    kind: 'SecretList',
    items: [{ metadata: { name: 'db' } }],
  });
});

test('resources outside the allowlist, subresources, odd paths: 403, 400, 404 as Status', async () => {
  const { api, server } = await start({ proxy: { resources: new ResourceAllowlist(['pods']) } });
  loadPods(api, { count: 1, namespaces: ['shop'] });
  const name = api.list('v1', 'Pod')[0]!.metadata.name;
  const answers = {
    '/api/v1/namespaces/shop/pods': 200,
    '/api': 200,
    '/api/v1': 200,
    '/apis': 200,
    '/apis/apps/v1': 200,
    '/version': 200,
    '/apis/apps/v1/namespaces/shop/deployments': 403,
    '/api/v1/namespaces/shop/configmaps': 403,
    [`/api/v1/namespaces/shop/pods/${name}/log`]: 403,
    [`/api/v1/namespaces/shop/pods/${name}/exec?command=sh`]: 403,
    '/api/v1/namespaces/shop/status': 403, // the namespace's subresource, not a resource in it
    '/api/v1/namespaces/shop/pods%2F..%2F..%2Fsecrets': 400,
    '/api/v1/namespaces//pods': 400,
    '/healthz': 404,
    '/': 404,
  };
  for (const [path, status] of Object.entries(answers)) {
    const answer = await httpGet(server.url, path);
    expect({ path, status: answer.status }).toEqual({ path, status });
    if (status !== 200) {
      expect(JSON.parse(answer.body)).toMatchObject({
        kind: 'Status',
        status: 'Failure',
        code: status,
      });
    }
  }
  // `..` segments are resolved before the check: this is the Secrets path, refused as such.
  const dotted = await httpGet(server.url, '/api/v1/namespaces/shop/pods/../../../secrets');
  expect(dotted.status).toBe(403);
  expect(dotted.body).toContain('--allow-secrets');
});

test("the API server's errors are relayed as its Status with its code; unreachable is 503", async () => {
  const { api, server } = await start();
  api.forbidNamespace('vault');
  const forbidden = await httpGet(server.url, '/api/v1/namespaces/vault/pods');
  expect(forbidden.status).toBe(403);
  expect(JSON.parse(forbidden.body)).toMatchObject({
    kind: 'Status',
    reason: 'Forbidden',
    code: 403,
    message: expect.stringContaining('cannot list resource "pods"'),
  });

  api.faults.failRequests({ code: 429, retryAfterSeconds: 3, verb: 'list' });
  const throttled = await httpGet(server.url, '/api/v1/pods');
  expect(throttled.status).toBe(429);
  expect(throttled.headers['retry-after']).toBe('3');
  expect(JSON.parse(throttled.body)).toMatchObject({ reason: 'TooManyRequests', code: 429 });

  const expired = await httpGet(server.url, '/api/v1/pods?limit=1&continue=not-a-token');
  expect(expired.status).toBe(400);
  expect(JSON.parse(expired.body)).toMatchObject({ reason: 'BadRequest', code: 400 });

  await api.stop();
  const unreachable = await httpGet(server.url, '/api/v1/pods');
  expect(unreachable.status).toBe(503);
  expect(unreachable.headers['retry-after']).toBe('1');
  expect(JSON.parse(unreachable.body)).toMatchObject({
    reason: 'ServiceUnavailable',
    code: 503,
    message: expect.stringContaining('ECONNREFUSED'),
  });
});

test("closing the client's connection ends the proxy's watch on the API server", async () => {
  const { api, proxy, server } = await start();
  loadPods(api, { count: 3, namespaces: ['shop'] });
  const { hostname, port } = new URL(server.url);
  const client = request({
    hostname,
    port,
    path: '/api/v1/namespaces/shop/pods?watch=true&allowWatchBookmarks=true',
    agent: false,
  });
  const head = new Promise<number>((resolve, reject) => {
    client.on('response', (res) => resolve(res.statusCode ?? 0));
    client.on('error', reject);
  });
  client.end();
  // The head comes before any event: flushed as soon as the API server answered.
  expect(await head).toBe(200);
  expect(api.openWatches).toBe(1);
  expect(proxy.openRequests).toBe(1);

  client.destroy();
  await eventually(() => api.openWatches === 0, "the API server's watch to end");
  expect(proxy.openRequests).toBe(0);
});

// What a page does: the platform's fetch, no credential, same origin as the proxy.
test('fetchListerWatcher lists and watches through the proxy, and an informer on it converges through a compaction', async () => {
  const { api, server } = await start();
  loadPods(api, { count: 30, namespaces: ['a', 'b'] });
  const churn = new ChurnGenerator(api, { namespaces: ['a', 'b'], seed: 11 });
  const informer = new SharedIndexInformer(
    fetchListerWatcher<KubeObject>(server.url, { version: 'v1', plural: 'pods' }, { pageSize: 7 }),
    { logger: silentLogger, reflector: { backoff: { initialMs: 5, maxMs: 50 } } },
  );
  cleanups.push(() => informer.stop());
  informer.start();
  await informer.waitForCacheSync();
  const converged = () =>
    versions(informer.getIndexer().list()).join() === versions(api.list('v1', 'Pod')).join();
  expect(converged()).toBe(true);

  churn.step(40);
  await eventually(converged, 'the cache to follow the watch through the proxy');

  await compactBehindCutWatch(api, churn, () => informer.metrics().relists, converged);
});
