import type { KubeConfig } from '@kubernetes/client-node';
import type { FakeApiServer } from '@rxkube/testing';
import { loadPods } from '@rxkube/testing';
import { get } from 'node:http';
import { firstValueFrom } from 'rxjs';
import { ApiError, ConnectionError } from '../errors.js';
import type { TestPod } from '../testSupport/pods.testing.js';
import type { DispatcherLike, DispatcherRequestOptions } from './dispatcherFetch.js';
import { fakeServerPerTest } from '../testSupport/fakeServerPerTest.testing.js';
import { listerWatcher } from './clientNodeListerWatcher.js';

// client-node 2.x cannot be imported on Node 20, where this suite also runs, so its KubeConfig
// is stood in for by the two methods the informer reads, and its undici dispatcher by one that
// answers `request` over node:http with undici's answer shape. The real client-node 2.x runs
// the whole suite in the Node 24 matrix (docs/development.md).

let server: FakeApiServer;
fakeServerPerTest((started) => (server = started));

const pods = { version: 'v1', plural: 'pods' };

/** A dispatcher sending over node:http, recording each request's options. */
function httpDispatcher(requests: DispatcherRequestOptions[]): DispatcherLike {
  return {
    request: (options) =>
      new Promise((resolve, reject) => {
        requests.push(options);
        const url = new URL(options.path, options.origin);
        const req = get(url, { headers: options.headers, signal: options.signal }, (res) => {
          const text = async (): Promise<string> => {
            let all = '';
            for await (const chunk of res) all += String(chunk);
            return all;
          };
          resolve({
            statusCode: res.statusCode ?? 0,
            headers: res.headers,
            body: Object.assign(res, { text }),
          });
        });
        req.on('error', reject);
      }),
  };
}

/** A KubeConfig shaped like client-node 2.x's: no `applyToFetchOptions`. */
function clientNode2Config(dispatcher: DispatcherLike | undefined): KubeConfig {
  const config = {
    getCurrentCluster: () => ({ name: 'fake', server: server.url, skipTLSVerify: true }),
    applySecurityAuthentication: async (context: {
      setHeaderParam(name: string, value: string): void;
      setDispatcher(dispatcher: DispatcherLike): void;
    }) => {
      context.setHeaderParam('Authorization', `Bearer ${server.token}`);
      if (dispatcher !== undefined) context.setDispatcher(dispatcher);
    },
  };
  return config as unknown as KubeConfig;
}

test('with client-node 2.x, a list goes through its dispatcher with its headers and closes the connection', async () => {
  loadPods(server, { count: 3, namespaces: ['default'] });
  const requests: DispatcherRequestOptions[] = [];
  const lw = listerWatcher<TestPod>(clientNode2Config(httpDispatcher(requests)), pods, {
    namespace: 'default',
  });
  const page = await firstValueFrom(lw.list({ resourceVersion: '', limit: 2 }));
  expect(page.items).toHaveLength(2);
  expect(page.items[0]).toMatchObject({ kind: 'Pod', apiVersion: 'v1' });
  expect(requests).toEqual([
    expect.objectContaining({
      origin: new URL(server.url).origin,
      path: '/api/v1/namespaces/default/pods?limit=2',
      method: 'GET',
      headers: { Accept: 'application/json', Authorization: `Bearer ${server.token}` },
      reset: true,
    }),
  ]);
});

test('with client-node 2.x, a refused request carries the server Status and Retry-After', async () => {
  server.faults.failRequests({ code: 429, retryAfterSeconds: 3, verb: 'list' });
  const lw = listerWatcher<TestPod>(clientNode2Config(httpDispatcher([])), pods);
  const failure = await firstValueFrom(lw.list({})).catch((err: unknown) => err);
  expect(failure).toBeInstanceOf(ApiError);
  expect(failure).toMatchObject({ code: 429, retryAfterSeconds: 3, verb: 'list' });
});

test('with client-node 2.x and no dispatcher (no TLS or proxy settings), Node’s fetch sends the request', async () => {
  loadPods(server, { count: 2, namespaces: ['default'] });
  const lw = listerWatcher<TestPod>(clientNode2Config(undefined), pods);
  const page = await firstValueFrom(lw.list({}));
  expect(page.items.map((p) => p.metadata.name).sort()).toHaveLength(2);
});

test('a KubeConfig of neither client-node major fails with a ConnectionError naming both', async () => {
  const config = { getCurrentCluster: () => ({ name: 'fake', server: server.url }) };
  const lw = listerWatcher<TestPod>(config as unknown as KubeConfig, pods);
  const failure = await firstValueFrom(lw.list({})).catch((err: unknown) => err);
  expect(failure).toBeInstanceOf(ConnectionError);
  expect(String(failure)).toMatch(/applyToFetchOptions.*applySecurityAuthentication/);
});
