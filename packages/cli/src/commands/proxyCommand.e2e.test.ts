import { jest } from '@jest/globals';
import { demoCommandPerFile, type CliProcess } from '../testSupport/cliProcess.testing.js';
import { httpGet } from '../testSupport/http.testing.js';

// `rxkube proxy` as users run it, on the embedded simulated cluster: what it prints, what it
// serves, and the token off loopback.

jest.setTimeout(60_000);

const demo = demoCommandPerFile();

/** Starts the proxy on the simulated cluster and waits for the URL it prints. */
async function proxy(...args: string[]): Promise<{ cli: CliProcess; url: string }> {
  const cli = demo('proxy', ...args);
  await cli.waitFor((p) => /Ctrl-C to quit/.test(p.stdout), 'the proxy to start');
  return { cli, url: /http:\/\/\S+/.exec(cli.stdout)![0] };
}

test('--demo proxies the simulated cluster read-only on loopback, and stops on Ctrl-C', async () => {
  const { cli, url } = await proxy();
  expect(new URL(url).hostname).toBe('127.0.0.1');
  expect(cli.stdout).not.toMatch(/token/);
  const pods = await httpGet(url, '/api/v1/pods?limit=5');
  expect(pods.status).toBe(200);
  expect(JSON.parse(pods.body)).toMatchObject({ kind: 'PodList', items: expect.any(Array) });
  expect(JSON.parse(pods.body).items).toHaveLength(5);
  expect((await httpGet(url, '/api/v1/secrets')).status).toBe(403);
  expect(await cli.interrupt()).toBe(0);
});

test('bound to every interface, it prints a token once and answers 401 without it', async () => {
  const { cli, url } = await proxy('--address', '0.0.0.0', '--resources', 'po,deploy');
  const token = /token\s+(\S+)/.exec(cli.stdout)?.[1] ?? '';
  expect(token).toMatch(/^[\w-]{43}$/);
  expect(cli.stdout.split(token)).toHaveLength(2);
  expect(cli.stderr).not.toContain(token);
  expect(cli.stdout).toMatch(/deployments\.apps, pods\./);
  expect((await httpGet(url, '/api/v1/pods')).status).toBe(401);
  const bearer = { Authorization: `Bearer ${token}` };
  expect((await httpGet(url, '/api/v1/pods', bearer)).status).toBe(200);
  expect((await httpGet(url, '/api/v1/services', bearer)).status).toBe(403);
  expect(await cli.interrupt()).toBe(0);
});

test('--resources naming secrets without --allow-secrets is a usage error', async () => {
  const cli = demo('proxy', '--resources', 'pods,secrets');
  expect(await cli.exited).toBe(2);
  expect(cli.stderr).toMatch(/error: --resources names secrets/);
});
