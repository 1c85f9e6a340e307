import {
  decimalResourceVersions,
  type ResourceVersionFormat,
} from './storage/resourceVersionFormat.js';

/** Options of {@link FakeApiServer.start}; every field has a default. */
export interface FakeApiServerOptions {
  /** Bearer token clients must send; a random one by default. */
  token?: string;
  /** User name the token authenticates as (shown in 403 messages). Default `rxkube-test`. */
  user?: string;
  /** Serve HTTPS with a self-signed certificate generated at start. Default false. */
  tls?: boolean;
  /** Listen address. Default `127.0.0.1`. */
  host?: string;
  /** Listen port; 0 (default) picks an ephemeral port. */
  port?: number;
  /** The most write events kept for watches and list snapshots. Default 10,000. */
  historyLimit?: number;
  /** The resourceVersion the server starts at. Default 1. */
  initialResourceVersion?: number;
  /** How often each watcher that allows bookmarks gets one. Default 60,000 ms (kube-apiserver: ~1 min). */
  bookmarkIntervalMs?: number;
  /** How long before a watch's deadline its last bookmark is sent. Default 2,000 ms. */
  bookmarkLeadMs?: number;
  /**
   * Watch duration when `timeoutSeconds` is missing or 0. Default: kube-apiserver's 1800 s
   * times a random factor in [1, 2).
   */
  defaultWatchTimeoutSeconds?: number;
  /** How long a request for a future resourceVersion waits before 504. Default 3,000 ms. */
  tooLargeResourceVersionWaitMs?: number;
  /** Whether the `WatchList` gate is on (streaming lists); off answers `sendInitialEvents` with 422. Default true. */
  watchList?: boolean;
  /**
   * Whether the `ShardedListAndWatch` gate is on (KEP-5866, alpha in Kubernetes 1.36): lists and
   * watches with a `shardSelector` get only the objects of those hash ranges, and lists echo the
   * selector in `metadata.shardInfo`. Off acts like a server without the feature: the parameter
   * is ignored (not even checked) and nothing is echoed. Default true.
   */
  shardedListAndWatch?: boolean;
  /**
   * Whether lists, gets and watches asked for with
   * `Accept: application/json;as=PartialObjectMetadata[List];g=meta.k8s.io;v=v1` are answered
   * with metadata-only objects, as kube-apiserver does. Off acts like a server that does not
   * know the form (an old or aggregated API server, a proxy): it answers the next media type
   * the client accepts, usually whole objects as plain JSON. Default true.
   */
  partialObjectMetadata?: boolean;
  /**
   * Whether every create, update and patch records `metadata.managedFields`, as kube-apiserver
   * always does. Off stores objects with whatever managed fields the client sent, none for
   * objects written without them: smaller objects, for workloads (benchmarks) specified on
   * object sizes without them. Default true.
   */
  managedFields?: boolean;
  /** Answer a too-old watch with HTTP 410 instead of a 200 and an `ERROR` event. Default false. */
  expiredWatchAsHttp410?: boolean;
  /** Namespaces in which every request is answered 403. */
  forbiddenNamespaces?: string[];
  /** Seed of every random choice the server makes (faults, generated names). Default 1. */
  seed?: number;
  /** Clock for creation timestamps. Default: the real clock. */
  now?: () => Date;
  /**
   * How revisions are written as resourceVersions. Default {@link decimalResourceVersions}, as
   * kube-apiserver does; {@link descendingResourceVersions} and {@link opaqueResourceVersions}
   * act like aggregated API servers whose versions are not increasing numbers.
   */
  resourceVersions?: ResourceVersionFormat;
  /**
   * How many of the most recent requests {@link FakeApiServer.requests} keeps (older ones are
   * dropped, so the memory stays bounded under load). Default 1,000; 0 records none.
   */
  requestLogLimit?: number;
}

/** {@link FakeApiServerOptions} with every default filled in. */
export type ResolvedOptions = Required<Omit<FakeApiServerOptions, 'defaultWatchTimeoutSeconds'>> & {
  defaultWatchTimeoutSeconds: number | undefined;
};

/**
 * Fills in defaults.
 *
 * @param options - what the caller gave.
 * @param randomToken - the token to use when none is given.
 * @returns complete options.
 */
export function resolveOptions(
  options: FakeApiServerOptions,
  randomToken: string,
): ResolvedOptions {
  return {
    token: options.token ?? randomToken,
    user: options.user ?? 'rxkube-test',
    tls: options.tls ?? false,
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    historyLimit: options.historyLimit ?? 10_000,
    initialResourceVersion: options.initialResourceVersion ?? 1,
    bookmarkIntervalMs: options.bookmarkIntervalMs ?? 60_000,
    bookmarkLeadMs: options.bookmarkLeadMs ?? 2_000,
    defaultWatchTimeoutSeconds: options.defaultWatchTimeoutSeconds,
    tooLargeResourceVersionWaitMs: options.tooLargeResourceVersionWaitMs ?? 3_000,
    watchList: options.watchList ?? true,
    shardedListAndWatch: options.shardedListAndWatch ?? true,
    partialObjectMetadata: options.partialObjectMetadata ?? true,
    managedFields: options.managedFields ?? true,
    expiredWatchAsHttp410: options.expiredWatchAsHttp410 ?? false,
    requestLogLimit: options.requestLogLimit ?? 1_000,
    forbiddenNamespaces: options.forbiddenNamespaces ?? [],
    seed: options.seed ?? 1,
    now: options.now ?? (() => new Date()),
    resourceVersions: options.resourceVersions ?? decimalResourceVersions,
  };
}
