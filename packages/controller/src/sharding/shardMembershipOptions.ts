import type { ShardField } from '@rxkube/store';
import type { SchedulerLike } from 'rxjs';
import { LeaderElectionConfigError } from '../leaderelection/errors.js';
import { resolveLeaderElectionOptions } from '../leaderelection/leaderElectionOptions.js';
import { ShardMembershipConfigError } from './errors.js';
import { defaultVirtualNodes } from './hashRing.js';
import { memberLeaseName } from './memberLease.js';

/** Options of a {@link ShardCoordinator} (all durations in milliseconds). */
export interface ShardMembershipOptions {
  /** Namespace of the members' Leases. */
  readonly namespace: string;
  /**
   * The group: every replica of one operator (and one sharded resource) uses the same. It
   * labels the Leases and prefixes their names, so it must be a lowercase DNS label-like name
   * of at most 63 characters.
   */
  readonly group: string;
  /** This replica's identity, unique in the group (e.g. the pod name); lowercase DNS name. */
  readonly identity: string;
  /** The hashed field of the emitted shards (`shard$`). Default `'uid'`. */
  readonly field?: ShardField;
  /** Points per member on the hash ring. Default 256 (shares within ±25 % of fair). */
  readonly virtualNodes?: number;
  /**
   * How long the others wait, from the moment they last saw a member's Lease change, before
   * they count it as dead and take its ranges over. Default 15 000.
   */
  readonly leaseDuration?: number;
  /**
   * How long this replica keeps its ranges without a successful renewal, counted from the
   * moment it sent the last one that succeeded; then it drops them all. Shorter than
   * `leaseDuration`. Default 10 000.
   */
  readonly renewDeadline?: number;
  /** Time between rounds (renew, look at the group, hand ranges over). Default 2 000. */
  readonly retryPeriod?: number;
  /**
   * How far the clocks of two replicas may be apart. A replica that sees a member's Lease for
   * the first time (it just started, or the Lease was created) counts that member as dead as
   * soon as the Lease's `renewTime` is older than its lease duration plus this margin by the
   * local clock, unless it sees the Lease change first; otherwise it waits a lease duration
   * from that moment, as leader election does. So replicas that start after every member
   * crashed do not wait for long-dead Leases: they leave such a member off their ring at once
   * and start its claimed ranges once they have seen its Lease unchanged for `renewDeadline`.
   * The ring is right while the clocks are less than
   * `maxClockSkew + leaseDuration − renewDeadline` apart (15 s at the defaults); a member whose
   * clock is further behind may be left off a starting replica's ring until its next renewal,
   * but its claims hold meanwhile, and its Lease is never released on the word of `renewTime`
   * (only a lease duration without change, by the releasing replica's clock, releases it).
   * `Infinity` never reads `renewTime`. Default 10 000.
   */
  readonly maxClockSkew?: number;
  /**
   * Whether `stop()` releases the Lease (empty holder, no claims) so that the others take the
   * ranges over at once instead of after expiry. Default true.
   */
  readonly releaseOnStop?: boolean;
  /** Schedules every wait and provides the clock (`now()`). Default `asyncScheduler`. */
  readonly scheduler?: SchedulerLike;
  /** Draws the jitter of the waits between rounds, in `[0, 1)`. Default `Math.random`. */
  readonly random?: () => number;
}

/** {@link ShardMembershipOptions} with defaults applied and checked. */
export interface ResolvedShardMembershipOptions {
  readonly namespace: string;
  readonly group: string;
  readonly identity: string;
  readonly lease: string;
  readonly field: ShardField;
  readonly virtualNodes: number;
  readonly leaseDuration: number;
  readonly renewDeadline: number;
  readonly retryPeriod: number;
  readonly maxClockSkew: number;
  readonly releaseOnStop: boolean;
  readonly scheduler: SchedulerLike;
  readonly random: () => number;
}

/** The default of {@link ShardMembershipOptions.maxClockSkew}, in milliseconds. */
export const defaultMaxClockSkew = 10_000;

const dnsName = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;

/**
 * Applies defaults and checks the options. The timing rules are leader election's.
 *
 * @param options - the caller's options
 * @returns the resolved options
 * @throws ShardMembershipConfigError naming the option at fault
 */
export function resolveShardMembershipOptions(
  options: ShardMembershipOptions,
): ResolvedShardMembershipOptions {
  const { namespace, group, identity } = options;
  if (typeof namespace !== 'string' || !dnsName.test(namespace)) {
    throw new ShardMembershipConfigError(
      'namespace',
      `namespace must be a DNS label, not ${String(namespace)}`,
    );
  }
  if (typeof group !== 'string' || group.length > 63 || !dnsName.test(group)) {
    throw new ShardMembershipConfigError(
      'group',
      `group must be a lowercase DNS name of at most 63 characters, not ${String(group)}`,
    );
  }
  if (typeof identity !== 'string' || !dnsName.test(identity)) {
    throw new ShardMembershipConfigError(
      'identity',
      `identity must be a lowercase DNS name, not ${String(identity)}`,
    );
  }
  const lease = memberLeaseName(group, identity);
  if (lease.length > 253) {
    throw new ShardMembershipConfigError(
      'identity',
      `the Lease name ${lease} is longer than 253 characters`,
    );
  }
  const field = options.field ?? 'uid';
  if (field !== 'uid' && field !== 'namespace') {
    throw new ShardMembershipConfigError(
      'field',
      `field must be 'uid' or 'namespace', not ${String(field)}`,
    );
  }
  const virtualNodes = options.virtualNodes ?? defaultVirtualNodes;
  if (!Number.isSafeInteger(virtualNodes) || virtualNodes < 1 || virtualNodes > 4096) {
    throw new ShardMembershipConfigError(
      'virtualNodes',
      `virtualNodes must be an integer in [1, 4096], not ${virtualNodes}`,
    );
  }
  const maxClockSkew = options.maxClockSkew ?? defaultMaxClockSkew;
  if (typeof maxClockSkew !== 'number' || Number.isNaN(maxClockSkew) || maxClockSkew < 0) {
    throw new ShardMembershipConfigError(
      'maxClockSkew',
      `maxClockSkew must be a number of milliseconds >= 0 (or Infinity), not ${String(maxClockSkew)}`,
    );
  }
  try {
    const timing = resolveLeaderElectionOptions({ ...options, lock: { namespace, name: lease } });
    return {
      namespace,
      group,
      identity,
      lease,
      field,
      virtualNodes,
      leaseDuration: timing.leaseDuration,
      renewDeadline: timing.renewDeadline,
      retryPeriod: timing.retryPeriod,
      maxClockSkew,
      releaseOnStop: options.releaseOnStop ?? true,
      scheduler: timing.scheduler,
      random: timing.random,
    };
  } catch (error) {
    if (error instanceof LeaderElectionConfigError) {
      throw new ShardMembershipConfigError(error.option, error.message);
    }
    throw error;
  }
}
