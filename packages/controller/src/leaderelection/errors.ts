/**
 * Thrown when leader election options are invalid: a missing lock or identity, a non-positive
 * duration, or timings that break the ordering `leaseDuration > renewDeadline >
 * jitterFactor × retryPeriod` the guarantees rest on.
 */
export class LeaderElectionConfigError extends Error {
  override readonly name = 'LeaderElectionConfigError';

  /**
   * @param option - the option at fault, e.g. `renewDeadline`.
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
 * What failed: one Lease request, or (`acquireOrRenew`) a whole attempt that got no answer in
 * time and was abandoned. Shard membership also lists its group's Leases (`list`).
 */
export type LeaseVerb = 'get' | 'list' | 'create' | 'update' | 'acquireOrRenew';

/**
 * A failed Lease request. Transient failures (network errors, 409 conflicts, 404 after a
 * deletion, 408, 429 and 5xx) are retried every retry period; any other status (400, 401, 403,
 * 422…) ends the election, because retrying cannot fix it.
 */
export class LeaseApiError extends Error {
  override readonly name = 'LeaseApiError';

  /**
   * @param verb - the request that failed.
   * @param lock - `namespace/name` of the Lease.
   * @param code - the HTTP status, or undefined when no response arrived.
   * @param reason - the Status `reason` (`Conflict`, `Forbidden`…), when the body had one.
   * @param transient - whether a later attempt may succeed.
   * @param cause - the underlying error.
   */
  constructor(
    readonly verb: LeaseVerb,
    readonly lock: string,
    readonly code: number | undefined,
    readonly reason: string | undefined,
    readonly transient: boolean,
    cause: unknown,
  ) {
    super(
      `${verb} lease ${lock} failed: ${code === undefined ? 'no response' : `HTTP ${code}`}` +
        `${reason === undefined ? '' : ` ${reason}`}: ${describe(cause)}`,
      { cause },
    );
  }

  /**
   * Whether the request lost an optimistic-concurrency race (HTTP 409): another writer changed
   * the Lease first, or created it first.
   *
   * @returns true for a 409.
   */
  get conflict(): boolean {
    return this.code === 409;
  }
}

function describe(cause: unknown): string {
  if (cause instanceof Error) return cause.message;
  return String(cause);
}
