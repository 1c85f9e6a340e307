import type { FaultInjector } from './faults/faultInjector.js';
import type { RequestLog } from './http/requestLog.js';
import type { ResolvedOptions } from './options.js';
import type { ResourceRegistry } from './registry/resourceRegistry.js';
import type { ObjectStore } from './storage/objectStore.js';
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
