import { InformerError, type ErrorContext } from './informerError.js';

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
