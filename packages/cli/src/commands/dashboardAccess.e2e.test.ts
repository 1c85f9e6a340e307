import { jest } from '@jest/globals';
import { demoCommandPerFile, type CliProcess } from '../testSupport/cliProcess.testing.js';
import { httpGet } from '../testSupport/http.testing.js';

// `rxkube dashboard` as users run it: off loopback it wants a token, printed once in its URL,
// unless --insecure-no-auth (which warns); on loopback it needs none.

jest.setTimeout(60_000);

const demo = demoCommandPerFile();

/** Starts the dashboard on the simulated cluster and waits for the URL it prints. */
async function dashboard(...args: string[]): Promise<{ cli: CliProcess; url: URL }> {
  const cli = demo('dashboard', ...args);
  await cli.waitFor((p) => /http:\/\/\S+/.test(p.stdout), 'the dashboard URL');
  return { cli, url: new URL(/http:\/\/\S+/.exec(cli.stdout)![0]) };
}

test('bound to every interface, it prints a token once and answers 401 without it', async () => {
  const { cli, url } = await dashboard('--host', '0.0.0.0');
  // Browsers refuse http://0.0.0.0/: the URL printed names loopback, which the bind includes.
  expect(url.hostname).toBe('127.0.0.1');
  expect(cli.stdout).toMatch(/Listening on every interface \(0\.0\.0\.0\)/);
  const token = url.searchParams.get('token') ?? '';
  expect(token).toMatch(/^[\w-]{43}$/); // 256 random bits, base64url
  expect(cli.stdout.split(token)).toHaveLength(2);
  expect(cli.stderr).not.toContain(token);
  const base = `${url.origin}/`;
  const statuses = async (query: string, headers: Record<string, string> = {}) =>
    (await httpGet(base, `/api/info${query}`, headers)).status;
  expect({
    none: await statuses(''),
    wrong: await statuses(`?token=${token.slice(1)}x`),
    query: await statuses(`?token=${token}`),
    bearer: await statuses('', { Authorization: `Bearer ${token}` }),
  }).toEqual({ none: 401, wrong: 401, query: 200, bearer: 200 });
  expect(await cli.interrupt()).toBe(0);
});

test('--insecure-no-auth serves without a token, with a warning on stderr', async () => {
  const { cli, url } = await dashboard('--host', '0.0.0.0', '--insecure-no-auth');
  expect(url.searchParams.has('token')).toBe(false);
  expect(cli.stderr).toMatch(
    /^warning: the dashboard listens on 0\.0\.0\.0 without authentication/m,
  );
  expect(url.hostname).toBe('127.0.0.1');
  expect((await httpGet(url.href, '/api/info')).status).toBe(200);
  expect(await cli.interrupt()).toBe(0);
});

test('on loopback (the default) it needs no token and warns of nothing', async () => {
  const { cli, url } = await dashboard();
  expect(url.hostname).toBe('127.0.0.1');
  expect(url.searchParams.has('token')).toBe(false);
  expect(cli.stderr).not.toMatch(/warning/);
  expect(cli.stdout).not.toMatch(/every interface/);
  expect((await httpGet(url.href, '/api/info')).status).toBe(200);
  expect(await cli.interrupt()).toBe(0);
});

test('on the simulated cluster it names one URL to open: the dashboard, not the API server', async () => {
  const { cli, url } = await dashboard();
  await cli.waitFor((p) => /Ctrl-C to quit/.test(p.stdout), 'the whole start message');
  const urls = `${cli.stderr}\n${cli.stdout}`.match(/\bhttps?:\/\/\S+/g) ?? [];
  const page = await httpGet(url.href, '/api/info');
  expect({ urls, page: page.status }).toEqual({ urls: [url.href], page: 200 });
  expect(await cli.interrupt()).toBe(0);
});

test('/k8s/ is off unless --api-proxy; with it, the proxy answers, redacting', async () => {
  const off = await dashboard();
  const none = await httpGet(off.url.href, '/k8s/api/v1/pods');
  expect([none.status, JSON.parse(none.body).message]).toEqual([
    404,
    'this dashboard serves no API proxy (start it with --api-proxy)',
  ]);
  expect(await off.cli.interrupt()).toBe(0);

  const on = await dashboard('--api-proxy');
  const pods = await httpGet(on.url.href, '/k8s/api/v1/pods');
  expect(pods.status).toBe(200);
  expect(pods.headers['content-security-policy']).toMatch(/^sandbox/);
  expect(JSON.parse(pods.body).items.length).toBeGreaterThan(0);
  expect(await on.cli.interrupt()).toBe(0);
});
