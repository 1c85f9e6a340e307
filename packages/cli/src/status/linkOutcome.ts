import { printableText, type InformerError } from '@rxkube/informer';
import {
  ListIdleError,
  VeryShortWatchError,
  WatchIdleError,
  WatchListError,
  type ApiVerb,
} from '@rxkube/informer/errors';

/** A failure an informer reported (it retries). */
export interface LinkFailure {
  readonly type: 'failed';
  /** The request that failed; undefined for failures of no request (a handler's, an object's). */
  readonly verb: ApiVerb | undefined;
  /** The resource, as the informer names it, e.g. `pods in shop`. */
  readonly resource: string;
  /** The error's message, escaped and capped ({@link printableText}). */
  readonly message: string;
}

/**
 * How one of an informer's requests to the API server ended, as far as a user should hear of
 * it: a failure the informer reported, or a request that worked — a list read to its last page,
 * a watch that delivered its first event.
 */
export type LinkOutcome = LinkFailure | { readonly type: 'succeeded'; readonly verb: ApiVerb };

/**
 * The outcome of an informer's failure.
 *
 * @param error - a failure from the informer's `errors$`
 * @returns the outcome, its message escaped and capped
 */
export function failedOutcome(error: InformerError): LinkFailure {
  return {
    type: 'failed',
    verb: requestVerb(error),
    resource: error.resource,
    message: printableText(error.message),
  };
}

/** The request an error came from: most carry it; the Reflector's own are known by class. */
function requestVerb(error: InformerError): ApiVerb | undefined {
  if (error instanceof ListIdleError) return 'list';
  if (
    error instanceof WatchIdleError ||
    error instanceof VeryShortWatchError ||
    error instanceof WatchListError
  ) {
    return 'watch';
  }
  const verb = (error as { verb?: unknown }).verb;
  return verb === 'list' || verb === 'watch' ? verb : undefined;
}
