import {
  connectCluster,
  type ClusterConnection,
  type ClusterOptions,
} from '../cluster/clusterConnection.js';
import type { ApiResource } from '../resources/apiResource.js';
import { connectWithRetry } from '../resources/connectWithRetry.js';
import { discoverResources } from '../resources/discovery.js';
import { printableText } from '@rxkube/informer';
import { createProgress } from '../watch/progress.js';
import { colorEnabled, makeStyle } from '../watch/style.js';
import type { CommandIo } from './commandIo.js';

/** Options shared by the commands that talk to a cluster. */
export interface OpenClusterOptions extends ClusterOptions {
  /** Give up reaching the cluster after this long (ms); 0 for never. */
  connectTimeoutMs: number;
}

/** A cluster connected and discovered. */
interface OpenCluster {
  readonly connection: ClusterConnection;
  readonly resources: readonly ApiResource[];
}

/**
 * Picks the cluster, prints the banner saying which one is in use, and runs discovery with a
 * visible retry while the cluster cannot be reached.
 *
 * @param options - cluster choice and connect timeout
 * @param io - streams, environment, abort signal
 * @returns the connection and the resource types it serves
 * @throws CliError for a bad kubeconfig, refused credentials or an unreachable cluster
 */
export async function openCluster(
  options: OpenClusterOptions,
  io: CommandIo,
): Promise<OpenCluster> {
  const style = makeStyle(colorEnabled(io.stderr, io.env));
  const connection = await connectCluster(options, io.env);
  // Context names and server URLs come from a kubeconfig that may not be the user's own.
  io.stderr.write(
    `${style.cyan('⎈')} ${style.bold('cluster:')} ${printableText(connection.banner)}\n`,
  );
  // Ends by itself when the connection closes.
  connection.warnings$.subscribe((warning) =>
    io.stderr.write(`${style.yellow('warning:')} ${printableText(warning)}\n`),
  );
  const progress = createProgress(io.stderr);
  try {
    progress.update(`Connecting to ${connection.server}…`);
    const resources = await connectWithRetry(() => discoverResources(connection.kubeConfig), {
      server: connection.server,
      timeoutMs: options.connectTimeoutMs,
      signal: io.signal,
      onRetry: ({ attempt, delayMs, reason }) =>
        progress.update(
          `Cannot reach ${connection.server}: ${reason} — retrying in ${(delayMs / 1000).toFixed(1)}s (attempt ${attempt})`,
        ),
    });
    progress.stop();
    return { connection, resources };
  } catch (err) {
    progress.stop();
    await connection.close();
    throw err;
  }
}
