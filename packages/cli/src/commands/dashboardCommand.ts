import { fileURLToPath } from 'node:url';
import { printableText } from '@rxkube/informer';
import { ApiProxy } from '../apiProxy/apiProxy.js';
import { proxyResources, type ProxyResourceFlags } from '../apiProxy/proxyResources.js';
import { FeedCatalog } from '../dashboard/feedCatalog.js';
import { dashboardAccess } from '../dashboard/dashboardAccess.js';
import { startDashboardServer } from '../dashboard/dashboardServer.js';
import { qualifiedName } from '../resources/apiResource.js';
import { resolveResource } from '../resources/resolveResource.js';
import { colorEnabled, makeStyle } from '../watch/style.js';
import { ExitCode } from '../errors/exitCodes.js';
import { aborted, type CommandIo } from './commandIo.js';
import { openCluster, type OpenClusterOptions } from './openCluster.js';

/** Options of `rxkube dashboard`. */
interface DashboardCommandOptions extends OpenClusterOptions, ProxyResourceFlags {
  /** Port; 0 for any free one. */
  port: number;
  /** Address to bind. */
  host: string;
  /** Off loopback, serve without a token (a warning is printed). */
  insecureNoAuth?: boolean | undefined;
  /** `--api-proxy`: serve the read-only API proxy under `/k8s/` (redacted); default none. */
  apiProxy?: boolean | undefined;
  /** More `Host` names to answer (a reverse proxy, a DNS name of this machine). */
  allowedHosts?: readonly string[] | undefined;
  /** Requests the API proxy keeps open to the API server at once; default 100. */
  maxOpenRequests?: number | undefined;
  /** Folder of the built browser app. Default: `dist/web` beside the compiled command. */
  webRoot?: string | undefined;
}

/** Where the build puts the browser app, relative to this module once compiled. */
const defaultWebRoot = fileURLToPath(new URL('../web/', import.meta.url));

/**
 * `rxkube dashboard`: one shared informer per resource shown (pods always; others while a page
 * shows them, see `FeedCatalog`) for the whole cluster, served to any number of
 * browser tabs over Server-Sent Events, and with `--api-proxy` the read-only API proxy under
 * `/k8s/` (every object redacted as the details view redacts it), until Ctrl-C. The dashboard's
 * own page does not use `/k8s/`: it is off unless asked for, so that nothing is served that
 * the page does not need.
 *
 * @param options - the command line
 * @param io - streams, environment, abort signal
 * @returns the exit code
 * @throws CliError for the failures users can fix (see the exit codes)
 */
export async function runDashboard(
  options: DashboardCommandOptions,
  io: CommandIo,
): Promise<number> {
  const { connection, resources } = await openCluster(options, io);
  let catalog: FeedCatalog | undefined;
  try {
    const pods = qualifiedName(resolveResource('pods', resources));
    catalog = new FeedCatalog(connection.kubeConfig, resources, {
      pinned: [pods],
      allowSecrets: options.allowSecrets === true,
    });
    const access = dashboardAccess(options.host, options.insecureNoAuth === true);
    const warn = makeStyle(colorEnabled(io.stderr, io.env));
    const apiProxy =
      options.apiProxy === true
        ? new ApiProxy({
            kubeConfig: connection.kubeConfig,
            resources: proxyResources(options, resources),
            redact: true,
            maxOpenRequests: options.maxOpenRequests,
            onUpstreamFailure: (message) =>
              io.stderr.write(`${warn.yellow('warning:')} proxy: ${printableText(message)}\n`),
          })
        : undefined;
    const server = await startDashboardServer({
      host: options.host,
      token: access.token,
      allowedHosts: options.allowedHosts ?? [],
      port: options.port,
      webRoot: options.webRoot ?? defaultWebRoot,
      feeds: {},
      catalog,
      ...(apiProxy === undefined ? {} : { apiProxy }),
      info: {
        cluster: connection.name,
        banner: connection.banner,
        feeds: [pods],
        resources: catalog.listed(),
      },
    });
    const style = makeStyle(colorEnabled(io.stdout, io.env));
    if (access.warning !== undefined) io.stderr.write(`${access.warning}\n`);
    // The token is printed this once, in the URL to open; the page trades it for a cookie.
    const url =
      access.token === undefined ? server.url : `${server.url}?token=${access.token.value}`;
    // A wildcard bind is not an address to open: the URL names loopback, and this says how
    // other machines reach it.
    const everywhere = server.everyInterface
      ? `  ${style.dim(`Listening on every interface (${options.host}): from another machine, open it at an address of this one (a name needs --allowed-host).`)}\n`
      : '';
    io.stdout.write(
      `\n  ${style.bold('rxkube dashboard')}  ${style.cyan(style.bold(url))}\n${everywhere}\n` +
        `  ${style.dim('One shared informer per resource, whatever the number of tabs. Ctrl-C to quit.')}\n\n`,
    );
    await aborted(io.signal);
    await server.close();
    return ExitCode.ok;
  } finally {
    catalog?.close();
    await connection.close();
  }
}
