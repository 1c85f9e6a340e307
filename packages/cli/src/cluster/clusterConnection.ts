import type { KubeConfig } from '@kubernetes/client-node';
import { kubeconfigFiles, loadKubeconfig, type KubeconfigOptions } from './kubeconfigFile.js';
import { startSimulatedCluster, type SimulatedClusterOptions } from './simulatedCluster.js';

/** Options of {@link connectCluster}: kubectl's flags plus the embedded cluster's. */
export interface ClusterOptions extends KubeconfigOptions {
  /** Use the embedded simulated cluster even when a kubeconfig exists. */
  demo?: boolean | undefined;
  /** Tuning of the embedded cluster. */
  simulated?: SimulatedClusterOptions;
}

/** The cluster a command talks to. */
export interface ClusterConnection {
  /** A real cluster from a kubeconfig, or the embedded simulated one. */
  readonly kind: 'kubeconfig' | 'simulated';
  readonly kubeConfig: KubeConfig;
  /** The API server URL. */
  readonly server: string;
  /** One line for the banner: which cluster is in use and where it comes from. */
  readonly banner: string;
  /** Short name: the context, or `simulated`. */
  readonly name: string;
  /** Releases it (stops the embedded cluster). */
  close(): Promise<void>;
}

/**
 * Picks the cluster as the documentation says: the current (or `--context`) context of the
 * kubeconfig when there is one, otherwise — or with `--demo` — the embedded simulated cluster.
 *
 * @param options - `--kubeconfig`, `--context`, `--demo`
 * @param env - the environment (for tests)
 * @returns the connection
 * @throws CliError for an unusable kubeconfig
 */
export async function connectCluster(
  options: ClusterOptions,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ClusterConnection> {
  const files = options.demo === true ? [] : kubeconfigFiles(options, env);
  if (files.length > 0) {
    const loaded = loadKubeconfig(files, options.context);
    return {
      kind: 'kubeconfig',
      kubeConfig: loaded.kubeConfig,
      server: loaded.server,
      name: loaded.context,
      banner: `context ${loaded.context} · ${loaded.server} · from ${loaded.files.join(', ')}`,
      close: async () => {},
    };
  }
  const cluster = await startSimulatedCluster(options.simulated);
  const why = options.demo === true ? '--demo' : 'no kubeconfig found';
  const faultMs = options.simulated?.faultIntervalMs ?? 30_000;
  const faults = faultMs > 0 ? `, a disconnect or 410 every ${Math.round(faultMs / 1000)}s` : '';
  return {
    kind: 'simulated',
    kubeConfig: cluster.kubeConfig,
    server: cluster.server.url,
    name: 'simulated',
    banner:
      `embedded simulated cluster (${why}) · ${cluster.simulation.podCount} pods churning${faults}` +
      ` · ${cluster.server.url}`,
    close: () => cluster.stop(),
  };
}
