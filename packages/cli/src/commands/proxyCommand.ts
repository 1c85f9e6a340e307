import { printableText } from '@rxkube/informer';
import { ApiProxy } from '../apiProxy/apiProxy.js';
import { startApiProxyServer } from '../apiProxy/apiProxyServer.js';
import { proxyResources, type ProxyResourceFlags } from '../apiProxy/proxyResources.js';
import { dashboardAccess } from '../dashboard/dashboardAccess.js';
import { ExitCode } from '../errors/exitCodes.js';
import { colorEnabled, makeStyle } from '../watch/style.js';
import { aborted, type CommandIo } from './commandIo.js';
import { openCluster, type OpenClusterOptions } from './openCluster.js';

/** Options of `rxkube proxy`. */
interface ProxyCommandOptions extends OpenClusterOptions, ProxyResourceFlags {
  /** Port; 0 for any free one. */
  port: number;
  /** Address to bind. */
  address: string;
  /** More `Host` names to answer (a reverse proxy, a DNS name of this machine). */
  allowedHosts?: readonly string[] | undefined;
  /** Requests the API proxy keeps open to the API server at once; default 100. */
  maxOpenRequests?: number | undefined;
}

/**
 * `rxkube proxy`: serves the cluster's API read-only at `http://<address>:<port>/`, with the
 * kubeconfig's credentials applied here and never handed out, until Ctrl-C.
 *
 * @param options - the command line
 * @param io - streams, environment, abort signal
 * @returns the exit code
 * @throws CliError for the failures users can fix (see the exit codes)
 */
export async function runProxy(options: ProxyCommandOptions, io: CommandIo): Promise<number> {
  const { connection, resources } = await openCluster(options, io);
  try {
    const allowlist = proxyResources(options, resources);
    const style = makeStyle(colorEnabled(io.stdout, io.env));
    const warn = makeStyle(colorEnabled(io.stderr, io.env));
    const proxy = new ApiProxy({
      kubeConfig: connection.kubeConfig,
      resources: allowlist,
      maxOpenRequests: options.maxOpenRequests,
      // Already free of credentials; escaped, since the message may quote the cluster.
      onUpstreamFailure: (message) =>
        io.stderr.write(`${warn.yellow('warning:')} proxy: ${printableText(message)}\n`),
    });
    // Off loopback a token is required, always: this proxy hands out the kubeconfig's access.
    const { token } = dashboardAccess(options.address, false);
    const server = await startApiProxyServer({
      proxy,
      host: options.address,
      port: options.port,
      token,
      allowedHosts: options.allowedHosts ?? [],
    });
    const everywhere = server.everyInterface
      ? `  ${style.dim(`Listening on every interface (${options.address}): from another machine, use an address of this one (a name needs --allowed-host).`)}\n`
      : '';
    // The token is printed this once; it is never logged.
    const tokenLine =
      token === undefined
        ? ''
        : `  ${style.bold('token')}  ${token.value}  ${style.dim('(send it as Authorization: Bearer <token>)')}\n`;
    io.stdout.write(
      `\n  ${style.bold('rxkube proxy')}  ${style.cyan(style.bold(server.url))}\n${tokenLine}${everywhere}\n` +
        `  ${style.dim(`Read-only (GET: get, list, watch) for ${allowlist.resources.join(', ')}. Ctrl-C to quit.`)}\n\n`,
    );
    await aborted(io.signal);
    await server.close();
    return ExitCode.ok;
  } finally {
    await connection.close();
  }
}
