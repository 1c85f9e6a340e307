import type { MemberRecord } from './memberLease.js';
import type { RangeSet } from './rangeSet.js';
import { unionRanges } from './rangeSet.js';

/** One member's Lease as this replica last saw it, and since when (by the local clock). */
interface Observation {
  readonly record: MemberRecord;
  /** When this replica first saw this version of the Lease (or noticed it was gone). */
  readonly since: number;
  /** Whether the Lease has since disappeared from the list. */
  readonly vanished: boolean;
  /**
   * Whether this is the first version of the Lease this replica saw (it had not seen the Lease,
   * or saw it vanish): only then is `renewTime` read. A later version is a write seen as it
   * happened, whatever time its writer's clock put in it.
   */
  readonly firstSeen: boolean;
}

/** How a {@link MemberView} judges the Leases. */
export interface MemberViewOptions {
  /** Used for a Lease that declares no duration. */
  readonly defaultLeaseDurationSeconds: number;
  /**
   * How far another replica's clock may be ahead of this one's, in milliseconds: a Lease whose
   * `renewTime` is older than its duration plus this margin is expired when first seen.
   * `Infinity` never trusts `renewTime`.
   */
  readonly maxClockSkew: number;
  /**
   * How long, in milliseconds, a member works on after sending its last successful renewal:
   * the claims of a member judged dead by its `renewTime` alone stay respected until this
   * replica has seen its Lease unchanged for that long.
   */
  readonly renewDeadline: number;
}

/**
 * This replica's view of the group's members, judged by its own clock as leader election
 * judges a Lease: a member is alive while its Lease has changed within its lease duration of
 * the moment this replica first saw the current version. The times written in the Leases come
 * from other machines' clocks and serve only to tell a version that is certainly expired.
 *
 * Invariants:
 * - a Lease seen for the first time counts as just renewed, until a lease duration later or
 *   until its `renewTime` is older than its lease duration plus `maxClockSkew` by the local
 *   clock, whichever comes first. So a replica that starts after every member crashed does not
 *   wait a lease duration for Leases written long before, while a clock offset between
 *   replicas smaller than `maxClockSkew` (plus the slack `leaseDuration − renewDeadline` the
 *   holder leaves) never makes it call a working member dead; a `renewTime` in the future,
 *   missing or unreadable counts as just renewed. A later version (a change this replica saw
 *   happen) counts as just renewed whatever its `renewTime`: a member whose clock is further
 *   off is taken for dead by a starting replica only until its next renewal, and even then its
 *   claims hold ({@link MemberView.heldClaims}) and its Lease is not expired
 *   ({@link MemberView.expired});
 * - a Lease is expired (may be released for everyone) only once this replica saw it unchanged
 *   for a full lease duration by its own clock: never on the strength of `renewTime`;
 * - a Lease that disappears from the list (deleted by someone) keeps its holder alive, with the
 *   claims last seen, for a full lease duration from the moment the disappearance was noticed:
 *   the holder may have renewed just before and still be working. A Lease already expired when
 *   it disappears is forgotten at once;
 * - a released Lease (empty holder, written by a graceful stop after its holder stopped all
 *   work, or by a member that saw it expire) ends membership at once.
 */
export class MemberView {
  /** By Lease name. */
  private readonly observations = new Map<string, Observation>();

  constructor(private readonly options: MemberViewOptions) {}

  /**
   * Takes in a list of the group's Leases.
   *
   * @param records - every Lease of the group, as just listed
   * @param now - the local clock
   */
  observe(records: readonly MemberRecord[], now: number): void {
    const listed = new Set<string>();
    for (const record of records) {
      listed.add(record.lease);
      const seen = this.observations.get(record.lease);
      if (
        seen === undefined ||
        seen.vanished ||
        seen.record.resourceVersion !== record.resourceVersion
      ) {
        const firstSeen = seen === undefined || seen.vanished;
        this.observations.set(record.lease, { record, since: now, vanished: false, firstSeen });
      }
    }
    for (const [lease, seen] of this.observations) {
      if (listed.has(lease) || seen.vanished) continue;
      if (this.alive(seen, now)) {
        this.observations.set(lease, { ...seen, since: now, vanished: true });
      } else {
        this.observations.delete(lease); // expired before it went: nothing left to wait for
      }
    }
  }

  /**
   * The members alive now, with their claims.
   *
   * @param now - the local clock
   * @returns identity to claimed ranges, for every live member
   */
  live(now: number): Map<string, RangeSet> {
    const members = new Map<string, RangeSet>();
    for (const [lease, seen] of this.observations) {
      const { identity, claims } = seen.record;
      if (identity !== '' && this.alive(seen, now)) {
        members.set(identity, unionRanges(members.get(identity) ?? [], claims));
      } else if (seen.vanished) {
        this.observations.delete(lease); // gone and expired: nothing left to remember
      }
    }
    return members;
  }

  /**
   * The claims of the members judged dead by their `renewTime` alone (a Lease seen for the first
   * time, with a `renewTime` older than its duration plus `maxClockSkew`) that this replica has
   * not yet seen unchanged for `renewDeadline`. Such a member is off the ring (so a replica that
   * starts after every member crashed claims their shares at once), but nobody may start its
   * claimed ranges yet: its clock may merely be far behind, and a member that is working renews
   * well within `renewDeadline`, which brings it back on the ring with its claims. A member
   * that has not renewed for `renewDeadline` since this replica first saw its Lease works on
   * nothing any more, whatever the clocks say.
   *
   * @param now - the local clock
   * @returns the union of their claims
   */
  heldClaims(now: number): RangeSet {
    let held: RangeSet = [];
    for (const seen of this.observations.values()) {
      if (seen.vanished || !seen.firstSeen || seen.record.identity === '') continue;
      if (seen.since + this.options.renewDeadline <= now || this.alive(seen, now)) continue;
      held = unionRanges(held, seen.record.claims);
    }
    return held;
  }

  /**
   * The listed Leases that still name their holder (and its claims) and that this replica saw
   * unchanged for a full lease duration by its own clock: a crashed member's, which nobody
   * released. A member may release them for everyone, with the version seen here as the
   * precondition.
   *
   * Unlike {@link MemberView.live}, this never reads `renewTime`: a release is seen by every
   * replica, which then drops the holder at once, so it must not rest on another machine's
   * clock. A holder whose clock is far behind looks long dead to a replica that just started;
   * released on that ground, its Lease would hand its ranges to the others while it still
   * works on them, until its renew deadline.
   *
   * @param now - the local clock
   * @returns their records, as last listed
   */
  expired(now: number): MemberRecord[] {
    const expired: MemberRecord[] = [];
    for (const seen of this.observations.values()) {
      if (seen.vanished || seen.record.identity === '') continue;
      if (seen.since + this.durationMs(seen.record) <= now) expired.push(seen.record);
    }
    return expired;
  }

  private alive(seen: Observation, now: number): boolean {
    if (seen.since + this.durationMs(seen.record) <= now) return false;
    // A deleted Lease may hide a renewal newer than the renewTime last seen: wait it out.
    return seen.vanished || !seen.firstSeen || !this.certainlyExpired(seen.record, now);
  }

  private certainlyExpired(record: MemberRecord, now: number): boolean {
    const { renewTime } = record;
    return (
      renewTime !== undefined &&
      renewTime + this.durationMs(record) + this.options.maxClockSkew < now
    );
  }

  private durationMs(record: MemberRecord): number {
    const seconds =
      record.leaseDurationSeconds > 0
        ? record.leaseDurationSeconds
        : this.options.defaultLeaseDurationSeconds;
    return seconds * 1000;
  }
}
