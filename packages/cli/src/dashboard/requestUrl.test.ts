import { connect } from 'node:net';
import { startProxyUnderTest, type ProxyUnderTest } from '../testSupport/apiProxy.testing.js';
import {
  startDashboardUnderTest,
  type DashboardUnderTest,
} from '../testSupport/dashboard.testing.js';
import { httpGet } from '../testSupport/http.testing.js';

// A request target that is no URL (absolute-form, as a proxy client writes it) is the client's
// error: 400, and the server goes on answering. `new URL` throws on it, and a throw in a request
// listener would end the process.

let dashboard: DashboardUnderTest | undefined;
let proxy: ProxyUnderTest | undefined;

afterEach(async () => {
  await dashboard?.stop();
  await proxy?.stop();
  dashboard = undefined;
  proxy = undefined;
});

/** Sends a request line as written and resolves with the answer's status line. */
function statusLine(base: string, target: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const end = text.indexOf('\r\n');
      if (end >= 0) {
        resolve(text.slice(0, end));
        socket.destroy();
      }
    });
    socket.on('error', reject);
    socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`);
  });
}

const malformed = ['http://[', 'http://[::1', 'http://a b/'];

test('the dashboard answers a malformed request target 400 and keeps serving', async () => {
  dashboard = await startDashboardUnderTest();
  for (const target of malformed) {
    expect([target, await statusLine(dashboard.dashboard.url, target)]).toEqual([
      target,
      'HTTP/1.1 400 Bad Request',
    ]);
  }
  expect((await httpGet(dashboard.dashboard.url, '/')).status).toBe(200);
});

test('the proxy answers a malformed request target 400 and keeps serving', async () => {
  proxy = await startProxyUnderTest();
  for (const target of malformed) {
    expect([target, await statusLine(proxy.server.url, target)]).toEqual([
      target,
      'HTTP/1.1 400 Bad Request',
    ]);
  }
  expect((await httpGet(proxy.server.url, '/api/v1/pods')).status).toBe(200);
});
