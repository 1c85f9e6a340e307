import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
// The CLI's test tooling resolves `@rxkube/*` to sources the same way for its child processes.
import { rxkubeFromSource } from '../../cli/src/testSupport/cliProcess.testing.js';

const packageRoot = fileURLToPath(new URL('../', import.meta.url));
const cacheDir = join(packageRoot, 'node_modules', '.cache', 'docs-check');

/**
 * Bundles an example into one ES module that first loads the placeholders
 * (`exampleRuntime.ts`), with the `@rxkube/*` packages from source and every other package
 * external, next to the workspace's node_modules where those resolve. No build needed first.
 *
 * @param name - a unique file name for the bundle
 * @param code - the example's TypeScript code
 * @returns the bundle's path
 */
export async function bundleExample(name: string, code: string): Promise<string> {
  mkdirSync(cacheDir, { recursive: true });
  const outfile = join(cacheDir, `${name}-${process.pid}.mjs`);
  await build({
    stdin: {
      contents: `import './exampleRuntime.ts';\n${code}`,
      resolveDir: join(packageRoot, 'src'),
      sourcefile: `${name}.ts`,
      loader: 'ts',
    },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
    plugins: [rxkubeFromSource],
  });
  return outfile;
}

/** A call of a placeholder, as the example reported it. */
export interface PlaceholderCall {
  /** The placeholder's name. */
  readonly placeholder: string;
  /** Short descriptions of the arguments. */
  readonly args: readonly string[];
}

/** How an example process ended. */
export interface ExampleExit {
  /** The exit code, or `null` when a signal ended the process. */
  readonly code: number | null;
  /** The signal that ended it, if one did. */
  readonly signal: NodeJS.Signals | null;
}

/** A bundled example running in its own Node.js process, with a kubeconfig of the test's. */
export class ExampleProcess {
  /** What the example printed on stdout so far. */
  stdout = '';
  /** What the example printed on stderr so far. */
  stderr = '';
  /** The placeholder calls so far, in order. */
  readonly calls: PlaceholderCall[] = [];
  /** Resolves when the process has ended. */
  readonly exited: Promise<ExampleExit>;
  private started = false;
  private readonly child: ChildProcess;
  private readonly waiters = new Set<() => void>();

  /**
   * Starts the example with `KUBECONFIG` pointing at `kubeConfigYaml`, a `HOME` of its own and
   * `POD_NAME` set (the identity examples give a leader election candidate).
   *
   * @param bundle - the bundled example ({@link bundleExample})
   * @param kubeConfigYaml - the kubeconfig the example's `loadFromDefault()` reads
   */
  constructor(bundle: string, kubeConfigYaml: string) {
    const home = join(cacheDir, `home-${process.pid}`);
    mkdirSync(home, { recursive: true });
    const kubeconfig = join(home, 'kubeconfig');
    writeFileSync(kubeconfig, kubeConfigYaml);
    this.child = spawn(process.execPath, [bundle], {
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: home,
        KUBECONFIG: kubeconfig,
        POD_NAME: 'docs-0',
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    this.child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      this.stdout += chunk;
    });
    this.child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderr += chunk;
    });
    this.child.on('message', (message: PlaceholderCall | { started: true }) => {
      if ('started' in message) this.started = true;
      else this.calls.push(message);
      for (const waiter of [...this.waiters]) waiter();
    });
    this.exited = new Promise((resolve) =>
      this.child.on('exit', (code, signal) => resolve({ code, signal })),
    );
  }

  /** The placeholders called so far. */
  called(): Set<string> {
    return new Set(this.calls.map((call) => call.placeholder));
  }

  /**
   * Waits until the example has started and every one of `names` has been called, or the process has ended, or
   * `safetyNetMs` passed (the example is stuck; then the caller's assertion fails). With no
   * names, waits for the process to end: an example that calls no placeholder shows its work
   * by completing.
   *
   * @param names - the placeholders to wait for
   * @param safetyNetMs - how long to wait at most
   */
  async waitForCalls(names: Iterable<string>, safetyNetMs: number): Promise<void> {
    const wanted = [...names];
    const done = () =>
      this.started && wanted.length > 0 && wanted.every((name) => this.called().has(name));
    if (done()) return;
    await new Promise<void>((resolve) => {
      const finish = (): void => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      const check = (): void => {
        if (done()) finish();
      };
      const timer = setTimeout(finish, safetyNetMs);
      this.waiters.add(check);
      void this.exited.then(finish);
    });
  }

  /**
   * Sends SIGTERM and waits for the process to end, for at most `safetyNetMs`; a process still
   * running then is killed, and reported as ended by SIGKILL.
   *
   * @param safetyNetMs - how long the example may take to stop
   * @returns how it ended
   */
  async terminate(safetyNetMs: number): Promise<ExampleExit> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), safetyNetMs);
    const exit = await this.exited;
    clearTimeout(timer);
    return exit;
  }
}
