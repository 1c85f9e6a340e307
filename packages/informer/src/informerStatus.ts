import type { InformerError } from './errors.js';

/**
 * Where an informer's link to the API server stands:
 *
 * - `syncing`: the initial list (or streaming list) is under way;
 * - `watching`: a watch is open (or being opened) from the last resource version;
 * - `backingOff`: a request failed and the Reflector waits until `retryAt` before the next one;
 * - `relisting`: listing again after the initial sync (a 410, or a failure that needs a fresh
 *   list); the cache keeps its last state until the list is in.
 */
export type InformerPhase = 'syncing' | 'watching' | 'backingOff' | 'relisting';

/**
 * What an informer knows of its own liveness: plain data, one immutable value per change, so a
 * screen can say honestly whether what it shows is current ("reconnecting in 12 s", "stale
 * since 14:02:10"). Times are in ms on the informer's clock (the scheduler's `now()`: ms since
 * the epoch on the real clock).
 */
export interface InformerStatus {
  /** What the Reflector is doing. */
  readonly phase: InformerPhase;
  /** `false` until the initial list has been fully processed (client-go's `HasSynced`). */
  readonly hasSynced: boolean;
  /** While `backingOff`: when the next attempt is due. `undefined` in every other phase. */
  readonly retryAt: number | undefined;
  /**
   * Since when the cache is no longer known to be current: the moment, after the initial sync,
   * that the Reflector first had to wait after a failure or to relist. It holds through
   * consecutive failures and is cleared when a list completes or a re-opened watch delivers its
   * first event (a bookmark counts). `undefined` while current, and before the initial sync
   * (the cache was never current then: `hasSynced` says so).
   */
  readonly staleSince: number | undefined;
  /** The last failure the informer reported (on `errors$`), typed. */
  readonly lastError: InformerError | undefined;
  /** When {@link InformerStatus.lastError} was reported. */
  readonly lastErrorAt: number | undefined;
}

/**
 * What changes an {@link InformerStatus}: the Reflector's activity, the sync, a failure.
 * `at` is the informer's clock when it happened.
 */
export type InformerStatusSignal =
  /** A list or a streaming list starts. */
  | { readonly type: 'listing'; readonly at: number }
  /** A list (or a streaming list's initial events) is complete; the watch follows at once. */
  | { readonly type: 'listed'; readonly at: number }
  /** A plain watch starts, from the last resource version. */
  | { readonly type: 'watching'; readonly at: number }
  /** A watch delivered an event or a bookmark. */
  | { readonly type: 'event'; readonly at: number }
  /** The Reflector waits `delayMs` before its next attempt. */
  | { readonly type: 'backingOff'; readonly at: number; readonly delayMs: number }
  /** The initial list has been processed. */
  | { readonly type: 'synced' }
  /** A failure was reported. */
  | { readonly type: 'failed'; readonly at: number; readonly error: InformerError };

/** The status of an informer that has not started: syncing, nothing known yet. */
export const initialInformerStatus: InformerStatus = Object.freeze({
  phase: 'syncing',
  hasSynced: false,
  retryAt: undefined,
  staleSince: undefined,
  lastError: undefined,
  lastErrorAt: undefined,
});

/**
 * The informer's status as one pure function of the previous status and what happened, so that
 * every rule is pinned by a table test (`informerStatus.table.test.ts`):
 *
 * | signal | phase | `retryAt` | `staleSince` |
 * |---|---|---|---|
 * | listing | `relisting` once synced, else `syncing` | cleared | kept, else `at` once synced |
 * | listed | `watching` | cleared | cleared |
 * | watching | `watching` | cleared | kept (until the watch delivers) |
 * | event | unchanged | unchanged | cleared while `watching` |
 * | backingOff | `backingOff` | `at + delayMs` | kept, else `at` once synced |
 * | synced | unchanged (`hasSynced` true) | unchanged | unchanged |
 * | failed | unchanged (`lastError`, `lastErrorAt` set) | unchanged | unchanged |
 *
 * A watch broken mid-stream and re-opened at once does not make the cache stale: the server
 * replays what it missed from the last resource version.
 *
 * @param status - the status so far
 * @param signal - what happened
 * @returns the new status; the same object when nothing changed, so consumers can compare by
 *   reference
 */
export function nextInformerStatus(
  status: InformerStatus,
  signal: InformerStatusSignal,
): InformerStatus {
  switch (signal.type) {
    case 'listing':
      return changed(status, {
        phase: status.hasSynced ? 'relisting' : 'syncing',
        retryAt: undefined,
        staleSince: staleFrom(status, signal.at),
      });
    case 'listed':
      return changed(status, { phase: 'watching', retryAt: undefined, staleSince: undefined });
    case 'watching':
      return changed(status, { phase: 'watching', retryAt: undefined });
    case 'event':
      // Run for every event: nothing to do unless a re-opened watch is proving itself.
      if (status.phase !== 'watching' || status.staleSince === undefined) return status;
      return { ...status, staleSince: undefined };
    case 'backingOff':
      return changed(status, {
        phase: 'backingOff',
        retryAt: signal.at + signal.delayMs,
        staleSince: staleFrom(status, signal.at),
      });
    case 'synced':
      return changed(status, { hasSynced: true });
    case 'failed':
      return { ...status, lastError: signal.error, lastErrorAt: signal.at };
  }
}

/** Stale from `at` on, unless already stale; never before the initial sync. */
function staleFrom(status: InformerStatus, at: number): number | undefined {
  if (!status.hasSynced) return undefined;
  return status.staleSince ?? at;
}

/** @returns `status` with `change` applied, or `status` itself when nothing differs */
function changed(status: InformerStatus, change: Partial<InformerStatus>): InformerStatus {
  for (const key of Object.keys(change) as (keyof InformerStatus)[]) {
    if (change[key] !== status[key]) return { ...status, ...change };
  }
  return status;
}
