import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';
import { firstValueFrom } from 'rxjs';
import { ListIdleError, ListStreamError } from '../errors.js';
import { listerWatcher } from './clientNodeListerWatcher.js';

// A raw server, because the fake API server always finishes what it starts: these answers stop
// half way (as when a proxy or a restarting server drops the connection) or never begin.
type Answer = (res: ServerResponse) => void;
const answers: Answer[] = [];
let server: Server;
let kubeConfig: KubeConfig;

beforeEach(async () => {
  server = createServer((_req, res) => answers.shift()?.(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  kubeConfig = new KubeConfig();
  kubeConfig.loadFromOptions({
    clusters: [{ name: 'c', server: `http://127.0.0.1:${port}`, skipTLSVerify: true }],
    users: [{ name: 'u' }],
    contexts: [{ name: 'x', cluster: 'c', user: 'u' }],
    currentContext: 'x',
  });
});
afterEach(async () => {
  answers.length = 0;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const podList = JSON.stringify({
  kind: 'PodList',
  apiVersion: 'v1',
  metadata: { resourceVersion: '7' },
  items: [{ metadata: { name: 'a', namespace: 'default', resourceVersion: '7' } }],
});

const cutMidBody: Answer = (res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100000' });
  res.write(podList.slice(0, 20));
  setTimeout(() => res.socket?.destroy(), 20);
};
const cutChunked: Answer = (res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write(podList.slice(0, 20));
  setTimeout(() => res.socket?.destroy(), 20);
};
const complete: Answer = (res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(podList);
};

test('a list answer cut off mid-body fails with a ListStreamError, and the next list works', async () => {
  answers.push(cutMidBody, complete);
  // The idle guard is off: the cut itself must end the list, as a restarting server's would.
  const lw = listerWatcher(kubeConfig, { version: 'v1', plural: 'pods' }, { listIdleTimeoutMs: 0 });
  const failure = await firstValueFrom(lw.list({})).catch((err: unknown) => err);
  expect(failure).toBeInstanceOf(ListStreamError);
  expect(failure).toMatchObject({ kind: 'stream', verb: 'list', resource: 'pods' });
  const page = await firstValueFrom(lw.list({}));
  expect(page.items.map((p) => p.metadata?.name)).toEqual(['a']);
  expect(page.resourceVersion).toBe('7');
});

test('a list that is never answered fails with a ListIdleError', async () => {
  answers.push(() => undefined);
  const lw = listerWatcher(
    kubeConfig,
    { version: 'v1', plural: 'pods' },
    { listIdleTimeoutMs: 200 },
  );
  await expect(firstValueFrom(lw.list({}))).rejects.toBeInstanceOf(ListIdleError);
});

test('a slow answer that keeps arriving is not cut, however long it takes in all', async () => {
  answers.push((res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunks = podList.match(/.{1,8}/gs) ?? [];
    const timer = setInterval(() => {
      const chunk = chunks.shift();
      if (chunk === undefined) {
        clearInterval(timer);
        res.end();
      } else res.write(chunk);
    }, 30);
  });
  const lw = listerWatcher(
    kubeConfig,
    { version: 'v1', plural: 'pods' },
    { listIdleTimeoutMs: 150 },
  );
  const page = await firstValueFrom(lw.list({}));
  expect(page.items).toHaveLength(1);
});

test('an idle timeout beyond what a timer can take (2^32 ms) does not cut an answer after 1 ms', async () => {
  answers.push((res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    setTimeout(() => res.end(podList), 50);
  });
  const lw = listerWatcher(
    kubeConfig,
    { version: 'v1', plural: 'pods' },
    { listIdleTimeoutMs: 2 ** 32 },
  );
  const page = await firstValueFrom(lw.list({}));
  expect(page.items).toHaveLength(1);
});

test('a chunked list answer cut off mid-body fails with a ListStreamError, and the next list works', async () => {
  answers.push(cutChunked, complete);
  const lw = listerWatcher(kubeConfig, { version: 'v1', plural: 'pods' });
  const failure = await firstValueFrom(lw.list({})).catch((err: unknown) => err);
  expect(failure).toBeInstanceOf(ListStreamError);
  expect(failure).toMatchObject({ kind: 'stream', verb: 'list', resource: 'pods' });
  const page = await firstValueFrom(lw.list({}));
  expect(page.items.map((p) => p.metadata?.name)).toEqual(['a']);
});
