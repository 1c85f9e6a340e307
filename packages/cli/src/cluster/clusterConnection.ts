import type { KubeConfig } from '@kubernetes/client-node';
import { EMPTY, map, type Observable } from 'rxjs';
import { kubeconfigError } from '../errors/cliError.js';
import { displayUrl } from '../view/displayUrl.js';
import { kubeconfigFiles, loadKubeconfig, type KubeconfigOptions } from './kubeconfigFile.js';
import { startSimulatedCluster, type SimulatedClusterOptions } from './simulatedCluster.js';

/** Options of {@link connectCluster}: kubectl's flags plus the embedded cluster's. */
export interface ClusterOptions extends KubeconfigOptions {
  /** Use the embedded simulated cluster (and no kubeconfig). */
  demo?: boolean | undefined;
  /** Tuning of the embedded cluster. */
  simulated?: SimulatedClusterOptions;
}

/** The cluster a command talks to. */
export interface ClusterConnection {
  /** A real cluster from a kubeconfig, or the embedded simulated one. */
  readonly kind: 'kubeconfig' | 'simulated';
  readonly kubeConfig: KubeConfig;
  /**
   * The API server as shown to users: a kubeconfig's URL without the user information it may
   * carry ({@link displayUrl}); for the simulated cluster, words rather than its URL (nothing
   * a user should open). Requests take the URL from `kubeConfig`.
   */
  readonly server: string;
  /** One line for the banner: which cluster is in use and where it comes from (no credentials). */
  readonly banner: string;
  /**
   * Problems of the cluster itself worth telling the user while the command runs: the
   * simulated cluster's failed steps (it carries on). Completes when the connection closes.
   */
  readonly warnings$: Observable<string>;
  /** Short name: the context, or `simulated`. */
  readonly name: string;
  /** Releases it (stops the embedded cluster). */
  close(): Promise<void>;
}

/**
 * Picks the cluster as the documentation says: with `--demo` the embedded simulated cluster,
 * otherwise the current (or `--context`) context of the kubeconfig. A missing kubeconfig is an
 * error, not a reason to fall back to the simulated cluster: a script must never read made-up
 * objects as if they were its cluster's.
 *
 * @param options - `--kubeconfig`, `--context`, `--demo`
 * @param env - the environment (for tests)
 * @returns the connection
 * @throws CliError (exit code 3) for a missing or unusable kubeconfig
 */
export async function connectCluster(
  options: ClusterOptions,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ClusterConnection> {
  if (options.demo !== true) {
    const files = kubeconfigFiles(options, env);
    if (files.length === 0) {
      throw kubeconfigError(
        env['KUBECONFIG']
          ? 'no kubeconfig found: none of the files in $KUBECONFIG exists'
          : 'no kubeconfig found: $KUBECONFIG is not set and ~/.kube/config does not exist',
        'pass --kubeconfig <file>, or --demo for the embedded simulated cluster',
      );
    }
    const loaded = loadKubeconfig(files, options.context);
    const server = displayUrl(loaded.server);
    return {
      kind: 'kubeconfig',
      kubeConfig: loaded.kubeConfig,
      server,
      name: loaded.context,
      banner: `context ${loaded.context} · ${server} · from ${loaded.files.join(', ')}`,
      warnings$: EMPTY,
      close: async () => {},
    };
  }
  const cluster = await startSimulatedCluster(options.simulated);
  const faultMs = options.simulated?.faultIntervalMs ?? 30_000;
  const faults = faultMs > 0 ? `, a disconnect or 410 every ${Math.round(faultMs / 1000)}s` : '';
  return {
    kind: 'simulated',
    kubeConfig: cluster.kubeConfig,
    // The embedded API server's URL is not shown: it wants the token only the command holds,
    // so a user who opened it would get a 401. The dashboard's URL is the one to open.
    server: 'the embedded simulated cluster',
    name: 'simulated',
    banner: `embedded simulated cluster (--demo) · ${cluster.simulation.podCount} pods churning${faults}`,
    warnings$: cluster.simulation.failures$.pipe(
      map((err) => `simulated cluster: a step failed and was skipped: ${String(err)}`),
    ),
    close: () => cluster.stop(),
  };
}
