import {
  isConnectionFailure,
  isExpired,
  isTooLargeResourceVersion,
  isTooManyRequests,
} from './errorPredicates.js';
import { WatchIdleError, WatchListError, WatchStreamError } from './errors.js';

/** client-go's default page size for lists. */
export const defaultPageSize = 500;

/** A clean watch end sooner than this, with no event, counts as a failure (client-go). */
export const veryShortWatchMs = 1000;

/** What the Reflector remembers between requests. */
export interface ReflectorContext {
  /** The last resource version seen (list, event or bookmark); `''` before any list. */
  readonly lastSyncResourceVersion: string;
  /** Set when the server said that version is gone: the next list must be `""` (consistent). */
  readonly resourceVersionUnavailable: boolean;
  /** An earlier `"0"` list came back paged: the server pages, so keep paging. */
  readonly paginatedResult: boolean;
  /**
   * Whether every sync starts with a streaming list (`sendInitialEvents`). A fallback to a list
   * never clears it: as in client-go, the next sync streams again.
   */
  readonly streaming: boolean;
  /** A page size the user configured; it is then always used. */
  readonly pageSize: number | undefined;
}

/** The next thing the Reflector does. */
export type ReflectorStep =
  | { readonly type: 'list'; readonly resourceVersion: string; readonly limit: number | undefined }
  | { readonly type: 'watch'; readonly resourceVersion: string }
  | { readonly type: 'watchList'; readonly resourceVersion: string }
  | {
      readonly type: 'backoff';
      /** The server's `Retry-After`, honoured as a minimum wait. */
      readonly retryAfterFrom: unknown;
      readonly then: ReflectorStep;
    };

/** What happened to the previous step. */
export type ReflectorOutcome =
  | { readonly type: 'start' }
  | {
      readonly type: 'listed';
      readonly requestedResourceVersion: string;
      readonly resourceVersion: string;
      readonly paginated: boolean;
    }
  | { readonly type: 'listFailed'; readonly error: unknown }
  | { readonly type: 'watchEnded'; readonly durationMs: number; readonly events: number }
  | {
      readonly type: 'watchFailed';
      readonly error: unknown;
      /** Whether the stream had been opened (200) before it failed. */
      readonly opened: boolean;
      readonly durationMs: number;
      readonly events: number;
    }
  | { readonly type: 'initialEventsEnded'; readonly resourceVersion: string }
  | { readonly type: 'watchListFailed'; readonly error: unknown; readonly opened: boolean };

/** The result of {@link transition}. */
export interface Transition {
  readonly context: ReflectorContext;
  /** The next step; `undefined` means: keep going with the current stream. */
  readonly step: ReflectorStep | undefined;
  /**
   * Set when a clean watch end counts as a failure (a very short watch): its duration in ms, for
   * the error the Reflector reports.
   */
  readonly veryShortWatchMs?: number;
}

/**
 * @param streaming - start with streaming lists
 * @param pageSize - a configured page size
 * @returns the context of a Reflector that has not listed yet
 */
export function initialContext(streaming: boolean, pageSize: number | undefined): ReflectorContext {
  return {
    lastSyncResourceVersion: '',
    resourceVersionUnavailable: false,
    paginatedResult: false,
    streaming,
    pageSize,
  };
}

/**
 * The Reflector's whole policy as one pure function: given what happened, what to remember and
 * what to do next. It follows client-go's `Reflector.ListAndWatch`:
 *
 * | outcome | next step |
 * |---|---|
 * | start | streaming list if enabled, else list at `"0"` (or the last version) |
 * | listed | watch from the list's version |
 * | list expired / version too large | mark the version unavailable, list at `""` at once |
 * | list failed otherwise | backoff, list again |
 * | watch ended cleanly (≥ 1 s or ≥ 1 event) | watch again from the last version, no wait |
 * | watch ended cleanly, very short | backoff, relist |
 * | watch could not connect, or 429 | backoff, watch again |
 * | watch broke mid-stream, or went idle | watch again from the last version |
 * | watch event or list page too large (`TooLargeError`) | backoff, relist (re-watching would get the same event) |
 * | watch expired (410) | backoff, relist at the last version |
 * | watch failed otherwise (500, undecodable event…) | backoff, relist |
 * | streaming list expired | mark the version unavailable, stream again at once |
 * | streaming list refused (connection) or 429, or ended before its bookmark | backoff, stream again |
 * | streaming list failed otherwise (422/400 when unsupported, 403, 500, a very short or ordinary watch…) | list at once, for this sync only |
 *
 * @param context - what the Reflector remembers
 * @param outcome - what happened
 * @returns the new context and the next step
 */
export function transition(context: ReflectorContext, outcome: ReflectorOutcome): Transition {
  switch (outcome.type) {
    case 'start':
      return { context, step: startStep(context) };

    case 'listed': {
      const next: ReflectorContext = {
        ...context,
        lastSyncResourceVersion: outcome.resourceVersion,
        resourceVersionUnavailable: false,
        paginatedResult:
          context.paginatedResult ||
          (outcome.requestedResourceVersion === '0' && outcome.paginated),
      };
      return { context: next, step: { type: 'watch', resourceVersion: outcome.resourceVersion } };
    }

    case 'listFailed': {
      const gone = isExpired(outcome.error) || isTooLargeResourceVersion(outcome.error);
      if (gone && !context.resourceVersionUnavailable) {
        const next = { ...context, resourceVersionUnavailable: true };
        return { context: next, step: listStep(next) };
      }
      return { context, step: backoff(outcome.error, startStep(context)) };
    }

    case 'watchEnded': {
      if (outcome.durationMs < veryShortWatchMs && outcome.events === 0) {
        return {
          context,
          step: backoff(undefined, startStep(context)),
          veryShortWatchMs: outcome.durationMs,
        };
      }
      return { context, step: watchStep(context) };
    }

    case 'watchFailed':
      return { context, step: afterWatchFailure(context, outcome) };

    case 'initialEventsEnded':
      return {
        context: {
          ...context,
          lastSyncResourceVersion: outcome.resourceVersion,
          resourceVersionUnavailable: false,
        },
        step: undefined,
      };

    case 'watchListFailed': {
      const { error } = outcome;
      if (isExpired(error) || isTooLargeResourceVersion(error)) {
        const next = { ...context, resourceVersionUnavailable: true };
        return { context: next, step: { type: 'watchList', resourceVersion: '' } };
      }
      if (
        isConnectionFailure(error) ||
        isTooManyRequests(error) ||
        (error instanceof WatchListError && error.failure === 'ended')
      ) {
        return { context, step: backoff(error, watchListStep(context)) };
      }
      // client-go's fallback: making progress beats insisting, so a plain list for this sync.
      // Streaming stays on, as client-go's does, and the next sync tries it again: a server
      // whose WatchList gate is off costs one refused request per sync.
      return { context, step: listStep(context) };
    }
  }
}

/**
 * @param context - the Reflector's memory
 * @returns the version to list at: `""` when the last one is unavailable, `"0"` before any
 *   sync, else the last synced one
 */
export function relistResourceVersion(context: ReflectorContext): string {
  if (context.resourceVersionUnavailable) return '';
  return context.lastSyncResourceVersion === '' ? '0' : context.lastSyncResourceVersion;
}

function startStep(context: ReflectorContext): ReflectorStep {
  return context.streaming ? watchListStep(context) : listStep(context);
}

function listStep(context: ReflectorContext): ReflectorStep {
  const resourceVersion = relistResourceVersion(context);
  let limit: number | undefined = defaultPageSize;
  if (context.pageSize !== undefined) limit = context.pageSize;
  else if (context.paginatedResult) limit = defaultPageSize;
  // A specific version without a limit can be served from the watch cache instead of etcd.
  else if (resourceVersion !== '' && resourceVersion !== '0') limit = undefined;
  return { type: 'list', resourceVersion, limit };
}

function watchStep(context: ReflectorContext): ReflectorStep {
  return { type: 'watch', resourceVersion: context.lastSyncResourceVersion };
}

function watchListStep(context: ReflectorContext): ReflectorStep {
  const resourceVersion = context.resourceVersionUnavailable ? '' : context.lastSyncResourceVersion;
  return { type: 'watchList', resourceVersion };
}

function backoff(retryAfterFrom: unknown, then: ReflectorStep): ReflectorStep {
  return { type: 'backoff', retryAfterFrom, then };
}

function afterWatchFailure(
  context: ReflectorContext,
  outcome: Extract<ReflectorOutcome, { type: 'watchFailed' }>,
): ReflectorStep {
  const { error } = outcome;
  if (!outcome.opened) {
    // Most likely the server is unreachable or busy: the version is still good, so back off and
    // watch again rather than relist everything.
    if (isConnectionFailure(error) || isTooManyRequests(error)) {
      return backoff(error, watchStep(context));
    }
    return backoff(error, startStep(context));
  }
  if (isTooManyRequests(error)) return backoff(error, watchStep(context));
  if (error instanceof WatchIdleError) return watchStep(context);
  if (error instanceof WatchStreamError) {
    // A broken connection is a clean end to client-go; only a very short one forces a relist.
    if (outcome.durationMs < veryShortWatchMs && outcome.events === 0) {
      return backoff(error, startStep(context));
    }
    return watchStep(context);
  }
  // Expired: relist at the last version (a not-older-than list cannot go back in time). An
  // undecodable event may have been a change that only a relist recovers. A 500 or anything
  // else is unknown territory: relist too.
  return backoff(error, startStep(context));
}
