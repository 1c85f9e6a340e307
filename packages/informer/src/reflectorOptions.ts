import type { KeyFunc } from '@rxkube/store';
import type { SchedulerLike } from 'rxjs';
import type { BackoffOptions } from './backoff.js';
import type { InformerError } from './errors.js';
import type { WatchEventType } from './listerWatcher.js';
import type { ReflectorEvent } from './reflectorEvent.js';

export type { ReflectorBookmark } from './reflectorEvent.js';

/**
 * What a Reflector emits.
 *
 * @deprecated use {@link ReflectorEvent}, its new name
 * @typeParam T - the object type
 */
export type ReflectorOutput<T> = ReflectorEvent<T>;

/**
 * Callbacks for metrics and logs; all optional, all called synchronously, none may throw.
 */
export interface ReflectorMonitor {
  /** A list is starting. */
  listing?(resourceVersion: string, limit: number | undefined): void;
  /** A list completed. */
  listed?(items: number, resourceVersion: string): void;
  /** A watch (or, with `streaming`, a streaming list) is starting. */
  watching?(resourceVersion: string, streaming: boolean): void;
  /**
   * A watch (or streaming list) ended, cleanly or not, after `durationMs` and `events` events
   * (bookmarks included).
   */
  watchEnded?(durationMs: number, events: number): void;
  /**
   * The server does not serve streaming lists (it refused one's options with 422, as when its
   * `WatchList` gate is off, or 400, or answered an ordinary or a very short watch): a paged list does
   * this sync. Expected of many servers, so it is reported here and not to `onError`, as
   * client-go only logs it (at V(4)).
   */
  fallingBackToList?(cause: InformerError): void;
  /** A watch event arrived. */
  event?(type: WatchEventType): void;
  /** The Reflector is waiting before its next attempt. */
  backingOff?(delayMs: number): void;
}

/** Options of `reflector`; every field has client-go's default. */
export interface ReflectorOptions {
  /**
   * Clock and timers for backoff, watch timeouts and idle detection. Default `asyncScheduler`;
   * tests pass a `VirtualTimeScheduler` or `TestScheduler`.
   */
  scheduler?: SchedulerLike;
  /** Uniform random numbers in [0, 1) for jitter and watch timeouts. Default `Math.random`. */
  random?: () => number;
  /** Backoff between failed attempts. Default: 800 ms doubling to 30 s, jitter 1, started over every 2 min. */
  backoff?: BackoffOptions;
  /**
   * Watches ask the server to end them after a random time in `[min, 2 × min)`, which spreads
   * reconnections. Default 300,000 ms (5 minutes).
   */
  minWatchTimeoutMs?: number;
  /**
   * How often the server sends bookmarks. kube-apiserver: about once a minute. Default 60,000.
   */
  bookmarkIntervalMs?: number;
  /**
   * A watch silent for this long (no event, no bookmark) is presumed dead: it is aborted and
   * re-established from the last resource version, and a `WatchIdleError` (kind `idle`) goes
   * to the informer's `errors$`. Default 2.5 × `bookmarkIntervalMs` (150 s), or the
   * lister-watcher's `idleBookmarkIntervals` × it: 1.5 (90 s) for `fetchListerWatcher`, so a
   * page whose watch went silent (a proxy that never passed its end on) recovers sooner; 0
   * turns detection off.
   */
  idleTimeoutMs?: number;
  /**
   * Sync with a streaming list (client-go's WatchList: a watch with `sendInitialEvents=true`,
   * `resourceVersionMatch=NotOlderThan` and bookmarks, complete at the bookmark annotated
   * `k8s.io/initial-events-end`) instead of a paged list. As in client-go 1.35+, a streaming
   * list the server refuses (422 with its `WatchList` gate off, 400, 403, 500…), or that it
   * answers with an ordinary watch, falls back to a paged list for that sync only: every later
   * relist tries streaming again. `false` always lists page by page. Default true.
   */
  streamingList?: boolean;
  /**
   * After each streaming list, list once more at exactly the version of its closing bookmark
   * (`resourceVersionMatch=Exact`) and compare the objects by key, `uid` and `resourceVersion`;
   * a difference is reported as a `WatchListInconsistencyError` and the informer carries on
   * with what the stream delivered. client-go's `KUBE_WATCHLIST_INCONSISTENCY_DETECTOR`: meant
   * for tests and CI, since it doubles the cost of every streaming list. Default false.
   */
  checkWatchListConsistency?: boolean;
  /** Key function for the streaming list's temporary store. Default: namespace/name. */
  keyFunc?: KeyFunc<unknown>;
  /**
   * Receives every failure; the Reflector goes on regardless (client-go's watch error handler).
   */
  onError?: (error: InformerError) => void;
  /** Activity callbacks for metrics and logs. */
  monitor?: ReflectorMonitor;
}

/** Annotation on the bookmark that ends a streaming list's initial events. */
export const initialEventsEndAnnotation = 'k8s.io/initial-events-end';
