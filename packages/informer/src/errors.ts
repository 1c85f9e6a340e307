import { redactCredentials } from './redactCredentials.js';
import type { Status } from './status.js';

/** Discriminates the members of {@link InformerError}. */
export type InformerErrorKind =
  | 'api'
  | 'connection'
  | 'stream'
  | 'decode'
  | 'idle'
  | 'shortWatch'
  | 'watchList'
  | 'inconsistent'
  | 'tooLarge'
  | 'object'
  | 'handler'
  | 'shard'
  | 'internal';

/** Where a failure happened, as far as the informer's context knows. */
export interface ErrorContext {
  /** The resource the failing request or object belongs to, e.g. `pods in default`. */
  resource: string;
  /** The resource version the reflector was at (its last synced one), if any. */
  resourceVersion?: string | undefined;
}

/**
 * Base class of every error rxkube's informer reports on its `errors$` stream. The `kind`
 * field discriminates subclasses so a `switch` narrows the type; `resource` and
 * `resourceVersion` say where it happened.
 */
export abstract class InformerError extends Error {
  /** Which subclass this is. */
  abstract readonly kind: InformerErrorKind;
  /** The resource concerned, e.g. `pods in default`. */
  readonly resource: string;
  /** The reflector's last synced resource version when the error happened. */
  readonly resourceVersion: string | undefined;

  /**
   * @param message - human-readable text
   * @param context - resource and resource version
   * @param cause - the underlying error, if any
   */
  protected constructor(message: string, context: ErrorContext, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = new.target.name;
    this.resource = context.resource;
    this.resourceVersion = context.resourceVersion;
  }
}

/** The request verbs an {@link ApiError} can come from. */
export type ApiVerb = 'list' | 'watch';

/**
 * The API server refused a request (non-2xx answer) or ended a watch with an `ERROR` event. It
 * carries the server's `Status`: `code`, `reason`, `message`, and the `Retry-After` delay.
 */
export class ApiError extends InformerError {
  readonly kind = 'api';
  /** HTTP status code (from the response or the Status object). */
  readonly code: number;
  /** Machine-readable reason such as `Expired`, `TooManyRequests`; `''` when unknown. */
  readonly reason: string;
  /** The Status body, when the server sent one. */
  readonly status: Status | undefined;
  /** Seconds the server asked to wait (`Retry-After` or `details.retryAfterSeconds`). */
  readonly retryAfterSeconds: number | undefined;
  /** The request that failed. */
  readonly verb: ApiVerb;
  /** `response` for an HTTP answer, `event` for a watch `ERROR` event. */
  readonly source: 'response' | 'event';

  /**
   * @param init - the failure's details
   * @param context - resource and resource version
   */
  constructor(
    init: {
      code: number;
      status?: Status | undefined;
      retryAfterSeconds?: number | undefined;
      verb: ApiVerb;
      source: 'response' | 'event';
    },
    context: ErrorContext,
  ) {
    const reason = init.status?.reason ?? '';
    const detail = init.status?.message ?? `HTTP ${init.code}`;
    super(
      `${init.verb} ${context.resource}: ${init.code} ${reason}: ${redactCredentials(detail)}`,
      context,
    );
    this.code = init.code;
    this.reason = reason;
    this.status = init.status;
    this.retryAfterSeconds = init.retryAfterSeconds ?? init.status?.details?.retryAfterSeconds;
    this.verb = init.verb;
    this.source = init.source;
  }
}

/** A request could not reach the server (refused, reset while connecting, DNS, TLS…). */
export class ConnectionError extends InformerError {
  readonly kind = 'connection';
  /** The system error code such as `ECONNREFUSED`, when known. */
  readonly code: string | undefined;

  /**
   * @param verb - the request that failed
   * @param context - resource and resource version
   * @param cause - the network error
   */
  constructor(
    readonly verb: ApiVerb,
    context: ErrorContext,
    cause: unknown,
  ) {
    const code = (cause as { code?: unknown } | undefined)?.code;
    super(`${verb} ${context.resource}: connection failed: ${describe(cause)}`, context, cause);
    this.code = typeof code === 'string' ? code : undefined;
  }
}

/**
 * An answer's body broke off after the server had started sending it (connection reset, a
 * chunked body cut short): a dropped connection, retried like one.
 */
export abstract class StreamError extends InformerError {
  readonly kind = 'stream';

  /**
   * @param verb - the request whose answer broke
   * @param message - what happened
   * @param context - resource and resource version
   * @param cause - the stream error
   */
  constructor(
    readonly verb: ApiVerb,
    message: string,
    context: ErrorContext,
    cause: unknown,
  ) {
    super(message, context, cause);
  }
}

/** An open watch stream broke before the server ended it (connection reset, aborted body). */
export class WatchStreamError extends StreamError {
  /**
   * @param context - resource and resource version
   * @param cause - the stream error
   */
  constructor(context: ErrorContext, cause: unknown) {
    super('watch', `watch ${context.resource}: stream broke: ${describe(cause)}`, context, cause);
  }
}

/**
 * A list answer broke off mid-body (e.g. node-fetch's "Premature close" when the connection of
 * a chunked answer closes early). The list is retried after backoff.
 */
export class ListStreamError extends StreamError {
  /**
   * @param context - resource and resource version
   * @param cause - the stream error
   */
  constructor(context: ErrorContext, cause: unknown) {
    super('list', `list ${context.resource}: answer broke off: ${describe(cause)}`, context, cause);
  }
}

/**
 * An answer could not be decoded: a watch line that is not a valid event (bad JSON, unknown
 * type, missing object), a list body that is not a list, or an object the lister-watcher's
 * `decode` threw on (its error is the `cause`).
 */
export class DecodeError extends InformerError {
  readonly kind = 'decode';
  /** The offending text, cut to its first 200 characters. */
  readonly text: string;

  /**
   * @param verb - the request whose answer was undecodable
   * @param text - the offending text
   * @param problem - what is wrong with it
   * @param context - resource and resource version
   * @param cause - what the lister-watcher's `decode` threw, when that is the problem
   */
  constructor(
    readonly verb: ApiVerb,
    text: string,
    problem: string,
    context: ErrorContext,
    cause?: unknown,
  ) {
    super(
      `${verb} ${context.resource}: undecodable answer (${problem}): ${text.slice(0, 200)}`,
      context,
      cause,
    );
    this.text = text.slice(0, 200);
  }
}

/** A request stayed silent longer than its idle timeout: its connection is presumed dead. */
export abstract class IdleError extends InformerError {
  readonly kind = 'idle';

  /**
   * @param idleMs - how long the request was silent
   * @param message - what happened and what the informer does about it
   * @param context - resource and resource version
   */
  constructor(
    readonly idleMs: number,
    message: string,
    context: ErrorContext,
  ) {
    super(message, context);
  }
}

/** A watch stayed silent (no event, no bookmark) longer than the idle timeout: presumed dead. */
export class WatchIdleError extends IdleError {
  /**
   * @param idleMs - how long the watch was silent
   * @param context - resource and resource version
   */
  constructor(idleMs: number, context: ErrorContext) {
    super(idleMs, `watch ${context.resource}: no event for ${idleMs} ms, reconnecting`, context);
  }
}

/**
 * A list answer stopped arriving (no byte for the idle timeout), or never started: the
 * connection is presumed dead and the list is retried.
 */
export class ListIdleError extends IdleError {
  /**
   * @param idleMs - how long the answer was silent
   * @param context - resource and resource version
   */
  constructor(idleMs: number, context: ErrorContext) {
    super(idleMs, `list ${context.resource}: no data for ${idleMs} ms, retrying`, context);
  }
}

/**
 * An answer passed its size limit: a watch event longer than `maxEventBytes` (16 MiB by
 * default, client-go's limit), or a list answer longer than `maxListBytes` when one is set.
 * Nothing more of it is read: the request is aborted, and the Reflector recovers as from an
 * undecodable answer (backoff, then a list).
 */
export class TooLargeError extends InformerError {
  readonly kind = 'tooLarge';

  /**
   * @param verb - the request whose answer was too large
   * @param limitBytes - the limit it passed
   * @param context - resource and resource version
   */
  constructor(
    readonly verb: ApiVerb,
    readonly limitBytes: number,
    context: ErrorContext,
  ) {
    super(
      verb === 'watch'
        ? `watch ${context.resource}: event larger than ${limitBytes} bytes, watch ended`
        : `list ${context.resource}: answer larger than ${limitBytes} bytes, list abandoned`,
      context,
    );
  }
}

/** A watch ended within a second without delivering anything (client-go relists after this). */
export class VeryShortWatchError extends InformerError {
  readonly kind = 'shortWatch';

  /**
   * @param durationMs - how long the watch lasted
   * @param context - resource and resource version
   */
  constructor(
    readonly durationMs: number,
    context: ErrorContext,
  ) {
    super(`watch ${context.resource}: very short watch (${durationMs} ms, no events)`, context);
  }
}

/**
 * Why a streaming list failed without an error from the server: `ended`, the stream ended
 * before its initial-events-end bookmark (the Reflector streams again after a backoff);
 * `unsupported`, the server sent an ordinary bookmark first, so it answered an ordinary watch
 * and ignored `sendInitialEvents` (the Reflector lists instead, for that sync).
 */
export type WatchListFailure = 'ended' | 'unsupported';

/** A streaming list did not deliver its initial events up to the initial-events-end bookmark. */
export class WatchListError extends InformerError {
  readonly kind = 'watchList';

  /**
   * @param context - resource and resource version
   * @param failure - what went wrong; default `ended`
   */
  constructor(
    context: ErrorContext,
    readonly failure: WatchListFailure = 'ended',
  ) {
    super(
      failure === 'ended'
        ? `watch-list ${context.resource}: ended before the initial events were complete`
        : `watch-list ${context.resource}: the server answered an ordinary watch (a bookmark without k8s.io/initial-events-end before the initial events were complete): it does not support streaming lists`,
      context,
    );
  }
}

/**
 * The consistency check of a streaming list (`checkWatchListConsistency`, client-go's
 * `KUBE_WATCHLIST_INCONSISTENCY_DETECTOR`) found that the objects the stream delivered differ
 * from a list at exactly the same resource version. client-go panics here; the informer reports
 * it and keeps running on what the stream delivered. The keys are namespace/name.
 */
export class WatchListInconsistencyError extends InformerError {
  readonly kind = 'inconsistent';
  /** Keys the list has and the stream did not deliver. */
  readonly missing: readonly string[];
  /** Keys the stream delivered and the list does not have. */
  readonly unexpected: readonly string[];
  /** Keys both have, with another `uid` or `resourceVersion`. */
  readonly differing: readonly string[];

  /**
   * @param listedAt - the resource version both were compared at
   * @param diff - the keys that differ
   * @param context - resource and resource version
   */
  constructor(listedAt: string, diff: WatchListDiff, context: ErrorContext) {
    const counts = `${diff.missing.length} missing, ${diff.unexpected.length} unexpected, ${diff.differing.length} differing`;
    const sample = [...diff.missing, ...diff.unexpected, ...diff.differing].slice(0, 5).join(', ');
    super(
      `watch-list ${context.resource}: initial events differ from a list at exactly ${listedAt} (${counts}: ${sample})`,
      context,
    );
    this.missing = diff.missing;
    this.unexpected = diff.unexpected;
    this.differing = diff.differing;
  }
}

/** How the objects of a streaming list differ from a list at the same version, by key. */
export interface WatchListDiff {
  /** Keys the list has and the stream did not deliver. */
  readonly missing: readonly string[];
  /** Keys the stream delivered and the list does not have. */
  readonly unexpected: readonly string[];
  /** Keys both have, with another `uid` or `resourceVersion`. */
  readonly differing: readonly string[];
}

/**
 * An object could not enter the cache: it has no key (malformed metadata), the transform threw,
 * or an index function threw. The object is skipped; everything else goes on.
 */
export class ObjectError extends InformerError {
  readonly kind = 'object';

  /**
   * @param object - the offending object
   * @param stage - where it failed
   * @param context - resource and resource version
   * @param cause - the underlying error
   */
  constructor(
    readonly object: unknown,
    readonly stage: 'key' | 'transform' | 'cache',
    context: ErrorContext,
    cause: unknown,
  ) {
    super(`${context.resource}: object skipped at ${stage}: ${describe(cause)}`, context, cause);
  }
}

/** An event handler threw or rejected. The handler keeps receiving later events. */
export class HandlerError extends InformerError {
  readonly kind = 'handler';

  /**
   * @param handler - the handler's name
   * @param event - the event type it failed on
   * @param context - resource and resource version
   * @param cause - what it threw
   */
  constructor(
    readonly handler: string,
    readonly event: 'add' | 'update' | 'delete',
    context: ErrorContext,
    cause: unknown,
  ) {
    super(
      `${context.resource}: handler ${handler} failed on ${event}: ${describe(cause)}`,
      context,
      cause,
    );
  }
}

/**
 * The informer's `shard` Observable gave a shard that cannot be used (its `cause` is the
 * `ShardRangeError`), or failed. The informer keeps the shard it has.
 */
export class ShardError extends InformerError {
  readonly kind = 'shard';

  /**
   * @param context - resource and resource version
   * @param cause - the invalid shard's error, or the stream's failure
   */
  constructor(context: ErrorContext, cause: unknown) {
    super(`${context.resource}: shard ignored: ${describe(cause)}`, context, cause);
  }
}

/** A failure of the informer's own machinery; reported rather than thrown. */
export class InternalError extends InformerError {
  readonly kind = 'internal';

  /**
   * @param context - resource and resource version
   * @param cause - the failure
   */
  constructor(context: ErrorContext, cause: unknown) {
    super(`${context.resource}: internal error: ${describe(cause)}`, context, cause);
  }
}

function describe(err: unknown): string {
  return redactCredentials(err instanceof Error ? err.message : String(err));
}
