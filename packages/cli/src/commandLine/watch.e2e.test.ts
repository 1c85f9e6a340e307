import { jest } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeApiServer, customResourceDefinitionManifest } from '@rxkube/testing';
import { CliProcess, bundleCli } from '../testSupport/cliProcess.testing.js';
import { httpGet } from '../testSupport/http.testing.js';
import { createPod, deletePod, movePod } from '../testSupport/pods.testing.js';
import { unsafeCodePoints } from '@rxkube/informer';

jest.setTimeout(60_000);

let bin: string;
let server: FakeApiServer;
let dir: string;
let kubeconfig: string;
const running: CliProcess[] = [];

function rxkube(...args: string[]): CliProcess {
  const child = new CliProcess(bin, args);
  running.push(child);
  return child;
}

interface JsonLine {
  type: string;
  initial?: boolean;
  objects?: number;
  finalStateUnknown?: boolean;
  object?: { metadata: { name: string; namespace: string }; status: { phase: string } };
}

function jsonLines(out: string): JsonLine[] {
  return out
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as JsonLine);
}

/** The control characters (newlines aside) in text written to a terminal: none may be there. */
const raw = (text: string): string[] =>
  text.match(unsafeCodePoints)?.filter((c) => c !== '\n') ?? [];

beforeAll(async () => {
  bin = await bundleCli();
  dir = mkdtempSync(join(tmpdir(), 'rxkube-watch-'));
});

beforeEach(async () => {
  server = await FakeApiServer.start({ forbiddenNamespaces: ['secret'], bookmarkIntervalMs: 1000 });
  kubeconfig = join(dir, 'config');
  writeFileSync(kubeconfig, server.kubeConfigYaml());
  createPod(server, 'shop', 'web-1', 'running');
  createPod(server, 'shop', 'web-2', 'unscheduled');
  createPod(server, 'other', 'db-1', 'running');
});

afterEach(async () => {
  for (const child of running.splice(0)) child.kill();
  await server.stop();
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(bin, { force: true });
});

describe('rxkube watch -o json', () => {
  it('prints the initial list, SYNCED, then each change as one JSON line', async () => {
    const cli = rxkube('watch', 'pods', '-n', 'shop', '-o', 'json', '--kubeconfig', kubeconfig);
    await cli.waitFor((p) => p.stdout.includes('"SYNCED"'), 'SYNCED');

    createPod(server, 'shop', 'web-3', 'unscheduled');
    movePod(server, 'shop', 'web-2', 'running');
    deletePod(server, 'shop', 'web-1');
    createPod(server, 'other', 'db-2', 'running'); // another namespace: not shown
    await cli.waitFor((p) => p.stdout.includes('"DELETED"'), 'the deletion');
    expect(await cli.interrupt()).toBe(0);

    const lines = jsonLines(cli.stdout);
    const summary = lines.map((l) =>
      l.type === 'SYNCED'
        ? `SYNCED ${l.objects}`
        : `${l.type} ${l.object?.metadata.namespace}/${l.object?.metadata.name} ${l.object?.status.phase}${l.initial ? ' initial' : ''}`,
    );
    expect(summary.slice(0, 2).sort()).toEqual([
      'ADDED shop/web-1 Running initial',
      'ADDED shop/web-2 Pending initial',
    ]);
    expect(summary.slice(2)).toEqual([
      'SYNCED 2',
      'ADDED shop/web-3 Pending',
      'MODIFIED shop/web-2 Running',
      'DELETED shop/web-1 Running',
    ]);
    expect(cli.stderr).toContain('cluster: context');
    expect(cli.stderr).toContain('Synced 2 pods in shop');
  });
});

describe('rxkube watch (table, not a terminal)', () => {
  it('prints a header once, the objects, then one line per change, like kubectl get -w', async () => {
    const cli = rxkube('watch', 'pods', '-A', '--kubeconfig', kubeconfig);
    await cli.waitFor((p) => p.stdout.includes('web-2'), 'the first lines');

    createPod(server, 'shop', 'web-3', 'crashing');
    movePod(server, 'shop', 'web-2', 'running');
    deletePod(server, 'shop', 'web-1');
    const lines = (p: CliProcess): string[] => p.stdout.trimEnd().split('\n');
    await cli.waitFor((p) => lines(p).length >= 7, 'a line for each of the three changes');
    expect(await cli.interrupt()).toBe(0);

    const rows = lines(cli).map((line) => line.trim().split(/\s+/));
    expect(rows.map((r) => r.filter((_, i) => i !== 5))).toEqual([
      ['NAMESPACE', 'NAME', 'READY', 'STATUS', 'RESTARTS', 'NODE'],
      ['other', 'db-1', '1/1', 'Running', '0', 'worker-1'],
      ['shop', 'web-1', '1/1', 'Running', '0', 'worker-1'],
      ['shop', 'web-2', '0/1', 'Pending', '0', '<none>'],
      ['shop', 'web-3', '0/1', 'CrashLoopBackOff', '0', 'worker-1'],
      ['shop', 'web-2', '1/1', 'Running', '0', 'worker-1'],
      ['shop', 'web-1', '1/1', 'Running', '0', 'worker-1'],
    ]);
    expect(rows.slice(1).every((r) => /^\d+s$/.test(r[5] ?? ''))).toBe(true);
  });
});

describe('rxkube watch failures after the sync, without the live status line', () => {
  // `-o json` and a piped table have no status line: failures must reach stderr (and only it).
  it.each([
    ['-o json', ['-o', 'json'], '"SYNCED"'],
    ['the plain table', [], 'web-2'],
  ])('%s reports failing watches and their recovery on stderr', async (_, output, synced) => {
    // The list works; the first two watches answer 500; the third works and gets a bookmark.
    server.faults.failRequests({ code: 500, verb: 'watch', times: 2 });
    const cli = rxkube('watch', 'pods', '-n', 'shop', ...output, '--kubeconfig', kubeconfig);
    await cli.waitFor((p) => p.stdout.includes(synced), 'the initial sync');
    await cli.waitFor((p) => p.stderr.includes('recovered'), 'the recovery');
    expect(await cli.interrupt()).toBe(0);

    const afterSync = cli.stderr.slice(cli.stderr.indexOf('Synced')).split('\n').slice(1);
    expect({
      reports: afterSync.filter((line) => line !== ''),
      stdout: /InternalError|recovered|rxkube:/.test(cli.stdout),
    }).toEqual({
      reports: [
        expect.stringMatching(/^rxkube: watch pods in shop: 500 InternalError: .+/),
        'rxkube: watch pods in shop: recovered',
      ],
      stdout: false,
    });
  });
});

describe('rxkube watch on a custom resource', () => {
  // A note holding terminal escape sequences: OSC (set the title), then clear the screen.
  const note = 'hi\u001b]0;owned\u0007\u001b[2J\u009b31m';

  async function createCrd(
    plural: string,
    kind: string,
    scope: 'Namespaced' | 'Cluster',
    shortNames: string[],
  ) {
    const crd = customResourceDefinitionManifest({
      group: 'example.com',
      version: 'v1',
      plural,
      kind,
      scope,
      shortNames,
    });
    const res = await fetch(
      `${server.url}/apis/apiextensions.k8s.io/v1/customresourcedefinitions`,
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(crd),
      },
    );
    expect(res.status).toBe(201);
  }

  const widgetRef = { apiVersion: 'example.com/v1', kind: 'Widget', namespace: 'shop', name: 'w1' };

  beforeEach(async () => {
    await createCrd('widgets', 'Widget', 'Namespaced', ['wdg']);
    await createCrd('gizmos', 'Gizmo', 'Cluster', []);
    server.create({ ...widgetRef, metadata: { name: 'w1', namespace: 'shop' }, spec: { note } });
    server.create({ ...widgetRef, metadata: { name: 'w2', namespace: 'lab' }, spec: { note: '' } });
    server.create({ apiVersion: 'example.com/v1', kind: 'Gizmo', metadata: { name: 'g1' } });
  });

  it.each(['widgets', 'Widget', 'wdg'])(
    'finds "%s" by discovery and prints its fields escaped with -o json',
    async (name) => {
      const cli = rxkube('watch', name, '-A', '-o', 'json', '--kubeconfig', kubeconfig);
      await cli.waitFor((p) => p.stdout.includes('"SYNCED"'), 'SYNCED');
      server.patch(widgetRef, (w) => {
        w['spec'] = { note: `${note}!` };
      });
      server.delete(widgetRef);
      await cli.waitFor((p) => p.stdout.includes('"DELETED"'), 'the deletion');
      expect(await cli.interrupt()).toBe(0);

      expect(cli.stderr).toContain('Synced 2 widgets.example.com');
      // No control character reaches the terminal; the lines parse back to the server's values.
      expect(raw(cli.stdout)).toEqual([]);
      const lines = cli.stdout
        .split('\n')
        .filter((l) => l !== '')
        .map(
          (l) =>
            JSON.parse(l) as {
              type: string;
              object?: { kind: string; metadata: { name: string }; spec: { note: string } };
            },
        );
      expect(lines.map((l) => `${l.type} ${l.object?.metadata.name ?? ''}`).slice(2)).toEqual([
        'SYNCED ',
        'MODIFIED w1',
        'DELETED w1',
      ]);
      const first = lines.find((l) => l.object?.metadata.name === 'w1');
      expect(first?.object).toMatchObject({ kind: 'Widget', spec: { note } });
    },
  );

  it('shows a cluster-scoped custom resource as a table without namespaces', async () => {
    const cli = rxkube('watch', 'gizmos.example.com', '--kubeconfig', kubeconfig);
    await cli.waitFor((p) => p.stdout.includes('g1'), 'the table');
    expect(await cli.interrupt()).toBe(0);
    const rows = cli.stdout
      .trim()
      .split('\n')
      .map((line) => line.trim().split(/\s+/));
    expect(rows.map((r) => r.slice(0, 1))).toEqual([['NAME'], ['g1']]);
    expect(rows[0]).toEqual(['NAME', 'AGE']);
  });

  it('refuses an unknown name with exit 4, naming only close matches', async () => {
    const cli = rxkube('watch', 'gadgets', '--kubeconfig', kubeconfig);
    expect(await cli.exited).toBe(4);
    expect(cli.stderr).toContain(`error: the server doesn't have a resource type "gadgets"`);
    expect(cli.stderr).toContain('hint: did you mean "widgets.example.com"?');
    expect(cli.stderr).not.toContain(server.token);
    expect(cli.stderr).not.toContain('secrets');
    expect(cli.stdout).toBe('');
  });
});

describe('rxkube watch failures', () => {
  it('names close matches for an unknown resource (exit 4)', async () => {
    const cli = rxkube('watch', 'pdos', '--kubeconfig', kubeconfig);
    expect(await cli.exited).toBe(4);
    expect(cli.stderr).toContain(`error: the server doesn't have a resource type "pdos"`);
    expect(cli.stderr).toContain('hint: did you mean "pods"?');
  });

  it('accepts short names and kinds', async () => {
    const cli = rxkube('watch', 'deploy', '-A', '-o', 'json', '--kubeconfig', kubeconfig);
    await cli.waitFor((p) => p.stdout.includes('"SYNCED"'), 'SYNCED');
    expect(await cli.interrupt()).toBe(0);
    expect(cli.stderr).toContain('Synced 0 deployments.apps');
  });

  it('reports a 403 with the verb and resource (exit 5)', async () => {
    const cli = rxkube('watch', 'pods', '-n', 'secret', '--kubeconfig', kubeconfig);
    expect(await cli.exited).toBe(5);
    // The first request is the streaming list, a watch.
    expect(cli.stderr).toContain('error: forbidden: cannot watch pods in secret (403)');
    expect(cli.stderr).toContain('hint: ask for the RBAC permission to watch pods in secret');
  });

  it('shows the retries while the cluster is unreachable, then gives up (exit 6)', async () => {
    await server.stop(); // the kubeconfig now points at a closed port
    const cli = rxkube('watch', 'pods', '--kubeconfig', kubeconfig, '--connect-timeout', '3s');
    expect(await cli.exited).toBe(6);
    expect(cli.stderr).toMatch(
      /Cannot reach http:\/\/127\.0\.0\.1:\d+: ECONNREFUSED — retrying in \d+\.\ds \(attempt 1\)/,
    );
    expect(cli.stderr).toContain('error: cannot reach the cluster at http://127.0.0.1:');
  });

  it('explains a missing kubeconfig, a broken one and an unknown context (exit 3)', async () => {
    const missing = rxkube('watch', 'pods', '--kubeconfig', join(dir, 'nope'));
    expect(await missing.exited).toBe(3);
    expect(missing.stderr).toContain(`error: kubeconfig file not found: ${join(dir, 'nope')}`);

    const broken = join(dir, 'broken');
    writeFileSync(broken, 'clusters: [\n  - {{ not yaml');
    const unreadable = rxkube('watch', 'pods', '--kubeconfig', broken);
    expect(await unreadable.exited).toBe(3);
    expect(unreadable.stderr).toContain(`error: cannot read kubeconfig ${broken}`);

    const context = rxkube('watch', 'pods', '--kubeconfig', kubeconfig, '--context', 'prod');
    expect(await context.exited).toBe(3);
    expect(context.stderr).toContain(`error: context "prod" not found in ${kubeconfig}`);
    expect(context.stderr).toMatch(/hint: available: \S+/);
  });

  it('refuses to run without a kubeconfig unless --demo asks for the simulated cluster (exit 3)', async () => {
    // The child's HOME has no ~/.kube/config and its environment no KUBECONFIG.
    const runs = [
      rxkube('watch', 'pods', '-A', '-o', 'json'),
      rxkube('watch', 'pods', '-A'),
      rxkube('dashboard', '--port', '0'),
    ];
    const outcome = await Promise.all(
      runs.map(async (run) => ({ exit: await run.exited, stdout: run.stdout, stderr: run.stderr })),
    );
    expect(outcome).toEqual(
      runs.map(() => ({
        exit: 3,
        stdout: '', // no made-up objects for a script to mistake for its cluster's
        stderr:
          'error: no kubeconfig found: $KUBECONFIG is not set and ~/.kube/config does not exist\n' +
          '  hint: pass --kubeconfig <file>, or --demo for the embedded simulated cluster\n',
      })),
    );

    const demo = rxkube('watch', 'pods', '-A', '-o', 'json', '--demo', '--demo-faults', '0');
    await demo.waitFor((p) => p.stdout.includes('"SYNCED"'), 'SYNCED on the simulated cluster');
    expect(await demo.interrupt()).toBe(0);
    expect(demo.stderr).toContain('cluster: embedded simulated cluster (--demo)');
  });

  it('rejects conflicting or missing arguments (exit 2)', async () => {
    const both = rxkube('watch', 'pods', '-n', 'shop', '-A', '--kubeconfig', kubeconfig);
    expect(await both.exited).toBe(2);
    expect(both.stderr).toContain('--namespace and --all-namespaces cannot be used together');
    const none = rxkube('watch');
    expect(await none.exited).toBe(2);
    expect(none.stderr).toContain("missing required argument 'resource'");
  });
});

describe('a password in the kubeconfig server URL', () => {
  const password = 'PASSW0RD-IN-URL';

  /** A kubeconfig for the fake server whose server URL carries a user and password. */
  function kubeconfigWithPassword(): string {
    const file = join(dir, 'with-password');
    const yaml = server.kubeConfigYaml().replace('http://', `http://admin:${password}@`);
    expect(yaml).toContain(`"http://admin:${password}@127.0.0.1:`);
    writeFileSync(file, yaml);
    return file;
  }

  it('is never shown by watch: banner, connecting, retries and the final error', async () => {
    const config = kubeconfigWithPassword();
    const url = server.url.replace(/\/$/, '');
    const json = rxkube('watch', 'pods', '-n', 'shop', '-o', 'json', '--kubeconfig', config);
    await json.waitFor((p) => p.stdout.includes('"SYNCED"'), 'SYNCED');
    expect(await json.interrupt()).toBe(0);

    await server.stop(); // the same URL, now unreachable
    const down = rxkube('watch', 'pods', '--kubeconfig', config, '--connect-timeout', '2s');
    expect(await down.exited).toBe(6);

    const output = [json, down].map((p) => p.stdout + p.stderr).join('');
    expect({
      password: output.includes(password) || output.includes('admin'),
      banner: json.stderr.split('\n')[0],
      connecting: json.stderr.includes(`Connecting to ${url}…`),
      retry: down.stderr.includes(`Cannot reach ${url}: ECONNREFUSED`),
      error: down.stderr.includes(`error: cannot reach the cluster at ${url}: ECONNREFUSED`),
    }).toEqual({
      password: false,
      banner: `⎈ cluster: context ${server.kubeConfig().getCurrentContext()} · ${url} · from ${config}`,
      connecting: true,
      retry: true,
      error: true,
    });
  });

  it("is neither printed nor served by the dashboard's /api/info", async () => {
    const cli = rxkube('dashboard', '--port', '0', '--kubeconfig', kubeconfigWithPassword());
    await cli.waitFor((p) => /http:\/\/127\.0\.0\.1:\d+\//.test(p.stdout), 'the URL');
    const page = /http:\/\/127\.0\.0\.1:\d+\//.exec(cli.stdout)?.[0] ?? '';
    const info = await httpGet(page, '/api/info');
    expect(await cli.interrupt()).toBe(0);
    const banner = (JSON.parse(info.body) as { banner: string }).banner;
    expect({
      status: info.status,
      served: info.body.includes(password),
      printed: (cli.stdout + cli.stderr).includes(password),
      banner,
    }).toEqual({
      status: 200,
      served: false,
      printed: false,
      banner: expect.stringContaining(` · ${server.url.replace(/\/$/, '')} · from `) as string,
    });
  });
});

describe('cluster text never drives the terminal', () => {
  // What a hostile or compromised API server could put in fields the table shows: a window
  // title (OSC 0), a clear screen, an OSC 8 hyperlink, a one-character C1 CSI, DEL, a bidi
  // override, a newline that fakes a row.
  const reason = '\x1b]0;owned\x07Evicted\x1b[2J\x1b[H';
  const node = 'worker\x9b31m-\u202elive\x7f\x1b]8;;http://evil.example/\x1b\\x\x1b]8;;\x1b\\';
  const phase = 'Running\nshop  web-9  1/1  Running';

  function hostilePod(): void {
    createPod(server, 'shop', 'web-hostile', 'running');
    server.patch(
      { apiVersion: 'v1', kind: 'Pod', namespace: 'shop', name: 'web-hostile' },
      (obj) => {
        const status = obj['status'] as Record<string, unknown>;
        status['phase'] = phase;
        status['reason'] = reason;
        status['containerStatuses'] = [];
        (obj['spec'] as Record<string, unknown>)['nodeName'] = node;
        obj['metadata'] = { ...(obj['metadata'] as object), labels: { app: '数据库\x1b[31m' } };
      },
    );
  }

  it('shows names, phases and reasons escaped in plain table frames', async () => {
    hostilePod();
    const cli = rxkube('watch', 'pods', '-n', 'shop', '--kubeconfig', kubeconfig);
    await cli.waitFor((p) => p.stdout.includes('web-hostile'), 'the hostile row');
    expect(await cli.interrupt()).toBe(0);
    const row = cli.stdout.split('\n').find((line) => line.includes('web-hostile')) ?? '';
    expect({ raw: raw(cli.stdout + cli.stderr), row: row.trim().split(/\s{2,}/) }).toEqual({
      raw: [],
      row: [
        'web-hostile',
        '0/1',
        '\\x1b]0;owned\\x07Evicted\\x1b[2J\\x1b[H',
        '0',
        expect.stringMatching(/^\d+s$/),
        'worker\\x9b31m-\\u202elive\\x7f\\x1b]8;;http://evil.example/\\x1b\\x\\x1b]8;;\\x1b\\',
      ],
    });
  });

  it('writes -o json with every control escaped, and loses nothing', async () => {
    hostilePod();
    const cli = rxkube('watch', 'pods', '-n', 'shop', '-o', 'json', '--kubeconfig', kubeconfig);
    await cli.waitFor((p) => p.stdout.includes('"SYNCED"'), 'SYNCED');
    expect(await cli.interrupt()).toBe(0);
    const hostile = jsonLines(cli.stdout).find((l) => l.object?.metadata.name === 'web-hostile');
    const object = hostile?.object as unknown as {
      metadata: { labels: Record<string, string> };
      spec: { nodeName: string };
      status: { phase: string; reason: string };
    };
    expect({
      raw: raw(cli.stdout + cli.stderr),
      phase: object.status.phase,
      reason: object.status.reason,
      node: object.spec.nodeName,
      label: object.metadata.labels['app'],
    }).toEqual({ raw: [], phase, reason, node, label: '数据库\x1b[31m' });
    expect(cli.stdout).toContain('"nodeName":"worker\\u009b31m-\\u202elive\\u007f');
  });

  it('escapes and caps a Status message of 1 MB with escape sequences (exit 5)', async () => {
    await server.stop();
    const user = `\x1b]0;owned\x07\x1b[2J${'x'.repeat(1_000_000)}`;
    server = await FakeApiServer.start({ forbiddenNamespaces: ['secret'], user });
    writeFileSync(kubeconfig, server.kubeConfigYaml());
    const runs = ['table', 'json'].map((output) =>
      rxkube('watch', 'pods', '-n', 'secret', '-o', output, '--kubeconfig', kubeconfig),
    );
    const outcome = await Promise.all(
      runs.map(async (cli) => {
        const exit = await cli.exited;
        const error = cli.stderr.split('\n').find((line) => line.startsWith('error:')) ?? '';
        return { exit, raw: raw(cli.stdout + cli.stderr), error, length: [...error].length };
      }),
    );
    expect(outcome).toEqual(
      runs.map(() => ({
        exit: 5,
        raw: [],
        error: expect.stringMatching(
          /^error: forbidden: cannot watch pods in secret \(403\): pods is forbidden: User "\\x1b\]0;owned\\x07\\x1b\[2Jx+…$/,
        ),
        length: 'error: '.length + 1024,
      })),
    );
  });
});
