import { GarbageCollector } from './controllers/garbageCollector.js';
import type { FaultInjector } from './faults/faultInjector.js';
import { seededRandom } from './faults/random.js';
import { RequestLog } from './http/requestLog.js';
import type { ResolvedOptions } from './options.js';
import { customResourceDefinitionHook } from './registry/customResourceDefinitionHook.js';
import {
  apiExtensionsGroup,
  customResourceDefinitionKind,
} from './registry/customResourceDefinitionSpec.js';
import { ResourceRegistry } from './registry/resourceRegistry.js';
import { secretHook } from './registry/secretHook.js';
import { ObjectStore } from './storage/objectStore.js';
import type { WatchStream } from './watch/watchStream.js';

/** What request handlers share: the state of one running server. */
export interface ServerContext {
  readonly options: ResolvedOptions;
  readonly store: ObjectStore;
  readonly registry: ResourceRegistry;
  readonly faults: FaultInjector;
  /** The most recent requests, for tests to read back. */
  readonly requests: RequestLog;
  /** Open watch streams, closed by `stop()`. */
  readonly watches: Set<WatchStream>;
  /** Aborted when the server stops, to cut pending waits short. */
  readonly shutdown: AbortSignal;
  /** Randomness for choices the protocol leaves to the server (default watch timeouts). */
  readonly random: () => number;
}

/**
 * The state of a new server: its store, with the write hooks of the resources that need one
 * (CustomResourceDefinitions, Secrets) and the garbage collector reacting to its writes, its
 * registry of built-in resources, and empty request and watch tracking.
 *
 * @param options - the resolved server options.
 * @param faults - the server's fault injector.
 * @param shutdown - aborted when the server stops.
 * @returns the context.
 */
export function createServerContext(
  options: ResolvedOptions,
  faults: FaultInjector,
  shutdown: AbortSignal,
): ServerContext {
  const random = seededRandom(options.seed);
  const ctx: ServerContext = {
    options,
    store: new ObjectStore({
      historyLimit: options.historyLimit,
      initialResourceVersion: options.initialResourceVersion,
      random,
      now: options.now,
      resourceVersions: options.resourceVersions,
      managedFields: options.managedFields,
    }),
    registry: new ResourceRegistry(),
    faults,
    requests: new RequestLog(options.requestLogLimit),
    watches: new Set<WatchStream>(),
    shutdown,
    random,
  };
  const crds = ctx.registry.lookupKind(`${apiExtensionsGroup}/v1`, customResourceDefinitionKind);
  if (crds !== undefined) ctx.store.setWriteHook(crds, customResourceDefinitionHook(ctx));
  const secrets = ctx.registry.lookupKind('v1', 'Secret');
  if (secrets !== undefined) ctx.store.setWriteHook(secrets, secretHook());
  new GarbageCollector(ctx.store, ctx.registry).start();
  return ctx;
}
