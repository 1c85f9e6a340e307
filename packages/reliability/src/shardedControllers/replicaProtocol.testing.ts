/** How a replica process is told what to run, through its environment (`REPLICA`, as JSON). */
export interface ReplicaConfig {
  /** Its identity in the shard group. */
  readonly identity: string;
  /** The fake API server's kubeconfig. */
  readonly kubeConfigYaml: string;
  /** The namespace of the ConfigMaps, the Deployments and the Leases. */
  readonly namespace: string;
  /** Shard membership timing, ms. */
  readonly leaseDuration: number;
  readonly renewDeadline: number;
  readonly retryPeriod: number;
  /** Points of each member on the hash ring: few enough for the selector to fit in a URL. */
  readonly virtualNodes: number;
}

/** What a replica reports to the test, through the IPC channel. */
export type ReplicaMessage =
  /** A reconcile of `key` started or ended, at `at` ms of the machine's monotonic clock. */
  | {
      readonly type: 'reconcile';
      readonly phase: 'start' | 'end';
      readonly key: string;
      readonly at: number;
    }
  /**
   * The answer to `{ type: 'report' }`: the keys in its ConfigMaps cache, its ranges (hex),
   * whether its coordinator says the ranges are agreed, and every member it ever counted alive.
   */
  | {
      readonly type: 'cache';
      readonly keys: readonly string[];
      readonly ranges: readonly string[];
      readonly agreed: boolean;
      readonly membersSeen: readonly string[];
    }
  /** Something failed in the replica (it keeps running). */
  | { readonly type: 'error'; readonly message: string };

/** What the test asks a replica. */
export type ReplicaCommand = { readonly type: 'report' } | { readonly type: 'stop' };

/**
 * The machine's monotonic clock in ms: `process.hrtime` reads `CLOCK_MONOTONIC` on Linux, one
 * clock for every process of the machine, so the instants of several processes compare.
 *
 * @returns now, in ms
 */
export function monotonicNow(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
