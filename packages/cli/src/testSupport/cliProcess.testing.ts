import { afterAll, afterEach, beforeAll } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { workspaceSourceOf } from '../build/workspaceSource.js';

const cliRoot = fileURLToPath(new URL('../../', import.meta.url));
const packagesRoot = join(cliRoot, '..');

/**
 * An esbuild plugin for tests that bundle workspace code: `@rxkube/*` packages (and their subpath
 * entry points) resolve to their TypeScript sources (no build needed first), every other package
 * stays external and resolves from the workspace's node_modules at run time.
 */
export const rxkubeFromSource: Plugin = {
  name: 'rxkube from source, other packages external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      const path = workspaceSourceOf(packagesRoot, args.path);
      return path === undefined ? { external: true } : { path };
    });
  },
};

/**
 * Bundles `src/bin.ts` (and the `@rxkube/*` packages, from source) into one ES module next to
 * the workspace's node_modules, so the tests run the real command as a child process without a
 * prior build.
 *
 * @returns the bundle's path
 */
export function bundleCli(): Promise<string> {
  return bundleFromSource(join(cliRoot, 'src', 'bin.ts'), 'bin');
}

/**
 * Bundles a TypeScript entry point of the workspace with the `@rxkube/*` packages from source
 * and every other package external, into `node_modules/.cache` where those resolve. For tests
 * that run a module in another process or thread without a prior build.
 *
 * @param entry - the entry point's path
 * @param name - the bundle's name (the process id is added)
 * @returns the bundle's path
 */
export async function bundleFromSource(entry: string, name: string): Promise<string> {
  const outDir = join(cliRoot, 'node_modules', '.cache', 'rxkube-cli-test');
  mkdirSync(outDir, { recursive: true });
  const outfile = join(outDir, `${name}-${process.pid}.mjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [rxkubeFromSource],
  });
  return outfile;
}

/**
 * For a test file that runs the command on the embedded simulated cluster: bundles it once
 * (Jest's `beforeAll`), kills whatever a test started when it ends, and deletes the bundle
 * after the file.
 *
 * @returns a function starting `rxkube <command> --demo --demo-faults 0 --port 0 <args>`
 */
export function demoCommandPerFile(): (command: string, ...args: string[]) => CliProcess {
  let bin: string | undefined;
  const running: CliProcess[] = [];
  beforeAll(async () => {
    bin = await bundleCli();
  });
  afterEach(async () => {
    const children = running.splice(0);
    for (const child of children) child.kill();
    await Promise.all(children.map((child) => child.exited));
  });
  afterAll(() => {
    if (bin !== undefined) rmSync(bin, { force: true });
  });
  return (command, ...args) => {
    if (bin === undefined) throw new Error('the command is bundled in beforeAll');
    const cli = new CliProcess(bin, [
      command,
      '--demo',
      '--demo-faults',
      '0',
      '--port',
      '0',
      ...args,
    ]);
    running.push(cli);
    return cli;
  };
}

/** A running `rxkube` child process and what it printed so far. */
export class CliProcess {
  stdout = '';
  stderr = '';
  readonly exited: Promise<number | null>;
  private readonly child: ChildProcess;
  private readonly waiters = new Set<() => void>();

  /**
   * @param bin - the bundled command
   * @param args - its arguments
   * @param env - extra environment variables
   */
  constructor(bin: string, args: readonly string[], env: Record<string, string> = {}) {
    const home = join(cliRoot, 'node_modules', '.cache', 'rxkube-cli-test', 'home');
    mkdirSync(home, { recursive: true });
    this.child = spawn(process.execPath, [bin, ...args], {
      // No kubeconfig unless a test passes one, whatever the machine has.
      env: { PATH: process.env['PATH'] ?? '', HOME: home, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout
      ?.setEncoding('utf8')
      .on('data', (chunk: string) => this.append('stdout', chunk));
    this.child.stderr
      ?.setEncoding('utf8')
      .on('data', (chunk: string) => this.append('stderr', chunk));
    this.exited = new Promise((resolve) => this.child.on('close', (code) => resolve(code)));
  }

  /**
   * Waits until the output satisfies a condition.
   *
   * @param condition - checked after every chunk of output
   * @param what - described in the error when the process ends or a minute passes first
   */
  async waitFor(condition: (p: CliProcess) => boolean, what: string): Promise<void> {
    if (condition(this)) return;
    await new Promise<void>((resolve, reject) => {
      const check = (): void => {
        if (!condition(this)) return;
        done();
        resolve();
      };
      const fail = (reason: string) => () => {
        done();
        reject(
          new Error(
            `${reason} before ${what}\n--- stdout\n${this.stdout}\n--- stderr\n${this.stderr}`,
          ),
        );
      };
      const timer = setTimeout(fail('60 s passed'), 60_000);
      const onExit = fail('the process exited');
      this.child.once('close', onExit);
      this.waiters.add(check);
      const done = (): void => {
        clearTimeout(timer);
        this.child.off('close', onExit);
        this.waiters.delete(check);
      };
    });
  }

  /**
   * Sends Ctrl-C and waits for the exit.
   *
   * @returns the exit code
   */
  async interrupt(): Promise<number | null> {
    this.child.kill('SIGINT');
    return this.exited;
  }

  /** Kills the process if it still runs (test cleanup). */
  kill(): void {
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }

  private append(stream: 'stdout' | 'stderr', chunk: string): void {
    this[stream] += chunk;
    for (const waiter of [...this.waiters]) waiter();
  }
}
