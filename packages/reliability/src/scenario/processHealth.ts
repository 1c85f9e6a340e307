/** Counts of the process's active resources (sockets, timers, servers…) by type. */
type ResourceCounts = Record<string, number>;

/**
 * What keeps the process alive right now, by resource type (`Timeout`, `TCPSocketWrap`,
 * `TCPServerWrap`…).
 *
 * @returns the counts.
 */
export function activeResources(): ResourceCounts {
  const counts: ResourceCounts = {};
  for (const type of process.getActiveResourcesInfo()) counts[type] = (counts[type] ?? 0) + 1;
  return counts;
}

// Standard streams open lazily on first use (a pipe or terminal): not a leak of the code under test.
const stdio = new Set(['PipeWrap', 'TTYWrap']);

/**
 * Resource types with more instances now than at the baseline.
 *
 * @param baseline - counts taken before.
 * @param now - counts now.
 * @returns e.g. `['TCPSocketWrap +2']`; empty when nothing was left behind.
 */
export function leakedResources(baseline: ResourceCounts, now: ResourceCounts): string[] {
  return Object.entries(now)
    .filter(([type, n]) => !stdio.has(type) && n > (baseline[type] ?? 0))
    .map(([type, n]) => `${type} +${n - (baseline[type] ?? 0)}`);
}

/**
 * Counts unhandled promise rejections and uncaught exceptions while installed (they are
 * recorded instead of crashing the process).
 */
export class EscapeWatch {
  /** What escaped, as messages. */
  readonly escaped: string[] = [];
  private readonly onRejection = (reason: unknown): void => {
    this.escaped.push(`unhandled rejection: ${describe(reason)}`);
  };
  private readonly onException = (error: unknown): void => {
    this.escaped.push(`uncaught exception: ${describe(error)}`);
  };

  /** Starts listening. */
  install(): void {
    process.on('unhandledRejection', this.onRejection);
    process.on('uncaughtException', this.onException);
  }

  /** Stops listening. */
  uninstall(): void {
    process.off('unhandledRejection', this.onRejection);
    process.off('uncaughtException', this.onException);
  }
}

function describe(value: unknown): string {
  return value instanceof Error ? `${value.name}: ${value.message}` : String(value);
}

/**
 * Counts the times the event loop was frozen for at least `thresholdMs` (a timer firing that
 * late). Timer-based dead-watch detection cannot tell a frozen process from a silent server, so
 * the scenario excuses one idle error per such freeze.
 */
export class LoopFreezeMonitor {
  /** Freezes seen so far. */
  freezes = 0;
  private readonly timer: NodeJS.Timeout;
  private last = Date.now();

  /** @param thresholdMs - the shortest freeze counted. */
  constructor(thresholdMs: number) {
    const periodMs = 50;
    this.timer = setInterval(() => {
      const now = Date.now();
      if (now - this.last - periodMs >= thresholdMs) this.freezes++;
      this.last = now;
    }, periodMs);
  }

  /** Stops monitoring. */
  stop(): void {
    clearInterval(this.timer);
  }
}
