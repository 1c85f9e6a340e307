/** Counts of the process's active resources (sockets, timers, servers…) by type. */
export type ResourceCounts = Record<string, number>;

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
