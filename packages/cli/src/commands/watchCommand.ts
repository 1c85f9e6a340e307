import type { InformerError } from '@rxkube/informer';
import { ApiError } from '@rxkube/informer/errors';
import type { KubeObject } from '@rxkube/store';
import type { Subscription } from 'rxjs';
import { filter, firstValueFrom, map, takeUntil } from 'rxjs';
import { CliError } from '../errors/cliError.js';
import { ExitCode } from '../errors/exitCodes.js';
import { TrackedInformers } from '../informers/trackedInformers.js';
import { qualifiedName } from '../resources/apiResource.js';
import { resolveResource } from '../resources/resolveResource.js';
import { failureReports } from '../status/failureReports.js';
import { columnsFor } from '../view/columns.js';
import { startJsonEvents } from '../watch/jsonEvents.js';
import { startPlainLines } from '../watch/plainLines.js';
import { createProgress, isSizedTerminal } from '../watch/progress.js';
import { aborted, type CommandIo } from './commandIo.js';
import { openCluster, type OpenClusterOptions } from './openCluster.js';
import { WatchViews } from './watchViews.js';

/** Options of `rxkube watch`. */
interface WatchCommandOptions extends OpenClusterOptions {
  /** The resource type as typed: `pods`, `po`, `deployments.apps`… */
  resource: string;
  /** `-n`: this namespace (default: the context's, else `default`). */
  namespace?: string | undefined;
  /** `-A`: every namespace. */
  allNamespaces?: boolean | undefined;
  /** `-l`: label selector. */
  selector?: string | undefined;
  /** `--field-selector`. */
  fieldSelector?: string | undefined;
  /** `-o`: the live table, or JSON lines. */
  output: 'table' | 'json';
}

/**
 * `rxkube watch`: runs a shared informer on one resource and shows it as a live table (or JSON
 * lines) until Ctrl-C.
 *
 * @param options - the command line
 * @param io - streams, environment, abort signal
 * @returns the exit code
 * @throws CliError for the failures users can fix (see the exit codes)
 */
export async function runWatch(options: WatchCommandOptions, io: CommandIo): Promise<number> {
  const { connection, resources } = await openCluster(options, io);
  const informers = new TrackedInformers(connection.kubeConfig);
  const subscriptions: Subscription[] = [];
  const progress = createProgress(io.stderr);
  try {
    const resource = resolveResource(options.resource, resources);
    const contextNamespace = connection.kubeConfig.getContextObject(
      connection.kubeConfig.getCurrentContext(),
    )?.namespace;
    const namespace = !resource.namespaced
      ? undefined
      : options.allNamespaces === true
        ? undefined
        : (options.namespace ?? contextNamespace ?? 'default');
    const { informer, tracker } = informers.informerFor<KubeObject>(resource, {
      namespace,
      labelSelector: options.selector,
      fieldSelector: options.fieldSelector,
    });
    const scope = namespace === undefined ? '' : ` in ${namespace}`;
    const what = `${qualifiedName(resource)}${scope}`;
    const refused = informer.errors$.pipe(
      filter(
        (e: InformerError): e is ApiError => e instanceof ApiError && [401, 403].includes(e.code),
      ),
      map((e) => refusal(e, what)),
    );
    const failure = firstValueFrom(refused.pipe(takeUntil(aborted(io.signal))), {
      defaultValue: undefined,
    });

    if (options.output === 'json') {
      subscriptions.push(startJsonEvents(io.stdout, informer));
    }
    const started = Date.now();
    subscriptions.push(
      tracker.status$.subscribe((s) => {
        if (s.hasSynced) return;
        progress.update(
          s.phase === 'backingOff' && s.lastError !== undefined
            ? `Listing ${what} failed: ${s.lastError.message} — retrying (attempt ${s.failures})`
            : `Listing ${what}… page ${s.listPages}, ${s.listItems.toLocaleString('en-US')} objects`,
        );
      }),
    );
    const synced = informer.waitForCacheSync(io.signal);
    const first = await Promise.race([synced.then(() => undefined), failure]);
    if (first !== undefined) throw first;
    if (io.signal.aborted) return ExitCode.ok;
    progress.succeed(
      `Synced ${informer.getIndexer().size.toLocaleString('en-US')} ${what} at resourceVersion ${informer.lastSyncResourceVersion()} in ${((Date.now() - started) / 1000).toFixed(1)}s`,
    );

    const live = options.output === 'table' && isSizedTerminal(io.stdout);
    if (!live) {
      // Without the live screen's status line, failures after the sync would go unseen and a
      // script could not tell that its data went stale: each is reported on stderr (rate-
      // limited), and so is the recovery. Never on stdout, which carries only data.
      subscriptions.push(
        tracker.outcomes$.pipe(failureReports()).subscribe((line) => io.stderr.write(`${line}\n`)),
      );
    }

    if (options.output === 'table' && !live) {
      subscriptions.push(
        startPlainLines(
          io.stdout,
          informer,
          columnsFor(resource, resource.namespaced && namespace === undefined),
        ),
      );
    }
    if (live) {
      // On the terminal, a refusal after the sync shows in the status line and the informer
      // keeps trying (RBAC may be granted meanwhile); quitting is the user's call.
      const switcher = new WatchViews(connection.kubeConfig, resources, io, {
        cluster:
          connection.name === 'simulated'
            ? 'embedded simulated cluster'
            : `context ${connection.name}`,
        first: { resource, namespace, informers, informer, tracker },
        namespace:
          options.allNamespaces === true
            ? undefined
            : (options.namespace ?? contextNamespace ?? 'default'),
        selectors: { labelSelector: options.selector, fieldSelector: options.fieldSelector },
      });
      try {
        await Promise.race([aborted(io.signal), switcher.quit]);
      } finally {
        switcher.close();
      }
      return ExitCode.ok;
    }
    const end = await Promise.race([aborted(io.signal).then(() => undefined), failure]);
    if (end !== undefined) throw end;
    return ExitCode.ok;
  } finally {
    progress.stop();
    for (const subscription of subscriptions.reverse()) subscription.unsubscribe();
    informers.shutdown();
    await connection.close();
  }
}

function refusal(error: ApiError, what: string): CliError {
  const word = error.code === 401 ? 'unauthorized' : 'forbidden';
  const detail = error.status?.message ?? error.message;
  return new CliError(
    `${word}: cannot ${error.verb} ${what} (${error.code}): ${detail}`,
    ExitCode.forbidden,
    error.code === 401
      ? 'the credentials of the kubeconfig context were rejected'
      : `ask for the RBAC permission to ${error.verb} ${what}, or pick a namespace you can read with -n`,
  );
}
