import { jest } from '@jest/globals';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleCli } from '../testSupport/cliProcess.testing.js';

// `npm start` must stop as a whole when its outermost process gets one SIGTERM (a supervisor or
// `kill <pid>`): npm forwards the signal to its child only, so a shell or a second npm between
// it and the command would survive it, orphaned, with the dashboard still on its port.
//
// The test runs the scripts of the repository's own package.json files, in a copy of the
// workspace whose built command (`packages/cli/dist/bin.js`) loads the command bundled from
// source, listening on a free port.

jest.setTimeout(60_000);

const repository = fileURLToPath(new URL('../../../../', import.meta.url));
let bundle: string;
let workspace: string;
const started: number[] = [];

const scriptsOf = (path: string): Record<string, string> =>
  (JSON.parse(readFileSync(join(repository, path), 'utf8')) as { scripts: Record<string, string> })
    .scripts;

beforeAll(async () => {
  bundle = await bundleCli();
  workspace = mkdtempSync(join(tmpdir(), 'rxkube-npm-start-'));
  const root = scriptsOf('package.json');
  const cli = scriptsOf('packages/cli/package.json');
  writeFileSync(
    join(workspace, 'package.json'),
    JSON.stringify({
      name: 'rxkube',
      private: true,
      workspaces: ['packages/*'],
      scripts: { start: root['start'] },
    }),
  );
  mkdirSync(join(workspace, 'packages', 'cli', 'dist'), { recursive: true });
  writeFileSync(
    join(workspace, 'packages', 'cli', 'package.json'),
    JSON.stringify({ name: '@rxkube/cli', type: 'module', scripts: { demo: cli['demo'] } }),
  );
  // The built command: the bundle, on any free port and without injected faults.
  writeFileSync(
    join(workspace, 'packages', 'cli', 'dist', 'bin.js'),
    `process.argv.push('--port', '0', '--demo-faults', '0');\nawait import(${JSON.stringify(pathToFileURL(bundle).href)});\n`,
  );
});

afterEach(() => {
  for (const pid of started.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
});

afterAll(() => {
  rmSync(workspace, { recursive: true, force: true });
  rmSync(bundle, { force: true });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Every process below `pid`, from `ps`. */
function descendants(pid: number): number[] {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const below: number[] = [];
  for (let parents = [pid]; parents.length > 0;) {
    parents = table.filter(([, ppid]) => parents.includes(ppid)).map(([child]) => child);
    below.push(...parents);
  }
  return below;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Resolves once none of the processes runs; rejects after 20 s with those still running. */
async function allExited(pids: readonly number[]): Promise<void> {
  for (let waited = 0; pids.some(alive); waited += 100) {
    if (waited > 20_000) throw new Error(`still running: ${pids.filter(alive).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Runs an npm script in the workspace copy until the dashboard listens, then sends one SIGTERM
 * to npm alone.
 */
async function startThenTerminate(args: string[], cwd: string) {
  const npm = spawn('npm', args, {
    cwd,
    env: { PATH: process.env['PATH'] ?? '', HOME: workspace },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = npm.pid;
  if (pid === undefined) throw new Error('npm did not start');
  started.push(pid);
  let output = '';
  const exited = new Promise<number | null>((resolve) => npm.on('exit', resolve));
  const url = await new Promise<URL>((resolve, reject) => {
    const read = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      const match = /http:\/\/127\.0\.0\.1:\d+\//.exec(output);
      if (match !== null) resolve(new URL(match[0]));
    };
    npm.stdout.on('data', read);
    npm.stderr.on('data', read);
    void exited.then(() =>
      reject(new Error(`npm exited before the dashboard listened:\n${output}`)),
    );
  });
  const port = Number(url.port);
  const below = descendants(pid);
  started.push(...below);
  const listening = await portOpen(port);
  npm.kill('SIGTERM');
  const exit = await exited;
  await allExited(below).catch(() => undefined);
  return {
    listening,
    exit,
    running: below.filter(alive).length,
    portOpen: await portOpen(port),
  };
}

describe('npm start', () => {
  it('stops every process it started, and frees the port, on one SIGTERM to npm', async () => {
    expect(await startThenTerminate(['start'], workspace)).toEqual({
      listening: true,
      exit: 0,
      running: 0,
      portOpen: false,
    });
  });

  it('does the same for the cli package’s own demo script', async () => {
    const cli = join(workspace, 'packages', 'cli');
    expect(await startThenTerminate(['run', 'demo'], cli)).toEqual({
      listening: true,
      exit: 0,
      running: 0,
      portOpen: false,
    });
  });
});
