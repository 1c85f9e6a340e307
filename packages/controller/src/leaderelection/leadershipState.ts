import type { LeaseApiError } from './errors.js';

/** One candidate's view of the election. */
export interface LeadershipState {
  /** This candidate's identity. */
  readonly identity: string;
  /** Whether this candidate leads now. Work guarded by the election runs only while true. */
  readonly isLeader: boolean;
  /**
   * The holder named by the Lease as last observed, or undefined before the first observation
   * and while the Lease is released. Another candidate's name here is informational: its lease
   * may have expired since.
   */
  readonly leader: string | undefined;
}

/**
 * Why a leader stopped leading:
 * - `renewDeadlineExceeded`: no renewal succeeded within `renewDeadline` of the last one sent
 *   (API unreachable, too slow, or failing); other candidates may take over once the lease
 *   expires, so the leader must stop its work now;
 * - `leaseLost`: a renewal found another holder in the Lease (it was edited or deleted by
 *   someone else);
 * - `stopped`: {@link LeaderElector.stop} was called;
 * - `failed`: a request failed in a way retrying cannot fix (e.g. 403); the election ends.
 */
export type LeadershipLossReason = 'renewDeadlineExceeded' | 'leaseLost' | 'stopped' | 'failed';

/** The end of one term of leadership. */
export interface LeadershipLoss {
  /** Why it ended. */
  readonly reason: LeadershipLossReason;
  /** The error behind a `failed` loss. */
  readonly error?: LeaseApiError;
}
