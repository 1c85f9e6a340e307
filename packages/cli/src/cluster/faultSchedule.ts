import type { FakeApiServer } from '@rxkube/testing';

/** The faults a {@link FaultSchedule} takes turns injecting. */
type ScheduledFault = 'disconnect' | 'expire';

/**
 * Now and then breaks the simulated cluster's watches, so that users watch the informer
 * recover: alternately every connection is dropped (the informer re-watches from its resource
 * version) and the history is compacted behind a delayed re-watch (the watch gets `410 Gone`
 * and the informer relists).
 */
export class FaultSchedule {
  private timer: NodeJS.Timeout | undefined;
  private pending: NodeJS.Timeout | undefined;
  private turn = 0;

  /**
   * @param server - the server to disturb
   * @param intervalMs - time between two faults
   * @param write - makes a change on the cluster (so a compaction leaves watchers behind)
   */
  constructor(
    private readonly server: FakeApiServer,
    private readonly intervalMs: number,
    private readonly write: () => void,
  ) {}

  /** Starts injecting. */
  start(): void {
    if (this.timer !== undefined || this.intervalMs <= 0) return;
    this.timer = setInterval(() => this.inject(), this.intervalMs);
  }

  /** Stops injecting. */
  stop(): void {
    clearInterval(this.timer);
    clearTimeout(this.pending);
    this.timer = undefined;
  }

  /**
   * Injects the next fault now.
   *
   * @returns which fault it was
   */
  inject(): ScheduledFault {
    const fault: ScheduledFault = this.turn++ % 2 === 0 ? 'disconnect' : 'expire';
    if (this.server.stopped) return fault;
    if (fault === 'disconnect') {
      this.server.dropConnections();
      return fault;
    }
    // Hold the re-watches back, move the cluster on and compact meanwhile: by the time the
    // watches arrive, their resource version is gone and the server answers 410 Gone.
    const watches = Math.max(1, this.server.openWatches);
    this.server.faults.delayRequests({ ms: 600, verb: 'watch', times: watches });
    this.server.closeWatches();
    this.pending = setTimeout(() => {
      if (this.server.stopped) return;
      this.write();
      this.server.compact();
    }, 200);
    return fault;
  }
}
