import { CoreV1Api } from '@kubernetes/client-node';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiProxy } from './apiProxy.js';
import { startApiProxyServer } from './apiProxyServer.js';
import { ResourceAllowlist } from './resourceAllowlist.js';
import { AccessToken } from '../dashboard/accessToken.js';
import {
  proxyKubeConfig,
  startProxyUnderTest,
  type ProxyUnderTest,
} from '../testSupport/apiProxy.testing.js';
import { httpGet } from '../testSupport/http.testing.js';

// Who `rxkube proxy` answers: the dashboard's Host and Origin checks against DNS rebinding and
// other sites' pages, and its token when bound off loopback. Refusals are Status bodies.

let running: ProxyUnderTest | undefined;

afterEach(async () => {
  await running?.stop();
  running = undefined;
});

const pods = '/api/v1/namespaces/shop/pods';

test('answers its own host names, and refuses another Host or Origin with a 403 Status', async () => {
  running = await startProxyUnderTest();
  const { url } = running.server;
  const port = new URL(url).port;
  const answers = {
    ownHost: (await httpGet(url, pods, { Host: `localhost:${port}` })).status,
    rebound: (await httpGet(url, pods, { Host: `attacker.example:${port}` })).status,
    ownOrigin: (await httpGet(url, pods, { Origin: `http://127.0.0.1:${port}` })).status,
    otherSite: (await httpGet(url, pods, { Origin: 'https://attacker.example' })).status,
  };
  expect(answers).toEqual({ ownHost: 200, rebound: 403, ownOrigin: 200, otherSite: 403 });
  const refused = await httpGet(url, pods, { Host: `attacker.example:${port}` });
  expect(JSON.parse(refused.body)).toMatchObject({
    kind: 'Status',
    reason: 'Forbidden',
    code: 403,
    message: expect.stringContaining('this proxy does not answer requests for host'),
  });
});

test("with a token, asks it of every request; a kubeconfig user's token is how client-node sends it", async () => {
  const token = new AccessToken();
  running = await startProxyUnderTest({ server: { token } });
  const { url } = running.server;
  expect({
    none: (await httpGet(url, pods)).status,
    wrong: (await httpGet(url, pods, { Authorization: `Bearer ${token.value}x` })).status,
    bearer: (await httpGet(url, pods, { Authorization: `Bearer ${token.value}` })).status,
    query: (await httpGet(url, `${pods}?token=${token.value}`)).status,
  }).toEqual({ none: 401, wrong: 401, bearer: 200, query: 200 });
  const refused = await httpGet(url, pods);
  expect(JSON.parse(refused.body)).toMatchObject({ reason: 'Unauthorized', code: 401 });
  expect(refused.body).not.toContain(token.value);

  const withToken = proxyKubeConfig(url, token.value).makeApiClient(CoreV1Api);
  expect((await withToken.listNamespacedPod({ namespace: 'shop' })).items).toEqual([]);
  const without = proxyKubeConfig(url).makeApiClient(CoreV1Api);
  expect(
    await without.listNamespacedPod({ namespace: 'shop' }).catch((e: unknown) => e),
  ).toMatchObject({
    code: 401,
  });
});

test("the client's Authorization never reaches the API server: the kubeconfig's credentials do", async () => {
  running = await startProxyUnderTest();
  // Sent on to the API server, this header would replace the proxy's token there: a 401.
  const answer = await httpGet(running.server.url, pods, { Authorization: 'Bearer not-the-token' });
  expect(answer.status).toBe(200);
});

test('the proxy token given as ?token= is not sent on to the API server (whose audit log records the URI)', async () => {
  const seen: string[] = [];
  const upstream = createServer((request, response) => {
    seen.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"kind":"PodList","apiVersion":"v1","metadata":{},"items":[]}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = upstream.address() as AddressInfo;
    const token = new AccessToken();
    const proxy = new ApiProxy({
      kubeConfig: proxyKubeConfig(`http://127.0.0.1:${port}`, 'cluster-credential'),
      resources: new ResourceAllowlist(),
    });
    const server = await startApiProxyServer({ proxy, port: 0, token });
    try {
      const answer = await httpGet(server.url, `${pods}?limit=5&token=${token.value}`);
      expect(answer.status).toBe(200);
    } finally {
      await server.close();
    }
    expect(seen).toEqual([`${pods}?limit=5`]);
  } finally {
    await new Promise((resolve) => upstream.close(resolve));
  }
});
