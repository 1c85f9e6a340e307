import { jest } from '@jest/globals';
import { request } from 'node:http';
import { connect } from 'node:net';
import { startExampleServer, type ExampleServer } from './exampleServer.js';

// The example serves the cluster's API under /k8s/ to its own page only, with the request guard
// of the dashboard and `rxkube proxy`: another site's page can read nothing, with or without an
// Origin header.

jest.setTimeout(60_000);

let example: ExampleServer;

beforeAll(async () => {
  example = await startExampleServer();
});

afterAll(async () => {
  await example?.close();
});

/** GETs a path on its own connection with exactly these headers (and Host, unless given). */
function status(path: string, headers: Record<string, string> = {}): Promise<number> {
  const { hostname, port } = new URL(example.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

test('/k8s/ refuses another site whether it sends an Origin or only Sec-Fetch-Site', async () => {
  const pods = '/k8s/api/v1/pods';
  expect(await status(pods)).toBe(200);
  expect(await status(pods, { 'Sec-Fetch-Site': 'same-origin' })).toBe(200);
  expect(await status(pods, { Origin: example.url.replace(/\/$/, '') })).toBe(200);
  // A no-cors GET of another site's page carries no Origin, only Sec-Fetch-Site.
  expect(await status(pods, { 'Sec-Fetch-Site': 'cross-site' })).toBe(403);
  expect(await status(pods, { 'Sec-Fetch-Site': 'same-site' })).toBe(403);
  expect(await status(`${pods}?watch=true`, { 'Sec-Fetch-Site': 'cross-site' })).toBe(403);
  expect(await status('/app.js', { 'Sec-Fetch-Site': 'cross-site' })).toBe(403);
  expect(await status(pods, { Origin: 'http://evil.example' })).toBe(403);
  // DNS rebinding: a name that is not this server's.
  expect(await status(pods, { Host: 'evil.example' })).toBe(403);
});

test('the page itself opens from a link on another site', async () => {
  expect(await status('/', { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' })).toBe(
    200,
  );
});

test('a malformed request target gets 400 and the server keeps serving', async () => {
  const { hostname, port } = new URL(example.url);
  const line = await new Promise<string>((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (text.includes('\r\n')) {
        resolve(text.slice(0, text.indexOf('\r\n')));
        socket.destroy();
      }
    });
    socket.on('error', reject);
    socket.write(`GET http://[ HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`);
  });
  expect(line).toBe('HTTP/1.1 400 Bad Request');
  expect(await status('/k8s/api/v1/pods')).toBe(200);
});
