import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FakeApiServer } from '@rxkube/testing';
// The CLI's own test tooling: the real command bundled from source, its browser app, its pods.
import { buildWebBundle } from '../../../cli/src/build/webBundle.js';
import { bundleCli } from '../../../cli/src/testSupport/cliProcess.testing.js';
import { createPod } from '../../../cli/src/testSupport/pods.testing.js';
import { RecordedText } from './recordedText.testing.js';

/** The `rxkube` command bundled from source, with its dashboard's browser app beside it. */
export interface CliUnderTest {
  /** The command, to run with `CliProcess`. */
  readonly bin: string;
  /** Deletes both. */
  remove(): void;
}

/**
 * Bundles the command and builds the browser app. `rxkube dashboard` serves the app from
 * `../web/` beside its compiled module, as in `dist/`; the bundle and the app are laid out the
 * same way, in a folder of this process's own inside the workspace (where the command's
 * dependencies resolve).
 *
 * @returns the command
 */
export async function prepareCli(): Promise<CliUnderTest> {
  const bundled = await bundleCli();
  const root = join(dirname(bundled), '..', `rxkube-security-${process.pid}`);
  const bin = join(root, 'bin', 'rxkube.mjs');
  mkdirSync(dirname(bin), { recursive: true });
  renameSync(bundled, bin);
  await buildWebBundle(join(root, 'web'));
  return { bin, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/**
 * Drives a running client through a malformed watch line, then a dropped connection. Each step
 * waits for a new pod of namespace `a` to reach the client's output (`seen`), so the faults hit a
 * live watch and the client is past them.
 *
 * @param server - the API server the client watches
 * @param seen - resolves once the named pod shows in the client's output
 */
export async function malformedLineThenDrop(
  server: FakeApiServer,
  seen: (name: string) => Promise<void>,
): Promise<void> {
  server.faults.malformedLineAfter(0);
  server.closeWatches(); // the next watch carries the bad line, out with its next event
  for (let n = 0; server.faults.count('malformedLine') === 0; n += 1) {
    createPod(server, 'a', `fault-${n}`);
    await seen(`fault-${n}`);
  }
  server.dropConnections();
  createPod(server, 'a', 'after-drop');
  await seen('after-drop');
}

/**
 * Whether util-linux `script` is at hand to run the command on a pseudo-terminal.
 *
 * @returns true on Linux with util-linux
 */
export function canUseTerminal(): boolean {
  const version = spawnSync('script', ['--version'], { encoding: 'utf8' });
  return version.stdout?.includes('util-linux') ?? false;
}

/**
 * `rxkube` on a pseudo-terminal (util-linux `script`), where `watch` draws its live screen with
 * a status line naming the last error. Both of its streams land in {@link output}, as on a screen.
 */
export class TerminalProcess {
  /** Everything the terminal showed, escape codes included. */
  readonly output = new RecordedText();
  readonly exited: Promise<number | null>;
  private readonly child: ChildProcess;

  /**
   * @param bin - the bundled command
   * @param args - its arguments
   * @param home - its HOME
   * @param columns - the terminal's width: wide, so that whole error messages fit
   */
  constructor(bin: string, args: readonly string[], home: string, columns = 400) {
    const quote = (arg: string): string => `'${arg.replaceAll("'", `'\\''`)}'`;
    const line = [process.execPath, bin, ...args].map(quote).join(' ');
    this.child = spawn(
      'script',
      ['-qefc', `stty cols ${columns} rows 40; exec ${line}`, '/dev/null'],
      {
        env: { PATH: process.env['PATH'] ?? '', HOME: home, TERM: 'xterm-256color' },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    for (const stream of [this.child.stdout, this.child.stderr]) {
      stream?.setEncoding('utf8').on('data', (chunk: string) => this.output.append(chunk));
    }
    this.exited = new Promise((resolve) =>
      this.child.on('close', (code) => {
        this.output.end('the process exited');
        resolve(code);
      }),
    );
  }

  /**
   * Types Ctrl-C and waits for the exit.
   *
   * @returns the exit code
   */
  interrupt(): Promise<number | null> {
    this.child.stdin?.write('\x03');
    return this.exited;
  }

  /** Kills the process if it still runs (test cleanup): the terminal hangs up on the command. */
  kill(): void {
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}
