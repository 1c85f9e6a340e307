import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FakeApiServer } from '../fakeApiServer.js';

/** Where kubectl is looked for: `KUBECTL`, else `/usr/bin/kubectl`. */
export const kubectlPath = process.env['KUBECTL'] ?? '/usr/bin/kubectl';

/** Whether kubectl is there; its tests are skipped otherwise, so `npm test` runs without it. */
export const hasKubectl = existsSync(kubectlPath);

/** What one kubectl run printed and how it exited. */
export interface KubectlResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs kubectl against a fake server (TLS: client-go sends a token only over TLS) through a
 * kubeconfig file of its own, with no cache directory shared between runs.
 */
export class KubectlRunner {
  private readonly dir = mkdtempSync(join(tmpdir(), 'rxkube-kubectl-'));
  private readonly kubeconfig = join(this.dir, 'kubeconfig');

  /**
   * @param server - a fake server started with `tls: true`.
   */
  constructor(server: FakeApiServer) {
    writeFileSync(this.kubeconfig, server.kubeConfigYaml());
  }

  /**
   * Runs `kubectl args…`.
   *
   * @param args - the arguments.
   * @returns exit code and output.
   */
  run(...args: string[]): Promise<KubectlResult> {
    return new Promise((resolve) => {
      execFile(
        kubectlPath,
        [`--kubeconfig=${this.kubeconfig}`, `--cache-dir=${join(this.dir, 'cache')}`, ...args],
        { env: { PATH: process.env['PATH'] ?? '', HOME: this.dir }, timeout: 30_000 },
        (error, stdout, stderr) => {
          const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
          resolve({ code, stdout, stderr });
        },
      );
    });
  }

  /** Removes the kubeconfig and cache. */
  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
