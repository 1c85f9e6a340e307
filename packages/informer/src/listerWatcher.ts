import type { Observable } from 'rxjs';
import type { Status } from './status.js';

/**
 * How a list applies its `resourceVersion` (client-go's `metav1.ResourceVersionMatch`):
 * `Exact` answers the state at exactly that version (410 `Expired` once it is compacted);
 * `NotOlderThan` answers a state at least that new. Both need a `resourceVersion` (the API
 * server refuses them without one with 422 `Invalid`), and `Exact` refuses `"0"`.
 */
export type ResourceVersionMatch = 'Exact' | 'NotOlderThan';

/**
 * Options of one list request (one page): the fields of client-go's `metav1.ListOptions` that a
 * list uses.
 */
export interface ListRequestOptions {
  /**
   * `"0"` (any state), `""`/absent (most recent), or a version: without `resourceVersionMatch`,
   * not older than it when unpaged and exactly it with a `limit`.
   */
  resourceVersion?: string;
  /**
   * Sent as the `resourceVersionMatch` parameter: how `resourceVersion` applies. Absent: the
   * server's legacy rule above. Never sent with `continue` (the server refuses it there).
   */
  resourceVersionMatch?: ResourceVersionMatch;
  /** Page size; absent or 0 for an unpaged list. */
  limit?: number;
  /** Continue token of the previous page. */
  continue?: string;
  /**
   * Sent as the `shardSelector` parameter (KEP-5866): only the objects of these hash ranges,
   * e.g. `shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000')`. Set
   * by `shardedListerWatcher` (the informers' `shard` option).
   */
  shardSelector?: string;
}

/**
 * One page of a list answer, decoded.
 *
 * @typeParam T - the object type
 */
export interface ListPage<T> {
  /** The page's objects. */
  readonly items: T[];
  /** The list's snapshot resource version (the same on every page). */
  readonly resourceVersion: string;
  /** Token for the next page; empty or absent on the last one. */
  readonly continue?: string | undefined;
  /**
   * The `shardSelector` the server applied, echoed in `metadata.shardInfo.selector`; absent
   * when the server ignored it (no `ShardedListAndWatch` gate) or none was sent.
   */
  readonly shardSelector?: string | undefined;
}

/**
 * Options of one watch request: the fields of client-go's `metav1.ListOptions` that a watch
 * uses.
 */
export interface WatchRequestOptions {
  /** Start after this version (`""`/`"0"`: begin with the current state as `ADDED` events). */
  resourceVersion: string;
  /** Ask the server to end the watch cleanly after this many seconds. */
  timeoutSeconds?: number;
  /** Ask for `BOOKMARK` events. */
  allowWatchBookmarks?: boolean;
  /** Streaming list: send the current state first, then an annotated bookmark. */
  sendInitialEvents?: boolean;
  /** Required with `sendInitialEvents`: `NotOlderThan`. */
  resourceVersionMatch?: 'NotOlderThan';
  /** Sent as the `shardSelector` parameter, as {@link ListRequestOptions.shardSelector}. */
  shardSelector?: string;
}

/** Watch event types as the API server names them. */
export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';

/**
 * One decoded watch event.
 *
 * @typeParam T - the object type
 */
export type WatchEvent<T> =
  | { readonly type: 'ADDED' | 'MODIFIED' | 'DELETED'; readonly object: T }
  | {
      readonly type: 'BOOKMARK';
      readonly object: {
        metadata?: { resourceVersion?: string; annotations?: Record<string, string> };
      };
    }
  | { readonly type: 'ERROR'; readonly object: Status };

/**
 * Lists and watches one kind of object: client-go's `ListerWatcher`. The Reflector calls it;
 * it knows nothing about the Reflector.
 *
 * Both methods are cold: nothing is sent until subscription, and unsubscribing aborts the
 * request (no socket is left open). Failures are typed `InformerError`s (`ApiError` with the
 * server's Status, `ConnectionError`, `WatchStreamError`, `WatchDecodeError`).
 *
 * @typeParam T - the object type
 */
export interface ListerWatcher<T> {
  /** Human-readable description for errors and logs, e.g. `pods in default`. */
  readonly description: string;
  /** Page size the user configured, if any (the Reflector then always pages with it). */
  readonly pageSize?: number | undefined;
  /**
   * How many bookmark intervals one of its watches may stay silent (no event, no bookmark)
   * before the Reflector presumes it dead and watches again, when the Reflector's own
   * `idleTimeoutMs` is not set: the transport's say. `fetchListerWatcher` says
   * `pageIdleBookmarkIntervals` (1.5), suited to a page; unset, the Reflector uses 2.5.
   */
  readonly idleBookmarkIntervals?: number | undefined;
  /**
   * Fetches one page.
   *
   * @param options - resource version, limit, continue token
   * @returns an Observable of exactly one page
   */
  list(options: ListRequestOptions): Observable<ListPage<T>>;
  /**
   * Opens a watch. The Observable emits each event, completes when the server ends the stream
   * cleanly, and errors when it fails.
   *
   * @param options - resource version, timeout, bookmarks, streaming list
   * @returns an Observable of watch events
   */
  watch(options: WatchRequestOptions): Observable<WatchEvent<T>>;
}
