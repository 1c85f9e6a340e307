import { Command, Option } from 'commander';
import type { ClusterOptions } from '../cluster/clusterConnection.js';
import { runDashboard } from '../commands/dashboardCommand.js';
import type { CommandIo } from '../commands/commandIo.js';
import { runProxy } from '../commands/proxyCommand.js';
import { runWatch } from '../commands/watchCommand.js';
import { defaultMaxOpenRequests } from '../apiProxy/openRequestLimit.js';
import {
  parseDuration,
  parseNonNegative,
  parsePort,
  parsePositiveInteger,
} from './parseOptions.js';

interface ClusterFlags {
  kubeconfig?: string;
  context?: string;
  demo?: boolean;
  connectTimeout: number;
  demoFaults: number;
  demoScale: number;
  demoSeed: number;
}

/**
 * Builds the `rxkube` command line with commander. Each action stores its exit code through
 * `done` (commander's `parseAsync` resolves with the command, not with a value).
 *
 * @param io - streams, environment, abort signal
 * @param done - receives the exit code of the command that ran
 * @returns the program, ready for `parseAsync`
 */
export function createProgram(io: CommandIo, done: (code: number) => void): Command {
  const program = new Command('rxkube')
    .description(
      'Kubernetes informers as RxJS Observables: live views of a cluster, fed by shared informers.\n' +
        'With --demo it runs on an embedded simulated cluster instead of a kubeconfig.',
    )
    .version('0.1.0', '-v, --version')
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({
      writeOut: (s) => void io.stdout.write(s),
      writeErr: (s) => void io.stderr.write(s),
    })
    .exitOverride();

  withClusterFlags(
    program
      .command('watch')
      .description('watch a resource as a live table (like kubectl get -w, continuously updated)')
      .argument('<resource>', 'resource type: pods, po, deployments, deploy.apps, nodes…')
      .option('-n, --namespace <namespace>', "only this namespace (default: the context's)")
      .option('-A, --all-namespaces', 'every namespace')
      .option('-l, --selector <selector>', 'label selector, e.g. app=web,tier!=db')
      .option('--field-selector <selector>', 'field selector, e.g. status.phase=Running')
      .addOption(
        new Option('-o, --output <format>', 'table: live table; json: one JSON event per line')
          .choices(['table', 'json'])
          .default('table'),
      )
      .addHelpText(
        'after',
        '\nExamples:\n  rxkube watch pods -A\n  rxkube watch deploy -n shop\n  rxkube watch pods -l app=frontend -o json | jq .type',
      ),
  ).action(async (resource: string, flags: ClusterFlags & WatchFlags) => {
    if (flags.namespace !== undefined && flags.allNamespaces === true) {
      program.error('error: --namespace and --all-namespaces cannot be used together', {
        exitCode: 2,
        code: 'rxkube.conflict',
      });
    }
    done(
      await runWatch(
        {
          ...clusterOptions(flags),
          resource,
          namespace: flags.namespace,
          allNamespaces: flags.allNamespaces,
          selector: flags.selector,
          fieldSelector: flags.fieldSelector,
          output: flags.output,
        },
        io,
      ),
    );
  });

  withClusterFlags(
    withProxyFlags(
      program
        .command('proxy')
        .description(
          "serve the cluster's API read-only (GET: get, list, watch) with the kubeconfig's credentials, which clients never see",
        )
        .option('-p, --port <port>', 'port to listen on (0 for any free port)', parsePort, 8001)
        .option(
          '--address <address>',
          'address to bind; keep 127.0.0.1 unless you mean to share it (then a token is required)',
          '127.0.0.1',
        )
        .addHelpText(
          'after',
          '\nExamples:\n  rxkube proxy --demo\n  rxkube proxy --resources pods,deploy,nodes\n  curl http://127.0.0.1:8001/api/v1/namespaces/default/pods',
        ),
    ),
  ).action(async (flags: ClusterFlags & ProxyFlags & { address: string }) => {
    done(
      await runProxy(
        {
          ...clusterOptions(flags),
          ...servingOptions(flags),
          address: flags.address,
        },
        io,
      ),
    );
  });

  withClusterFlags(
    withProxyFlags(
      program
        .command('dashboard')
        .description(
          'serve the live web dashboard (one shared informer per resource); with --api-proxy, the read-only API proxy under /k8s/, redacted',
        )
        .option('-p, --port <port>', 'port to listen on (0 for any free port)', parsePort, 7420)
        .option(
          '--host <address>',
          'address to bind; keep 127.0.0.1 unless you mean to share it (then a token is required)',
          '127.0.0.1',
        )
        .option(
          '--insecure-no-auth',
          'off loopback, serve without the access token (anyone who can reach it sees the pods)',
        )
        .option(
          '--api-proxy',
          'also serve the read-only API proxy under /k8s/, for pages that run an informer themselves (objects redacted as in the details view)',
        ),
    ),
  ).action(async (flags: ClusterFlags & DashboardFlags) => {
    done(
      await runDashboard(
        {
          ...clusterOptions(flags),
          ...servingOptions(flags),
          host: flags.host,
          insecureNoAuth: flags.insecureNoAuth,
          apiProxy: flags.apiProxy,
        },
        io,
      ),
    );
  });

  return program;
}

/** The flags of the commands that serve the API proxy. */
interface ProxyFlags {
  port: number;
  allowedHost: string[];
  resources?: string[];
  allowSecrets?: boolean;
  maxOpenRequests: number;
}

interface DashboardFlags extends ProxyFlags {
  host: string;
  insecureNoAuth?: boolean;
  apiProxy?: boolean;
}

interface WatchFlags {
  namespace?: string;
  allNamespaces?: boolean;
  selector?: string;
  fieldSelector?: string;
  output: 'table' | 'json';
}

function withProxyFlags(command: Command): Command {
  return command
    .option(
      '--allowed-host <host>',
      'also answer requests for this host name, e.g. behind a proxy (repeatable; name or name:port)',
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    )
    .option(
      '--resources <names>',
      'API proxy: serve only these resources, comma-separated (pods,deploy,jobs.batch; default: the read-only set)',
      (value: string, previous: string[] | undefined) => [
        ...(previous ?? []),
        ...value
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name !== ''),
      ],
    )
    .option(
      '--allow-secrets',
      "serve Secrets too (the proxy: pages can then read the cluster's credentials; the dashboard: their feed and details, never their data)",
    )
    .addOption(
      new Option(
        '--max-open-requests <n>',
        'API proxy: requests open to the API server at once (a watch counts until it ends); more get 503 with Retry-After',
      )
        .argParser(parsePositiveInteger)
        .default(defaultMaxOpenRequests),
    );
}

function withClusterFlags(command: Command): Command {
  return command
    .option('--kubeconfig <file>', 'kubeconfig file (default: $KUBECONFIG, else ~/.kube/config)')
    .option('--context <name>', 'kubeconfig context (default: the current one)')
    .option('--demo', 'use the embedded simulated cluster instead of a kubeconfig')
    .addOption(
      // The default is shown as it would be typed: a bare number means seconds.
      new Option(
        '--connect-timeout <duration>',
        'give up reaching the cluster after this long: 30s, 500ms, 2m, 1h; a bare number is seconds (0: never)',
      )
        .argParser(parseDuration)
        .default(30_000, '30s'),
    )
    .addOption(
      new Option(
        '--demo-faults <seconds>',
        'simulated cluster: seconds between injected faults (0: none)',
      )
        .argParser(parseNonNegative)
        .default(30),
    )
    .addOption(
      new Option('--demo-scale <factor>', 'simulated cluster: multiplies its size')
        .argParser(parseNonNegative)
        .default(1),
    )
    .addOption(
      new Option('--demo-seed <n>', 'simulated cluster: seed of its randomness')
        .argParser(parseNonNegative)
        .default(1)
        .hideHelp(),
    );
}

function servingOptions(flags: ProxyFlags) {
  return {
    port: flags.port,
    allowedHosts: flags.allowedHost,
    resources: flags.resources,
    allowSecrets: flags.allowSecrets,
    maxOpenRequests: flags.maxOpenRequests,
  };
}

function clusterOptions(flags: ClusterFlags): ClusterOptions & { connectTimeoutMs: number } {
  return {
    kubeconfig: flags.kubeconfig,
    context: flags.context,
    demo: flags.demo,
    connectTimeoutMs: flags.connectTimeout,
    simulated: {
      faultIntervalMs: flags.demoFaults * 1000,
      scale: flags.demoScale,
      seed: flags.demoSeed,
    },
  };
}
