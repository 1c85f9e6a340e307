import type { V1Lease } from '@kubernetes/client-node';
import type { ShardRange } from '@rxkube/store';
import { hashSpaceEnd } from '@rxkube/store';
import { ShardClaimsError } from './errors.js';
import { leaseSpecFromRecord } from '../leaderelection/leaderElectionRecord.js';
import type { RangeSet } from './rangeSet.js';
import { normalizeRanges } from './rangeSet.js';

/** The label that puts a Lease in a shard group; its value is the group's name. */
export const shardGroupLabel = 'shards.rxkube.io/group';

/**
 * The annotation in which a member publishes the hash ranges it claims: `start-end` pairs of
 * lowercase hex bounds, comma-separated (`0-8000000000000000,c000000000000000-10000000000000000`),
 * empty for none.
 */
export const shardClaimsAnnotation = 'shards.rxkube.io/claims';

/** What one member's Lease says, as read from a list. */
export interface MemberRecord {
  /** The Lease's name, `<group>-<identity>`. */
  readonly lease: string;
  /** The Lease's resourceVersion: any change of it counts as a renewal. */
  readonly resourceVersion: string;
  /** `spec.holderIdentity`: the member, `''` once it released its Lease on a graceful stop. */
  readonly identity: string;
  /** `spec.leaseDurationSeconds` (0 when absent). */
  readonly leaseDurationSeconds: number;
  /**
   * `spec.renewTime` in epoch milliseconds, by the writer's clock; undefined when absent or not
   * a timestamp.
   */
  readonly renewTime: number | undefined;
  /** The claimed ranges; the whole hash space when the annotation is unreadable. */
  readonly claims: RangeSet;
  /** Why the claims could not be read, if they could not. */
  readonly claimsError: ShardClaimsError | undefined;
}

/**
 * The name of a member's Lease.
 *
 * @param group - the shard group
 * @param identity - the member
 * @returns `<group>-<identity>`
 */
export function memberLeaseName(group: string, identity: string): string {
  return `${group}-${identity}`;
}

/**
 * Writes ranges as the claims annotation's text.
 *
 * @param claims - a range set
 * @returns the annotation's value
 */
export function formatClaims(claims: RangeSet): string {
  return claims.map(({ start, end }) => `${start.toString(16)}-${end.toString(16)}`).join(',');
}

const pair = /^([0-9a-f]{1,17})-([0-9a-f]{1,17})$/;

/**
 * Reads the claims annotation's text.
 *
 * @param lease - `namespace/name` of the Lease, for the error
 * @param text - the annotation's value (absent: no claims)
 * @returns the ranges, as a range set
 * @throws ShardClaimsError when a pair is malformed or out of `[0, 2^64]`
 */
export function parseClaims(lease: string, text: string | undefined): RangeSet {
  if (text === undefined || text.trim() === '') return [];
  const ranges: ShardRange[] = [];
  for (const part of text.split(',')) {
    const match = pair.exec(part.trim());
    if (match === null) {
      throw new ShardClaimsError(lease, text.slice(0, 200), `"${part}" is not start-end in hex`);
    }
    const start = BigInt(`0x${match[1]}`);
    const end = BigInt(`0x${match[2]}`);
    if (start >= end || end > hashSpaceEnd) {
      throw new ShardClaimsError(lease, text.slice(0, 200), `"${part}" is not within [0, 2^64]`);
    }
    ranges.push({ start, end });
  }
  return normalizeRanges(ranges);
}

/**
 * Reads a member's Lease.
 *
 * @param lease - a Lease of the group, as listed
 * @returns what it says
 */
export function memberRecord(lease: V1Lease): MemberRecord {
  const name = lease.metadata?.name ?? '';
  const where = `${lease.metadata?.namespace ?? ''}/${name}`;
  let claims: RangeSet;
  let claimsError: ShardClaimsError | undefined;
  try {
    claims = parseClaims(where, lease.metadata?.annotations?.[shardClaimsAnnotation]);
  } catch (error) {
    claimsError = error as ShardClaimsError;
    claims = [{ start: 0n, end: hashSpaceEnd }];
  }
  return {
    lease: name,
    resourceVersion: lease.metadata?.resourceVersion ?? '',
    identity: lease.spec?.holderIdentity ?? '',
    leaseDurationSeconds: positiveNumber(lease.spec?.leaseDurationSeconds),
    renewTime: timestamp(lease.spec?.renewTime),
    claims,
    claimsError,
  };
}

/** A duration from the cluster: a positive finite number, or 0 (absent or not a number). */
function positiveNumber(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/**
 * Reads a Lease's time field. Only a string counts: the field comes from the cluster and may
 * hold any JSON value (client-node does not deserialise MicroTime, so a string is what a
 * well-formed Lease carries).
 */
function timestamp(value: unknown): number | undefined {
  if (typeof value !== 'string' && !(value instanceof Date)) return undefined;
  const ms = typeof value === 'string' ? Date.parse(value) : value.getTime();
  return Number.isFinite(ms) ? ms : undefined;
}

/** What a member writes into its own Lease. */
export interface MemberLeaseState {
  readonly namespace: string;
  /** The Lease's name, `<group>-<identity>`. */
  readonly name: string;
  readonly group: string;
  /** The member, or `''` to release the Lease. */
  readonly identity: string;
  readonly leaseDurationSeconds: number;
  readonly claims: RangeSet;
  /**
   * The local clock, written as `renewTime`: for people and other tools, and for a replica that
   * sees the Lease for the first time to tell one long expired (see `MemberView`).
   */
  readonly now: number;
}

/**
 * A member's Lease with the given state, built on the version last read (its other fields
 * kept, its resourceVersion the precondition of the replace) or from nothing for a create.
 *
 * @param state - what to write
 * @param current - the Lease as last read, if it exists
 * @returns the body to create or replace
 */
export function memberLease(state: MemberLeaseState, current: V1Lease | undefined): V1Lease {
  const metadata = current?.metadata ?? { name: state.name, namespace: state.namespace };
  const acquired = current?.spec?.acquireTime;
  return {
    ...current,
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: {
      ...metadata,
      labels: { ...metadata.labels, [shardGroupLabel]: state.group },
      annotations: { ...metadata.annotations, [shardClaimsAnnotation]: formatClaims(state.claims) },
    },
    spec: {
      ...current?.spec,
      ...leaseSpecFromRecord({
        holderIdentity: state.identity,
        leaseDurationSeconds: state.leaseDurationSeconds,
        acquireTime: state.now,
        renewTime: state.now,
        leaseTransitions: 0,
      }),
      // A renewal keeps the time of the first acquisition, as leader election does.
      ...(acquired === undefined ? {} : { acquireTime: acquired }),
    },
  };
}
