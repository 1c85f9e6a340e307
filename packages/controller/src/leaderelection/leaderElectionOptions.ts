import type { SchedulerLike } from 'rxjs';
import { asyncScheduler } from 'rxjs';
import { LeaderElectionConfigError } from './errors.js';
import type { LeadershipLoss } from './leadershipState.js';

/**
 * How much longer than `retryPeriod` a candidate may wait between acquisition attempts: each
 * wait is drawn from `[retryPeriod, retryPeriod × (1 + jitterFactor))`, so candidates that
 * start together drift apart instead of colliding on every attempt.
 */
export const jitterFactor = 1.2;

/** The Lease that serves as the lock. */
export interface LeaseLockRef {
  /** Namespace of the Lease. */
  readonly namespace: string;
  /** Name of the Lease, usually the operator's name. */
  readonly name: string;
}

/** Options of a {@link LeaderElector} (all durations in milliseconds). */
export interface LeaderElectionOptions {
  /** The Lease to hold. Created on first use. */
  readonly lock: LeaseLockRef;
  /** This candidate's identity, unique among the candidates (e.g. the pod name). */
  readonly identity: string;
  /**
   * How long other candidates wait, from the moment they last saw the Lease change, before they
   * may take it over. Written to the Lease in whole seconds, rounded up. Default 15 000.
   */
  readonly leaseDuration?: number;
  /**
   * How long the leader keeps leading without a successful renewal, counted from the moment it
   * sent the last renewal that succeeded. Must be shorter than `leaseDuration`. Default 10 000.
   */
  readonly renewDeadline?: number;
  /** Time between attempts to acquire or renew. Default 2 000. */
  readonly retryPeriod?: number;
  /**
   * Whether {@link LeaderElector.stop} gives the Lease up (empty holder, one-second duration) so
   * another candidate takes over at once instead of waiting for expiry. Default true.
   */
  readonly releaseOnCancel?: boolean;
  /** Schedules every wait and provides the clock (`now()`). Default `asyncScheduler`. */
  readonly scheduler?: SchedulerLike;
  /**
   * Draws the jitter of the waits between acquisition attempts: returns a number in `[0, 1)`.
   * Default `Math.random`; a seeded generator makes a run of several candidates replayable.
   */
  readonly random?: () => number;
  /**
   * Called when this candidate becomes the leader. The signal aborts when leadership ends, so
   * promise-based work can stop with it.
   */
  readonly onStartedLeading?: (leadership: AbortSignal) => void;
  /** Called when this candidate stops leading, with the reason. */
  readonly onStoppedLeading?: (loss: LeadershipLoss) => void;
  /** Called with the identity of each leader this candidate observes, itself included. */
  readonly onNewLeader?: (identity: string) => void;
}

/** {@link LeaderElectionOptions} with defaults applied and checked. */
export interface ResolvedLeaderElectionOptions {
  readonly lock: LeaseLockRef;
  readonly identity: string;
  readonly leaseDuration: number;
  readonly renewDeadline: number;
  readonly retryPeriod: number;
  readonly releaseOnCancel: boolean;
  readonly scheduler: SchedulerLike;
  readonly random: () => number;
}

/** client-go's defaults for core components. */
const defaults = { leaseDuration: 15_000, renewDeadline: 10_000, retryPeriod: 2_000 };

/**
 * Applies defaults and checks the options the way client-go's `NewLeaderElector` does.
 *
 * @param options - the caller's options.
 * @returns the resolved options.
 * @throws LeaderElectionConfigError for a missing lock or identity, a non-positive or
 * non-finite duration, `leaseDuration ≤ renewDeadline`, `renewDeadline ≤ jitterFactor ×
 * retryPeriod` or a `random` that is not a function.
 */
export function resolveLeaderElectionOptions(
  options: LeaderElectionOptions,
): ResolvedLeaderElectionOptions {
  const { lock, identity } = options;
  if (typeof identity !== 'string' || identity === '') {
    throw new LeaderElectionConfigError('identity', 'identity must be a non-empty string');
  }
  if (typeof lock?.namespace !== 'string' || lock.namespace === '') {
    throw new LeaderElectionConfigError('lock', 'lock.namespace must be a non-empty string');
  }
  if (typeof lock.name !== 'string' || lock.name === '') {
    throw new LeaderElectionConfigError('lock', 'lock.name must be a non-empty string');
  }
  const leaseDuration = duration(options, 'leaseDuration');
  const renewDeadline = duration(options, 'renewDeadline');
  const retryPeriod = duration(options, 'retryPeriod');
  if (leaseDuration <= renewDeadline) {
    throw new LeaderElectionConfigError(
      'leaseDuration',
      `leaseDuration (${leaseDuration} ms) must be greater than renewDeadline (${renewDeadline} ms)`,
    );
  }
  if (renewDeadline <= jitterFactor * retryPeriod) {
    throw new LeaderElectionConfigError(
      'renewDeadline',
      `renewDeadline (${renewDeadline} ms) must be greater than retryPeriod × ${jitterFactor} ` +
        `(${jitterFactor * retryPeriod} ms)`,
    );
  }
  const random = options.random ?? Math.random;
  if (typeof random !== 'function') {
    throw new LeaderElectionConfigError('random', 'random must be a function returning [0, 1)');
  }
  return {
    lock: { namespace: lock.namespace, name: lock.name },
    identity,
    leaseDuration,
    renewDeadline,
    retryPeriod,
    releaseOnCancel: options.releaseOnCancel ?? true,
    scheduler: options.scheduler ?? asyncScheduler,
    random,
  };
}

function duration(
  options: LeaderElectionOptions,
  name: 'leaseDuration' | 'renewDeadline' | 'retryPeriod',
): number {
  const value = options[name] ?? defaults[name];
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new LeaderElectionConfigError(name, `${name} must be a positive number of milliseconds`);
  }
  return value;
}
