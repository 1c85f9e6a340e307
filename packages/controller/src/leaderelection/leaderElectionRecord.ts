import { V1MicroTime } from '@kubernetes/client-node';
import type { V1Lease, V1LeaseSpec } from '@kubernetes/client-node';

/**
 * The election state a Lease's spec carries, with times as epoch milliseconds. Times are
 * written for humans and other tools; candidates never compare them with their own clock.
 */
export interface LeaderElectionRecord {
  /** The holder, `''` when released or never held. */
  readonly holderIdentity: string;
  /** How long others wait after seeing the record change before taking over. */
  readonly leaseDurationSeconds: number;
  /** When the holder acquired the lease, if known. */
  readonly acquireTime: number | undefined;
  /** When the holder last renewed, if known. */
  readonly renewTime: number | undefined;
  /** How many times the lease changed hands. */
  readonly leaseTransitions: number;
}

/**
 * Reads the election record out of a Lease.
 *
 * @param lease - the Lease as client-node returns it.
 * @returns the record; absent fields read as empty, zero or undefined.
 */
export function recordFromLease(lease: V1Lease): LeaderElectionRecord {
  const spec = lease.spec ?? {};
  return {
    holderIdentity: spec.holderIdentity ?? '',
    leaseDurationSeconds: spec.leaseDurationSeconds ?? 0,
    acquireTime: instant(spec.acquireTime),
    renewTime: instant(spec.renewTime),
    leaseTransitions: spec.leaseTransitions ?? 0,
  };
}

/**
 * Writes a record as Lease spec fields.
 *
 * @param record - the record.
 * @returns the spec fields leader election owns.
 */
export function leaseSpecFromRecord(record: LeaderElectionRecord): V1LeaseSpec {
  return {
    holderIdentity: record.holderIdentity,
    leaseDurationSeconds: record.leaseDurationSeconds,
    acquireTime: microTime(record.acquireTime),
    renewTime: microTime(record.renewTime),
    leaseTransitions: record.leaseTransitions,
  };
}

/**
 * Whether two records are the same observation (the change detector: a candidate restarts its
 * expiry countdown whenever the record it reads differs from the one it saw before).
 *
 * @param a - one record.
 * @param b - the other.
 * @returns true when every field is equal.
 */
export function sameRecord(a: LeaderElectionRecord, b: LeaderElectionRecord): boolean {
  return (
    a.holderIdentity === b.holderIdentity &&
    a.leaseDurationSeconds === b.leaseDurationSeconds &&
    a.acquireTime === b.acquireTime &&
    a.renewTime === b.renewTime &&
    a.leaseTransitions === b.leaseTransitions
  );
}

// client-node 1.x does not deserialise MicroTime: a Lease read from the server carries the wire
// string although the type says V1MicroTime. Accept both.
function instant(value: V1MicroTime | string | undefined): number | undefined {
  if (value === undefined || value === null) return undefined;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? undefined : ms;
}

// V1MicroTime serialises with six fractional digits; a plain Date's three are rejected by
// kube-apiserver when decoding a MicroTime.
function microTime(ms: number | undefined): V1MicroTime | undefined {
  return ms === undefined ? undefined : new V1MicroTime(ms);
}
