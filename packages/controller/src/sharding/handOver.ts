import type { RangeSet } from './rangeSet.js';
import { intersectRanges, subtractRanges, unionRanges } from './rangeSet.js';

/** What one round of the hand-over protocol does with this replica's ranges. */
export interface ClaimPlan {
  /** The ranges worked on that stay: stop working on every other one before publishing. */
  readonly keep: RangeSet;
  /** The claims to publish in the Lease: `keep` and the target ranges no live member claims. */
  readonly publish: RangeSet;
}

/**
 * The first half of a round, from one consistent view of the group: release, then claim.
 *
 * A replica keeps what it works on and still owns on the ring, stops everything else at once
 * (before it writes, so that its published claims always cover its work), and claims the rest
 * of its ring share that no other live member claims. A range claimed by someone else is left
 * alone until they release it or their Lease expires.
 *
 * @param working - the ranges this replica works on now
 * @param target - its share of the ring over the live members
 * @param othersClaims - the union of the other live members' claims
 * @returns what to keep working on and what to publish
 */
export function planClaims(working: RangeSet, target: RangeSet, othersClaims: RangeSet): ClaimPlan {
  const keep = intersectRanges(working, target);
  return { keep, publish: unionRanges(keep, subtractRanges(target, othersClaims)) };
}

/**
 * The second half of a round, after the claims were published and the group listed again: the
 * new ranges are started only where no other live member claims them now.
 *
 * Two replicas that claim the same range (their views of the members differed) each write
 * their claim and then read: on a store with linearizable writes at least one of them reads
 * the other's claim, so at most one starts the range; both may hold off, and the next round,
 * from views that have converged, gives it to one.
 *
 * @param plan - the round's plan, whose `publish` was written
 * @param othersClaims - the union of the other live members' claims, read after the write
 * @returns the ranges to work on
 */
export function confirmClaims(plan: ClaimPlan, othersClaims: RangeSet): RangeSet {
  return unionRanges(
    plan.keep,
    subtractRanges(subtractRanges(plan.publish, plan.keep), othersClaims),
  );
}

/**
 * The released ranges that must stay claimed a while longer: those holding a hash whose work
 * (a reconcile) is still in flight. The replica no longer works on them (nothing new starts
 * there), but its Lease goes on claiming them, so that no other replica starts them before the
 * work in flight ends; the first round after it ended lets them go.
 *
 * @param released - the ranges published before and not any more
 * @param busy - the hashes with work in flight
 * @returns the ranges of `released` (whole, as merged) that hold a busy hash
 */
export function retainBusy(released: RangeSet, busy: Iterable<bigint>): RangeSet {
  const hashes = [...busy];
  return released.filter((range) => hashes.some((hash) => range.start <= hash && hash < range.end));
}
