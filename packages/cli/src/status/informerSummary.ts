import type { InformerPhase } from '@rxkube/informer';

/**
 * Everything a status line or banner says about one informer: a summary of the informer's own
 * `InformerStatus` (its `hasSynced`, `phase`, `retryAt` and `staleSince`, its last error as
 * printable text) with counters of its traffic. Plain data (sent as JSON to the dashboard's page).
 */
export interface InformerSummary {
  /** The resource, e.g. `pods` or `pods in shop`. */
  readonly resource: string;
  /** The initial list has been applied (the informer's `hasSynced`). */
  readonly hasSynced: boolean;
  /**
   * What the informer is doing (its `status$`): syncing, watching, backing off after a failure,
   * or relisting after the initial sync (a 410 or an error sent the Reflector back).
   */
  readonly phase: InformerPhase;
  /** While backing off: when the next attempt is due (ms since the epoch). */
  readonly retryAt?: number | undefined;
  /**
   * Since when the cache is no longer known to be current (ms since the epoch): set when, after
   * the sync, the informer had to back off or relist; cleared once it is current again.
   */
  readonly staleSince?: number | undefined;
  /** Pages of the list in progress (or of the last one). */
  readonly listPages: number;
  /** Objects received by the list in progress (or the last one). */
  readonly listItems: number;
  /** Objects in the cache. */
  readonly objects: number;
  /** The last resource version seen. */
  readonly resourceVersion: string;
  /** Watch events per second, averaged over the last few seconds. */
  readonly eventsPerSecond: number;
  /** Watches opened after the first one. */
  readonly reconnects: number;
  /** Lists after the first one. */
  readonly relists: number;
  /** Failed requests since the last success (the retry attempt number). */
  readonly failures: number;
  /**
   * The last error reported, with when it happened (ms since the epoch). The message is
   * escaped and capped at 1 KiB (`printableText`): it may quote a Status of any size or content.
   */
  readonly lastError?: { readonly message: string; readonly at: number } | undefined;
}
