/**
 * Thrown when shard membership options are invalid: a group or identity that cannot name a
 * Lease or label it, a non-positive duration, timings that break `leaseDuration >
 * renewDeadline > jitterFactor × retryPeriod`, or a bad `virtualNodes`.
 */
export class ShardMembershipConfigError extends Error {
  override readonly name = 'ShardMembershipConfigError';

  /**
   * @param option - the option at fault, e.g. `group`.
   * @param message - what is wrong with it.
   */
  constructor(
    readonly option: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A member's Lease carries a claims annotation that cannot be read (edited by hand, written by
 * another tool). Reported on `errors$`; the member is then taken to claim the whole hash space
 * for as long as its Lease lives, so that no range it may hold is started elsewhere.
 */
export class ShardClaimsError extends Error {
  override readonly name = 'ShardClaimsError';

  /**
   * @param lease - `namespace/name` of the Lease.
   * @param text - the annotation's value (its first 200 characters).
   * @param problem - what is wrong with it.
   */
  constructor(
    readonly lease: string,
    readonly text: string,
    problem: string,
  ) {
    super(`lease ${lease}: unreadable shard claims ${JSON.stringify(text)}: ${problem}`);
  }
}
