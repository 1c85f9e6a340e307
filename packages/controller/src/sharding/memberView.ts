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
}

/**
 * This replica's view of the group's members, judged by its own clock as leader election
 * judges a Lease: a member is alive while its Lease has changed within its lease duration of
 * the moment this replica first saw the current version. The times written in the Leases come
 * from other machines' clocks and are never read, so clock offsets do not matter.
 *
 * Invariants:
 * - a Lease seen for the first time counts as just renewed: a replica that starts does not
 *   know how old it is, so it waits a full lease duration before calling its holder dead;
 * - a Lease that disappears from the list (deleted by someone) keeps its holder alive, with the
 *   claims last seen, for a full lease duration from the moment the disappearance was noticed:
 *   the holder may have renewed just before and still be working;
 * - a released Lease (empty holder, written by a graceful stop after its holder stopped all
 *   work) ends membership at once.
 */
export class MemberView {
  /** By Lease name. */
  private readonly observations = new Map<string, Observation>();

  /**
   * @param defaultLeaseDurationSeconds - used for a Lease that declares no duration
   */
  constructor(private readonly defaultLeaseDurationSeconds: number) {}

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
        this.observations.set(record.lease, { record, since: now, vanished: false });
      }
    }
    for (const [lease, seen] of this.observations) {
      if (listed.has(lease) || seen.vanished) continue;
      this.observations.set(lease, { ...seen, since: now, vanished: true });
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
      const { identity, leaseDurationSeconds, claims } = seen.record;
      const seconds =
        leaseDurationSeconds > 0 ? leaseDurationSeconds : this.defaultLeaseDurationSeconds;
      const alive = identity !== '' && seen.since + seconds * 1000 > now;
      if (alive) {
        members.set(identity, unionRanges(members.get(identity) ?? [], claims));
      } else if (seen.vanished) {
        this.observations.delete(lease); // gone and expired: nothing left to remember
      }
    }
    return members;
  }
}
