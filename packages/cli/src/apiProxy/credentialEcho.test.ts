import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDashboardServer } from '../dashboard/dashboardServer.js';
import { proxyKubeConfig } from '../testSupport/apiProxy.testing.js';
import { httpGet, type HttpAnswer } from '../testSupport/http.testing.js';
import { ApiProxy } from './apiProxy.js';
import { startApiProxyServer } from './apiProxyServer.js';
import { ResourceAllowlist } from './resourceAllowlist.js';

// An API server (or a webhook, an aggregated API behind it) that echoes the credential it was
// sent must not hand it to the proxy's clients; and what it answers is never a page that runs.

/** The kubeconfig's token: characters that percent-encoding and forms change. */
const token = 'kube+Token/Echo=0123456789-abcdefXYZ';
const forms = [
  token,
  encodeURIComponent(token),
  new URLSearchParams({ t: token }).toString().slice(2),
];

/** The client sockets this process opens: the proxy's, to the echoing API server among them. */
const clientSockets = new Set<Socket>();
const onClientSocket = (message: unknown) =>
  void clientSockets.add((message as { socket: Socket }).socket);

/**
 * Resolves once the proxy has read all the API server has written on a connection: its socket
 * there (this process's, the other end of `serverSide`) has read as many bytes.
 */
function readByProxy(serverSide: Socket): Promise<void> {
  const proxySide = [...clientSockets].find((s) => s.localPort === serverSide.remotePort);
  if (proxySide === undefined) throw new Error("the proxy's socket to the API server is unknown");
  const written = serverSide.bytesWritten;
  return new Promise((resolve) => {
    const check = () => {
      if (proxySide.bytesRead < written) return;
      proxySide.off('data', check);
      resolve();
    };
    proxySide.on('data', check);
    check();
  });
}

/** Answers each pod name with the token it got, in one form or another. */
async function echo(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const sent = (request.headers.authorization ?? '').replace(/^Bearer /, '');
  const name = new URL(request.url ?? '/', 'http://x').pathname.split('/').at(-1);
  const json = (code: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(code, { 'Content-Type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
  const status = { kind: 'Status', apiVersion: 'v1', status: 'Failure' };
  switch (name) {
    case 'in-message':
      return json(403, {
        ...status,
        message: `token ${sent} may not read this`,
        reason: 'Forbidden',
        code: 403,
      });
    case 'in-retry-after':
      return json(429, { ...status, message: 'slow down', code: 429 }, { 'Retry-After': sent });
    case 'retry-after-7':
      return json(429, { ...status, message: 'slow down', code: 429 }, { 'Retry-After': '7' });
    case 'in-causes':
      return json(422, {
        ...status,
        message: 'invalid',
        reason: 'Invalid',
        code: 422,
        details: {
          name: 'x',
          causes: [{ type: 'FieldValueInvalid', message: `got ${sent}`, field: 'spec' }],
        },
      });
    case 'in-text-error':
      response.writeHead(500, { 'Content-Type': 'text/plain' });
      return void response.end(`internal error for ${sent}\n`);
    case 'cut-at-200':
      // The quote of a body that is not a Status stops at 200 characters: in the middle of it.
      response.writeHead(401, { 'Content-Type': 'text/plain' });
      return void response.end(`${'x'.repeat(190)}${sent}`);
    case 'in-text':
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      return void response.end(`hello ${sent}\n`);
    case 'in-form':
      response.writeHead(200, { 'Content-Type': 'application/x-www-form-urlencoded' });
      return void response.end(new URLSearchParams({ token: sent, other: 'x' }).toString());
    case 'in-header':
      return json(
        200,
        { kind: 'Pod', apiVersion: 'v1', metadata: { name: 'p', labels: { echo: sent } } },
        {
          Warning: `299 - "token ${sent} is deprecated"`,
        },
      );
    case 'html':
      response.writeHead(200, { 'Content-Type': 'text/html' });
      return void response.end('<script>document.title = "ran"</script>');
    case 'in-watch': {
      // The token split over two chunks, read apart.
      const line = `${JSON.stringify({ type: 'ERROR', object: { ...status, message: `expired ${sent}`, code: 410 } })}\n`;
      const cut = line.indexOf(sent) + 5;
      response.writeHead(200, { 'Content-Type': 'application/json' });
      await new Promise<void>((resolve) => response.write(line.slice(0, cut), () => resolve()));
      // The proxy reads the first part before the second is sent: two chunks, never one.
      await readByProxy(request.socket);
      return void response.end(line.slice(cut));
    }
    default:
      return json(404, { ...status, message: 'not found', reason: 'NotFound', code: 404 });
  }
}

let upstream: Server;
const cleanups: Array<() => unknown> = [];
const webRoot = mkdtempSync(join(tmpdir(), 'rxkube-web-'));

beforeAll(async () => {
  subscribe('net.client.socket', onClientSocket);
  upstream = createServer((request, response) => void echo(request, response));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  unsubscribe('net.client.socket', onClientSocket);
  clientSockets.clear();
  await new Promise((resolve) => upstream.close(resolve));
  rmSync(webRoot, { recursive: true, force: true });
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function newProxy(redact: boolean): ApiProxy {
  const { port } = upstream.address() as AddressInfo;
  return new ApiProxy({
    kubeConfig: proxyKubeConfig(`http://127.0.0.1:${port}`, token),
    resources: new ResourceAllowlist(),
    redact,
  });
}

/** `rxkube proxy` and the dashboard's `/k8s/`, each in front of the echoing API server. */
const mounts: Array<[string, () => Promise<string>]> = [
  [
    'rxkube proxy',
    async () => {
      const server = await startApiProxyServer({ proxy: newProxy(false), port: 0 });
      cleanups.push(() => server.close());
      return server.url.replace(/\/$/, '');
    },
  ],
  [
    "the dashboard's /k8s/",
    async () => {
      const dashboard = await startDashboardServer({
        port: 0,
        webRoot,
        feeds: {},
        apiProxy: newProxy(true),
        info: { cluster: 'test', banner: 'test', feeds: [] },
      });
      cleanups.push(() => dashboard.close());
      return `${dashboard.url}k8s`;
    },
  ],
];

const names = [
  'in-message',
  'in-causes',
  'in-retry-after',
  'in-text-error',
  'cut-at-200',
  'in-text',
  'in-form',
  'in-header',
  'in-watch',
  'html',
];

function get(base: string, name: string): Promise<HttpAnswer> {
  const { origin, pathname } = new URL(base);
  return httpGet(origin, `${pathname.replace(/\/$/, '')}/api/v1/namespaces/shop/pods/${name}`);
}

describe.each(mounts)('%s', (_mount, start) => {
  it('never relays the credential it sent, in any form, in a body or a header', async () => {
    const base = await start();
    for (const name of names) {
      const answer = await get(base, name);
      const seen = JSON.stringify(answer.headers) + answer.body;
      // Its start alone is a leak too (a quote cut in the middle of it).
      for (const form of forms)
        expect({ name, leaked: seen.includes(form.slice(0, 10)) }).toEqual({ name, leaked: false });
    }
  });

  it('keeps what the answer says around the credential', async () => {
    const base = await start();
    const message = await get(base, 'in-message');
    expect([message.status, JSON.parse(message.body).message]).toEqual([
      403,
      'token <redacted> may not read this',
    ]);
    const causes = await get(base, 'in-causes');
    expect(JSON.parse(causes.body).details.causes).toEqual([
      { type: 'FieldValueInvalid', message: 'got <redacted>', field: 'spec' },
    ]);
    expect((await get(base, 'retry-after-7')).headers['retry-after']).toBe('7');
    expect((await get(base, 'in-retry-after')).headers['retry-after']).toBeUndefined();
    const watch = await get(base, 'in-watch');
    expect(JSON.parse(watch.body).object.message).toBe('expired <redacted>');
  });

  it('sends every answer with Content-Security-Policy: sandbox and nosniff', async () => {
    const base = await start();
    const { origin, pathname } = new URL(base);
    const refused = () =>
      httpGet(origin, `${pathname.replace(/\/$/, '')}/api/v1/pods`, { Host: 'attacker.example' });
    for (const name of [...names, 'missing', 'refused']) {
      const answer = name === 'refused' ? await refused() : await get(base, name);
      expect({
        name,
        csp: answer.headers['content-security-policy'],
        nosniff: answer.headers['x-content-type-options'],
      }).toEqual({
        name,
        csp: expect.stringMatching(/^sandbox(;|$)/),
        nosniff: 'nosniff',
      });
    }
  });
});

test("the dashboard's /k8s/ refuses what it cannot redact (not JSON) with a 502 Status", async () => {
  const base = await mounts[1]![1]();
  for (const name of ['html', 'in-text', 'in-form']) {
    const answer = await get(base, name);
    expect([name, answer.status, JSON.parse(answer.body).reason]).toEqual([name, 502, 'Unknown']);
    expect(answer.body).not.toContain('<script>');
  }
});
