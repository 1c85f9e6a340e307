import { jest } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeApiServer } from '@rxkube/testing';
// The CLI's own test tooling: runs the real command as a child process and records its output.
import { CliProcess } from '../../../cli/src/testSupport/cliProcess.testing.js';
import { createPod } from '../../../cli/src/testSupport/pods.testing.js';
import {
  canUseTerminal,
  malformedLineThenDrop,
  prepareCli,
  TerminalProcess,
  type CliUnderTest,
} from './cliUnderTest.testing.js';
import {
  accepts,
  httpGet,
  otherLocalAddresses,
  pageAndAssets,
  SseRecording,
} from './httpProbe.testing.js';
import {
  clientCredentials,
  kubeConfigFor,
  type ClientCredentials,
  type KubeConfigOptions,
} from './kubeConfigs.testing.js';
import { secretScanner } from './secretScan.testing.js';

// "Tokens, client keys and Authorization headers never appear in logs, errors or the CLI's
// output": the real `rxkube` process is driven into every error it can print, and everything it
// prints, and everything its dashboard sends to a browser, is grepped for the credentials.
// credentials.test.ts does the same for the informer's own logs and errors.

jest.setTimeout(120_000);

// Random, so that no fixture, cached file or earlier run can hold them.
const token = randomBytes(24).toString('base64url');
const wrongToken = randomBytes(24).toString('base64url');
let client: ClientCredentials;
let scan: (text: string) => string[];
let built: CliUnderTest | undefined;
let dir: string;
const servers: FakeApiServer[] = [];
const processes: Array<CliProcess | TerminalProcess> = [];
const streams: SseRecording[] = [];

beforeAll(async () => {
  client = await clientCredentials();
  scan = secretScanner({ token, 'wrong token': wrongToken, 'client key': client.key });
  dir = mkdtempSync(join(tmpdir(), 'rxkube-cli-secrets-'));
  built = await prepareCli();
});

afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  const children = processes.splice(0);
  for (const child of children) child.kill();
  await Promise.all(children.map((child) => child.exited));
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  built?.remove();
});

/** Both kinds of kubeconfig user: the token alone, and a client certificate and key with it. */
const credentialKinds = [
  { kind: 'token', withKey: false },
  { kind: 'client key', withKey: true },
];

/** An API server over TLS that wants the bearer token and forbids the namespace `locked`. */
/** @param watchList - the server's `WatchList` gate (streaming lists); default on */
async function apiServer(watchList = true): Promise<FakeApiServer> {
  const server = await FakeApiServer.start({
    tls: true,
    token,
    forbiddenNamespaces: ['locked'],
    watchList,
  });
  servers.push(server);
  createPod(server, 'a', 'web-1');
  return server;
}

let files = 0;
/** A kubeconfig file for a server: its CA and the token, and the client key if asked. */
function kubeconfig(
  server: FakeApiServer,
  withKey: boolean,
  change: Partial<KubeConfigOptions> = {},
): string {
  const file = join(dir, `kubeconfig-${(files += 1)}.json`);
  const options = { server: server.url, token, caPem: server.certificate, ...change };
  // JSON is YAML: the file is what `kubectl config view --raw -o json` would write.
  writeFileSync(file, kubeConfigFor(withKey ? { ...options, client } : options).exportConfig());
  return file;
}

function rxkube(args: string[]): CliProcess {
  const child = new CliProcess(built!.bin, args);
  processes.push(child);
  return child;
}

const printed = (p: CliProcess): string => `${p.stdout}\n${p.stderr}`;

test('the scan finds a credential planted in output: whole, cut, coloured or encoded', () => {
  const keyData = Buffer.from(client.key).toString('base64'); // as client-key-data holds it
  expect(scan(`error: unauthorized with ${token}`)).toEqual(['token']);
  expect(scan(`last error: … ${wrongToken.slice(0, 18)}`)).toEqual(['wrong token']); // cut short
  expect(scan(`\x1b[31m${token}\x1b[39m`)).toEqual(['token']);
  expect(scan(JSON.stringify({ message: client.key }))).toEqual(['client key']);
  expect(scan(`client-key-data: ${keyData}`)).toEqual(['client key']);
  expect(scan('GET /api\nAuthorization: Bearer x')).toEqual([
    'the word Bearer',
    'an Authorization header',
  ]);
  // What the CLI may well print: a certificate (public), its own messages.
  expect(scan(`${client.cert}\nerror: unauthorized (401)`)).toEqual([]);
});

test('refusals, unknown resources and unreachable clusters are reported without credentials', async () => {
  const server = await apiServer();
  const down = await apiServer();
  await down.stop(); // its address now refuses connections
  const runs: Array<{ what: string; args: string[]; exit: number; says: RegExp }> = [];
  for (const { kind, withKey } of credentialKinds) {
    const config = (change: Partial<KubeConfigOptions> = {}, at = server) => [
      '--kubeconfig',
      kubeconfig(at, withKey, change),
    ];
    for (const command of [['watch', 'pods'], ['watch', 'pods', '-o', 'json'], ['dashboard']]) {
      const run = (what: string, args: string[], exit: number, says: RegExp) =>
        runs.push({ what: `${kind}, rxkube ${command.join(' ')}: ${what}`, args, exit, says });
      const cmd = command[0] === 'dashboard' ? ['dashboard', '--port', '0'] : command;
      const gone = /cannot reach the cluster at https:.*ECONNREFUSED/;
      const untrusted = /cannot reach the cluster at https:.*SELF_SIGNED_CERT/;
      run('401', [...cmd, ...config({ token: wrongToken })], 5, /unauthorized: .*\(401\)/);
      run('unreachable', [...cmd, ...config({}, down), '--connect-timeout', '3s'], 6, gone);
      run(
        'untrusted',
        [...cmd, ...config({ caPem: undefined }), '--connect-timeout', '1s'],
        6,
        untrusted,
      );
      if (cmd[0] === 'dashboard') continue; // every namespace's pods, nothing else: no 403, no lookup
      run('403', [...cmd, '-n', 'locked', ...config()], 5, /forbidden: .* in locked \(403\)/);
      const unknown = /doesn't have a resource type "pdo"/;
      run('unknown resource', ['watch', 'pdo', ...cmd.slice(2), ...config()], 4, unknown);
    }
  }
  const children = runs.map((run) => rxkube(run.args));
  const exits = await Promise.all(children.map((child) => child.exited));
  const outcome = runs.map((run, i) => ({
    run: run.what,
    exit: exits[i],
    stderr: children[i]!.stderr,
    leaks: scan(printed(children[i]!)),
  }));
  expect(outcome).toEqual(
    runs.map((run) => ({
      run: run.what,
      exit: run.exit,
      stderr: expect.stringMatching(run.says),
      leaks: [],
    })),
  );
});

test('a running watch meets a 500, a malformed line and a dropped connection', async () => {
  const watchThroughFaults = async (withKey: boolean, output: string) => {
    // WatchList gate off: the streaming list is refused, and the list that replaces it meets a 500.
    const server = await apiServer(false);
    server.faults.failRequests({ code: 500, verb: 'list', resource: 'pods' });
    const config = kubeconfig(server, withKey);
    const cli = rxkube(['watch', 'pods', '-n', 'a', '-o', output, '--kubeconfig', config]);
    await cli.waitFor((p) => p.stderr.includes('Synced'), 'the sync after a 500');
    await malformedLineThenDrop(server, (name) =>
      cli.waitFor((p) => p.stdout.includes(name), `${name} printed`),
    );
    const exit = await cli.interrupt();
    return { run: `${output}, ${withKey ? 'client key' : 'token'}`, exit, cli };
  };
  const runs = await Promise.all(
    credentialKinds.flatMap(({ withKey }) =>
      ['table', 'json'].map((output) => watchThroughFaults(withKey, output)),
    ),
  );
  expect(
    runs.map(({ run, exit, cli }) => ({
      run,
      exit,
      stderr: cli.stderr,
      leaks: scan(printed(cli)),
    })),
  ).toEqual(
    runs.map(({ run }) => ({
      run,
      exit: 0,
      // The 500 was printed (so the scan read an error); the later faults are silent on a pipe.
      stderr: expect.stringMatching(/Listing pods in a failed: list pods in a: 500 .* — retrying/),
      leaks: [],
    })),
  );
});

// On a terminal `watch` draws a live screen whose status line names the last error, so the
// faults after the sync are printed too. Needs util-linux `script` for the pseudo-terminal.
(canUseTerminal() ? test : test.skip)(
  'on a terminal, the live screen shows each error without credentials',
  async () => {
    const onScreen = async (withKey: boolean) => {
      // WatchList gate off: the streaming list is refused, and the list that replaces it meets a 500.
      const server = await apiServer(false);
      server.faults.failRequests({ code: 500, verb: 'list', resource: 'pods' });
      const args = ['watch', 'pods', '-n', 'a', '--kubeconfig', kubeconfig(server, withKey)];
      const terminal = new TerminalProcess(built!.bin, args, dir);
      processes.push(terminal);
      const shown = (text: string, what: string) =>
        terminal.output.waitFor((t) => t.includes(text), what);
      await shown('list pods in a: 500', 'the 500 while listing');
      await shown('Synced', 'the sync');
      await malformedLineThenDrop(server, (name) => shown(name, `${name} on screen`));
      await shown('undecodable answer', 'the decode error in the status line');
      await server.stop();
      await shown('connection failed', 'the connection error in the status line');
      return { withKey, exit: await terminal.interrupt(), leaks: scan(terminal.output.text) };
    };
    const runs = await Promise.all(credentialKinds.map(({ withKey }) => onScreen(withKey)));
    expect(runs).toEqual(credentialKinds.map(({ withKey }) => ({ withKey, exit: 0, leaks: [] })));
  },
);

async function startDashboard(
  config: string,
  flags: readonly string[] = [],
): Promise<{ cli: CliProcess; url: string }> {
  const cli = rxkube(['dashboard', '--port', '0', '--kubeconfig', config, ...flags]);
  await cli.waitFor((p) => /http:\S+\//.test(p.stdout), 'the dashboard URL');
  return { cli, url: /http:\S+\//.exec(cli.stdout)![0] };
}

test('the dashboard sends its page, info and live feed without credentials, whatever fails', async () => {
  const throughFaults = async (withKey: boolean) => {
    // WatchList gate off: the streaming list is refused, and the list that replaces it meets a 500.
    const server = await apiServer(false);
    server.faults.failRequests({ code: 500, verb: 'list', resource: 'pods' });
    const { cli, url } = await startDashboard(kubeconfig(server, withKey));
    const feed = await SseRecording.open(url, '/api/feeds/pods');
    streams.push(feed);
    // The feed's status messages carry the informer's last error to the browser.
    await feed.waitFor((t) => t.includes('"message":"list pods: 500 '), 'the 500 in a status');
    await malformedLineThenDrop(server, (name) =>
      feed.waitFor((t) => t.includes(`"key":"a/${name}"`), `${name} in the feed`),
    );
    await feed.waitFor((t) => t.includes('undecodable answer'), 'the decode error in a status');
    await server.stop(); // the cluster becomes unreachable under a running dashboard
    await feed.waitFor((t) => t.includes('connection failed'), 'the connection error in a status');
    const served = await pageAndAssets(url);
    expect(await cli.interrupt()).toBe(0);
    return { cli, feed, served };
  };
  for (const { cli, feed, served } of await Promise.all(
    credentialKinds.map(({ withKey }) => throughFaults(withKey)),
  )) {
    const requests = served.map((e) => e.text.split('\n')[0]);
    // No source map: the shipped bundle has none unless RXKUBE_WEB_SOURCEMAP=1 asks for one.
    const expected = ['/', '/app.js', '/app.css', '/api/info'];
    expect(requests).toEqual(expect.arrayContaining(expected.map((p) => `GET ${p} -> 200`)));
    expect(requests.filter((r) => r?.includes('.map'))).toEqual([]);
    const leaks = (texts: string[]) => texts.flatMap((text) => scan(text));
    expect({
      printed: leaks([printed(cli)]),
      feed: leaks([feed.text]),
      served: leaks(served.map((e) => e.text)),
    }).toEqual({ printed: [], feed: [], served: [] });
  }
});

// Not covered in packages/cli: dashboard.e2e.test.ts starts the server in-process on its
// default host but checks neither the bound address nor the refusals below.
test('the dashboard listens on 127.0.0.1 only and serves nothing but its feeds and app', async () => {
  const server = await apiServer();
  // A Secret whose values are the credentials: its feed may name it, never carry them.
  server.create({
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { namespace: 'a', name: 'db-credentials' },
    data: {
      token: Buffer.from(token).toString('base64'),
      key: Buffer.from(client.key).toString('base64'),
    },
  });
  const config = kubeconfig(server, true);
  // With --allow-secrets the Secrets feed opens (without it, it is a 404 and no informer starts:
  // cli's catalogSecrets.test.ts), and shows names, never data: the leak scan below reads it.
  const { cli, url } = await startDashboard(config, ['--allow-secrets']);
  const port = Number(new URL(url).port);
  // Addresses where a server bound to every interface would answer (a control server proves it).
  const others = await otherLocalAddresses();
  expect(others.length).toBeGreaterThan(0);
  const paths = [
    '/api/feeds/nosuchthings', // a resource the cluster does not serve
    '/api/feeds/constructor',
    '/api/feeds/pods/x',
    // Files outside the app, such as the kubeconfig itself.
    `/${'..%2f'.repeat(12)}${encodeURIComponent(config.slice(1))}`,
    `/${'%2e%2e/'.repeat(12)}${config.slice(1)}`,
  ];
  const refused = await Promise.all(paths.map((path) => httpGet(url, path)));
  const info = await httpGet(url, '/api/info');
  const secrets = await httpGet(url, '/api/feeds/secrets', (body) =>
    body.includes('db-credentials'),
  );
  expect({
    host: new URL(url).hostname,
    reachedOnLoopback: await accepts('127.0.0.1', port),
    reachedElsewhere: await Promise.all(others.map((host) => accepts(host, port))),
    info: JSON.parse(info.body) as unknown,
    refused: refused.map((r) => r.status),
    secretsFeed: [secrets.status, secrets.body.includes('db-credentials')],
    leaks: [info, secrets, ...refused].flatMap((r) => scan(r.text)),
  }).toEqual({
    host: '127.0.0.1',
    reachedOnLoopback: true,
    reachedElsewhere: others.map(() => false),
    info: expect.objectContaining({ cluster: 'x', feeds: ['pods'] }),
    refused: paths.map(() => 404),
    secretsFeed: [200, true],
    leaks: [],
  });
  expect(await cli.interrupt()).toBe(0);
});
