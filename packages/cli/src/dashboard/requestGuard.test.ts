import type { IncomingMessage } from 'node:http';
import { AccessToken } from './accessToken.js';
import { HostPolicy } from './hostPolicy.js';
import { RequestGuard } from './requestGuard.js';
import { createPod } from '../testSupport/pods.testing.js';
import {
  startDashboardUnderTest,
  type DashboardUnderTest,
} from '../testSupport/dashboard.testing.js';
import { httpGet, SseReader } from '../testSupport/http.testing.js';

// Real HTTP against the dashboard server: which Host, Origin and token it answers.

let running: DashboardUnderTest | undefined;
const readers: SseReader[] = [];

async function start(options: {
  token?: AccessToken;
  allowedHosts?: string[];
}): Promise<{ url: string; port: number }> {
  running = await startDashboardUnderTest({
    server: options,
    populate: (api) => void createPod(api, 'shop', 'web-1'),
  });
  const url = running.dashboard.url;
  return { url, port: Number(new URL(url).port) };
}

afterEach(async () => {
  for (const reader of readers.splice(0)) reader.close();
  await running?.stop();
  running = undefined;
});

const paths = ['/', '/api/info', '/api/feeds/pods', '/api/objects/pods/shop/web-1'];

/** Status of each path with these headers (the feed's is read from its response head). */
async function statuses(url: string, headers: Record<string, string>): Promise<number[]> {
  return Promise.all(
    paths.map(async (path) => {
      if (path !== '/api/feeds/pods') return (await httpGet(url, path, headers)).status;
      const reader = await SseReader.open(url, path, headers);
      readers.push(reader);
      return reader.status;
    }),
  );
}

describe('Host: DNS rebinding', () => {
  it('answers loopback names and addresses on its port, and refuses any other host with 403', async () => {
    const { url, port } = await start({});
    const hosts = {
      [`127.0.0.1:${port}`]: 200,
      [`localhost:${port}`]: 200,
      [`LocalHost:${port}`]: 200,
      [`[::1]:${port}`]: 200,
      [`attacker.example:${port}`]: 403,
      'attacker.example': 403,
      [`127.0.0.1.attacker.example:${port}`]: 403,
      [`localhost.attacker.example:${port}`]: 403,
      [`192.168.1.20:${port}`]: 403,
      [`127.0.0.1:${port + 1}`]: 403,
    };
    const answers: Record<string, number[]> = {};
    for (const host of Object.keys(hosts)) answers[host] = await statuses(url, { Host: host });
    expect(answers).toEqual(
      Object.fromEntries(Object.entries(hosts).map(([h, s]) => [h, paths.map(() => s)])),
    );
    const refused = await httpGet(url, '/api/info', { Host: `attacker.example:${port}` });
    expect(refused.body).toMatch(/^forbidden: .*"attacker\.example:\d+".*DNS rebinding/);
    expect(refused.body).not.toContain('"cluster"');
  });

  it('answers the extra hosts it is given, on any port or the one given', async () => {
    const { url } = await start({ allowedHosts: ['dash.example', 'other.example:8443'] });
    expect(await statuses(url, { Host: 'dash.example' })).toEqual([200, 200, 200, 200]);
    expect(await statuses(url, { Host: 'dash.example:8080' })).toEqual([200, 200, 200, 200]);
    expect(await statuses(url, { Host: 'other.example:8443' })).toEqual([200, 200, 200, 200]);
    expect(await statuses(url, { Host: 'other.example:1' })).toEqual([403, 403, 403, 403]);
  });
});

describe('Origin', () => {
  it("refuses the API to other sites' pages with 403, and answers its own page", async () => {
    const { url, port } = await start({});
    const own = await statuses(url, { Origin: `http://127.0.0.1:${port}` });
    const other = await statuses(url, { Origin: 'http://attacker.example' });
    const opaque = await statuses(url, { Origin: 'null' });
    // The page itself ('/') is not an API: a link from anywhere may open it.
    expect({ own, other, opaque }).toEqual({
      own: [200, 200, 200, 200],
      other: [200, 403, 403, 403],
      opaque: [200, 403, 403, 403],
    });
    const refused = await httpGet(url, '/api/info', { Origin: 'http://attacker.example' });
    expect(refused.body).toMatch(/^forbidden: requests from origin "http:\/\/attacker\.example"/);
  });

  it("refuses the API to another site's requests that carry no Origin (a no-cors GET, an img or script tag), told by Sec-Fetch-Site", async () => {
    const { url } = await start({});
    const fetched = async (site: string) => statuses(url, { 'Sec-Fetch-Site': site });
    expect({
      crossSite: await fetched('cross-site'),
      sameSite: await fetched('same-site'),
      sameOrigin: await fetched('same-origin'),
      typedInTheAddressBar: await fetched('none'),
    }).toEqual({
      crossSite: [200, 403, 403, 403],
      sameSite: [200, 403, 403, 403],
      sameOrigin: [200, 200, 200, 200],
      typedInTheAddressBar: [200, 200, 200, 200],
    });
  });
});

describe('access token', () => {
  const token = new AccessToken();
  const wrong = new AccessToken().value;

  it('answers 401 to requests without the token, or with a wrong one', async () => {
    const { url, port } = await start({ token });
    const cookie = AccessToken.cookieName(port);
    const unauthorized = paths.map(() => 401);
    expect(await statuses(url, {})).toEqual(unauthorized);
    expect(await statuses(url, { Authorization: `Bearer ${wrong}` })).toEqual(unauthorized);
    expect(await statuses(url, { Cookie: `${cookie}=${wrong}` })).toEqual(unauthorized);
    // Another dashboard's cookie (another port) is not this one's.
    expect(await statuses(url, { Cookie: `rxkube-dashboard-1=${token.value}` })).toEqual(
      unauthorized,
    );
    const refused = await httpGet(url, `/api/info?token=${wrong}`);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatch(/^unauthorized: .*token/);
  });

  it('trades the token in the URL for an HttpOnly, SameSite=Strict cookie that then suffices', async () => {
    const { url, port } = await start({ token });
    const page = await httpGet(url, `/?token=${token.value}`);
    expect(page.status).toBe(200);
    expect(page.headers['set-cookie']).toEqual([
      `rxkube-dashboard-${port}=${token.value}; HttpOnly; SameSite=Strict; Path=/`,
    ]);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const cookie = page.headers['set-cookie']![0]!.split(';')[0]!;
    expect(await statuses(url, { Cookie: `other=1; ${cookie}` })).toEqual([200, 200, 200, 200]);
    expect(await statuses(url, { Authorization: `Bearer ${token.value}` })).toEqual([
      200, 200, 200, 200,
    ]);
  });

  it('compares tokens of any length without failing', () => {
    expect(token.matches(token.value)).toBe(true);
    expect(token.matches(wrong)).toBe(false);
    expect(token.matches('')).toBe(false);
    expect(token.matches(token.value.slice(1))).toBe(false);
    expect(token.matches(`${token.value}x`)).toBe(false);
    expect(token.matches(undefined)).toBe(false);
  });
});

describe('HostPolicy off loopback', () => {
  it('answers IP addresses, localhost and the bound name on its port; no other name', () => {
    const anywhere = new HostPolicy('0.0.0.0', 7420);
    const named = new HostPolicy('dash.lan', 7420);
    expect(
      [
        '10.1.2.3:7420',
        '[fe80::1]:7420',
        'localhost:7420',
        'dash.lan:7420',
        'evil.example:7420',
        '10.1.2.3:80',
      ].map((h) => [anywhere.allowsHost(h), named.allowsHost(h)]),
    ).toEqual([
      [true, true],
      [true, true],
      [true, true],
      [false, true],
      [false, false],
      [false, false],
    ]);
  });
});

describe('RequestGuard, as a program embeds it', () => {
  const request = (host: string, headers: Record<string, string> = {}) =>
    ({ headers: { host, ...headers } }) as unknown as IncomingMessage;

  it('takes its options as one object, the token and the server optional', () => {
    const guard = new RequestGuard({
      hosts: new HostPolicy('127.0.0.1', 8080),
      port: 8080,
      server: { name: 'example', isApiPath: () => true, tokenHint: 'none' },
    });
    const url = new URL('http://127.0.0.1:8080/k8s/api/v1/pods');
    expect(guard.check(request('127.0.0.1:8080'), url)).toEqual({ allowed: true });
    expect(guard.check(request('attacker.example'), url)).toMatchObject({ status: 403 });
    expect(
      guard.check(request('127.0.0.1:8080', { 'sec-fetch-site': 'cross-site' }), url),
    ).toMatchObject({ status: 403, message: expect.stringContaining("the example's own pages") });
  });
});
