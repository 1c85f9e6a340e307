import { LeaseApiError } from './errors.js';
import type { LeaseLock } from './leaseLock.js';
import type { LeaderElectionRecord } from './leaderElectionRecord.js';
import { sameRecord } from './leaderElectionRecord.js';

/** The outcome of one attempt to acquire or renew. */
export type AttemptOutcome =
  /** This candidate holds the Lease; `sentAt` is when the winning write was sent. */
  | { readonly kind: 'held'; readonly sentAt: number }
  /** Another candidate holds a Lease that has not expired yet. */
  | { readonly kind: 'heldByOther'; readonly holder: string }
  /** A transient failure; try again later. */
  | { readonly kind: 'failed'; readonly error: LeaseApiError };

/**
 * One candidate's claim on the Lease: what it last observed, when (by its own clock), and the
 * single step that acquires or renews.
 *
 * Expiry is judged only by the local clock: a Lease counts as expired when its record has not
 * changed for `leaseDurationSeconds` since this candidate first saw that record. The times
 * written in the Lease come from other machines' clocks and are never compared with ours, so
 * clock offsets between candidates do not matter; only their rates must roughly agree.
 */
export class LeaseClaim {
  private observed: LeaderElectionRecord | undefined;
  private observedAt = Number.NEGATIVE_INFINITY;
  /** Whether the observed record's Lease has since been found deleted. */
  private vanished = false;
  private readonly pending = new Set<Promise<unknown>>();

  /**
   * @param lock - the Lease.
   * @param identity - this candidate.
   * @param leaseDurationSeconds - the duration this candidate writes when it holds the Lease.
   * @param now - the local clock, in milliseconds.
   */
  constructor(
    private readonly lock: LeaseLock,
    private readonly identity: string,
    private readonly leaseDurationSeconds: number,
    private readonly now: () => number,
  ) {}

  /**
   * The holder named by the last observed record.
   *
   * @returns its identity, or undefined when none was observed or the Lease is released.
   */
  get holder(): string | undefined {
    const holder = this.observed?.holderIdentity;
    return holder === '' ? undefined : holder;
  }

  /**
   * Whether the last observed record names this candidate.
   *
   * @returns true when this candidate is the observed holder.
   */
  holds(): boolean {
    return this.observed?.holderIdentity === this.identity;
  }

  /**
   * Tries once to acquire the Lease, or to renew it when held. A holder whose last write is
   * still its own takes the fast path (one replace); otherwise the Lease is read, checked and
   * replaced (or created). Attempts may overlap (an abandoned one can still be in flight); the
   * Lease's resourceVersion precondition keeps them from both succeeding against the same
   * version.
   *
   * @returns the outcome.
   * @throws LeaseApiError when a request failed in a way a retry cannot fix.
   */
  attempt(): Promise<AttemptOutcome> {
    const run = this.tryAcquireOrRenew();
    this.pending.add(run);
    const forget = (): void => {
      this.pending.delete(run);
    };
    run.then(forget, forget);
    return run;
  }

  /**
   * Gives the Lease up if the last observed record names this candidate: empty holder and a
   * one-second duration, so the next candidate need not wait for expiry. When the write loses a
   * race, the Lease is read again and, if it still names this candidate, released once more.
   *
   * @returns whether the Lease is now free of this candidate (true when it was not held).
   * @throws LeaseApiError when the release failed.
   */
  async release(): Promise<boolean> {
    for (let round = 0; round < 2; round += 1) {
      if (!this.holds()) return true;
      const now = this.now();
      const released: LeaderElectionRecord = {
        holderIdentity: '',
        leaseDurationSeconds: 1,
        acquireTime: now,
        renewTime: now,
        leaseTransitions: this.observed?.leaseTransitions ?? 0,
      };
      try {
        await this.lock.update(released);
        this.observe(released);
        return true;
      } catch (error) {
        if (!(error instanceof LeaseApiError && error.conflict) || round > 0) throw error;
        const current = await this.lock.get();
        if (current === undefined) return true;
        this.observeIfChanged(current);
      }
    }
    return !this.holds();
  }

  /**
   * Resolves once no attempt is in flight (including attempts started while waiting).
   *
   * @returns a promise that never rejects.
   */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private async tryAcquireOrRenew(): Promise<AttemptOutcome> {
    const now = this.now();
    const desired: LeaderElectionRecord = {
      holderIdentity: this.identity,
      leaseDurationSeconds: this.leaseDurationSeconds,
      acquireTime: now,
      renewTime: now,
      leaseTransitions: 0,
    };

    // Fast path: the holder assumes the version it wrote last is still current. A failure
    // (usually a conflict) falls through to the read-check-write path.
    if (this.holds() && this.valid(now) && this.lock.known && this.observed !== undefined) {
      const renewal = { ...desired, ...this.kept(this.observed) };
      const sentAt = this.now();
      try {
        await this.lock.update(renewal);
        this.observe(renewal);
        return { kind: 'held', sentAt };
      } catch (error) {
        if (!isTransient(error)) throw error;
      }
    }

    let current: LeaderElectionRecord | undefined;
    try {
      current = await this.lock.get();
    } catch (error) {
      return failed(error);
    }
    if (current === undefined) {
      const observed = this.observed;
      const holder = observed?.holderIdentity ?? '';
      if (holder !== '' && !this.holds()) {
        // Deleted while another candidate held it. That holder may have renewed at any moment
        // before the deletion, including after our last read, so the disappearance counts as a
        // change of record: a full lease duration from now.
        if (!this.vanished) {
          this.vanished = true;
          this.observedAt = this.now();
        }
        if (this.valid(now)) return { kind: 'heldByOther', holder };
      }
      const created: LeaderElectionRecord =
        observed === undefined
          ? desired
          : this.holds()
            ? { ...desired, ...this.kept(observed) }
            : { ...desired, leaseTransitions: observed.leaseTransitions + 1 };
      const sentAt = this.now();
      try {
        await this.lock.create(created);
      } catch (error) {
        return failed(error);
      }
      this.observe(created);
      return { kind: 'held', sentAt };
    }

    this.observeIfChanged(current);
    if (current.holderIdentity !== '' && !this.holds() && this.valid(now)) {
      return { kind: 'heldByOther', holder: current.holderIdentity };
    }
    const next: LeaderElectionRecord = this.holds()
      ? { ...desired, ...this.kept(current) }
      : { ...desired, leaseTransitions: current.leaseTransitions + 1 };
    const sentAt = this.now();
    try {
      await this.lock.update(next);
    } catch (error) {
      return failed(error);
    }
    this.observe(next);
    return { kind: 'held', sentAt };
  }

  /** What a renewal keeps from the record it renews. */
  private kept(record: LeaderElectionRecord): Partial<LeaderElectionRecord> {
    return { acquireTime: record.acquireTime, leaseTransitions: record.leaseTransitions };
  }

  private valid(now: number): boolean {
    // A record without a duration (written by some other tool) gets ours rather than none.
    const declared = this.observed?.leaseDurationSeconds ?? 0;
    const seconds = declared > 0 ? declared : this.leaseDurationSeconds;
    return this.observedAt + seconds * 1000 > now;
  }

  private observeIfChanged(record: LeaderElectionRecord): void {
    if (this.observed === undefined || this.vanished || !sameRecord(this.observed, record)) {
      this.observe(record);
    }
  }

  private observe(record: LeaderElectionRecord): void {
    this.observed = record;
    this.observedAt = this.now();
    this.vanished = false;
  }
}

function isTransient(error: unknown): boolean {
  return error instanceof LeaseApiError && error.transient;
}

function failed(error: unknown): AttemptOutcome {
  if (!isTransient(error)) throw error;
  return { kind: 'failed', error: error as LeaseApiError };
}
