/**
 * Deciding when a contender has really done the work: its cache holds every expected object at
 * the expected resourceVersion (and nothing that should be gone), and its handler has seen the
 * expected events. The clock stops at that moment, never at a library's own "synced" signal.
 */
import { performance as eventLoop } from 'node:perf_hooks';

/** A key and the resourceVersion it must have, or `null` when it must be absent. */
export type ExpectedEntry = readonly [key: string, resourceVersion: string | null];

/**
 * The state a cache must reach. Checking is incremental: entries are ordered as the stream
 * delivers them (by resourceVersion), so each check resumes where the last one stopped and costs
 * O(1) amortised per event. An entry once met stays met (expected versions are final).
 */
export class Expectation {
  private next = 0;

  /**
   * @param entries - the expected final state, in delivery order
   * @param lookup - reads the resourceVersion held for a key (undefined when absent)
   */
  constructor(
    readonly entries: readonly ExpectedEntry[],
    private readonly lookup: (key: string) => string | null | undefined,
  ) {}

  /** @returns whether every entry is met now */
  met(): boolean {
    const { entries } = this;
    while (this.next < entries.length) {
      const [key, expected] = entries[this.next] as ExpectedEntry;
      const held = this.lookup(key) ?? null;
      if (held !== expected) return false;
      this.next += 1;
    }
    return true;
  }

  /** @returns the first unmet entry and what is held instead, for error messages */
  firstUnmet(): string {
    for (const [key, expected] of this.entries) {
      const held = this.lookup(key) ?? null;
      if (held !== expected)
        return `${key}: want ${expected ?? 'absent'}, have ${held ?? 'absent'}`;
    }
    return 'none';
  }

  /**
   * Checks every entry again from scratch.
   *
   * @throws Error naming the first mismatch
   */
  verify(): void {
    const unmet = this.firstUnmet();
    if (unmet !== 'none') throw new Error(`cache check failed: ${unmet}`);
  }
}

/**
 * A moment: wall clock (ms, `performance.now()`), process CPU time (µs, user + system) and the
 * event loop's idle time so far (ms, `performance.eventLoopUtilization().idle`).
 */
export interface Instant {
  readonly wallMs: number;
  readonly cpuMicros: number;
  readonly idleMs: number;
}

/** @returns the current {@link Instant} */
export function now(): Instant {
  const cpu = process.cpuUsage();
  return {
    wallMs: performance.now(),
    cpuMicros: cpu.user + cpu.system,
    idleMs: eventLoop.eventLoopUtilization().idle,
  };
}

/**
 * Resolves a wait at the first notification (or poll) at which its condition holds, with the
 * instant the condition was observed, so promise scheduling never adds to a measurement.
 */
export class Waiter {
  private waiting:
    | {
        readonly condition: () => boolean;
        readonly resolve: (at: Instant) => void;
        readonly cleanup: () => void;
      }
    | undefined;

  /** Re-checks the condition: call after every applied event or chunk. */
  readonly notify = (): void => {
    const waiting = this.waiting;
    if (waiting === undefined || !waiting.condition()) return;
    const at = now();
    this.waiting = undefined;
    waiting.cleanup();
    waiting.resolve(at);
  };

  /**
   * @param condition - cheap check, called on every notification
   * @param timeoutMs - fail after this long
   * @param describe - says what is missing, for the timeout error
   * @returns the instant the condition was first seen to hold
   */
  until(condition: () => boolean, timeoutMs: number, describe: () => string): Promise<Instant> {
    if (this.waiting !== undefined) throw new Error('already waiting');
    return new Promise<Instant>((resolve, reject) => {
      // Safety net for contenders whose last change fires no event (and for the floor's relist).
      const poll = setInterval(this.notify, 2);
      const timer = setTimeout(() => {
        this.waiting = undefined;
        clearInterval(poll);
        reject(new Error(`did not converge within ${timeoutMs} ms: ${describe()}`));
      }, timeoutMs);
      this.waiting = {
        condition,
        resolve,
        cleanup: () => {
          clearInterval(poll);
          clearTimeout(timer);
        },
      };
      this.notify();
    });
  }
}
