import { CoordinationV1Api } from '@kubernetes/client-node';
import { hashSpaceEnd } from '@rxkube/store';
import { VirtualClock, pollUntil } from '@rxkube/devkit';
import type { SchedulerLike } from 'rxjs';
import type { FakeApiServer } from '@rxkube/testing';
import { seededRandom } from '@rxkube/testing';
import type { MemberLeaseApi } from '../leaderelection/leaseApi.js';
import type { RangeSet } from './rangeSet.js';
import { intersectRanges, rangesSize, sameRanges, unionRanges } from './rangeSet.js';
import type { ShardMembershipError } from './shardCoordinator.js';
import { ShardCoordinator } from './shardCoordinator.js';
import type { ShardMembershipOptions } from './shardMembershipOptions.js';

/** A member of the group under test, its link to the server and what it reported. */
export interface Member {
  readonly identity: string;
  readonly coordinator: ShardCoordinator;
  /** Cut: every request fails at once, as with a network partition or a dead process. */
  cut: boolean;
  /** Virtual time of the last write of its Lease that the server committed. */
  lastCommit: number;
  readonly errors: ShardMembershipError[];
}

/** One emission of a member's ranges, at a virtual instant. */
export interface Claim {
  readonly at: number;
  readonly identity: string;
  readonly ranges: RangeSet;
}

const everything: RangeSet = [{ start: 0n, end: hashSpaceEnd }];

/**
 * Several shard coordinators against one fake API server (real HTTP), in virtual time: the
 * clock moves only between steps, and a step ends once no request of any member is in flight,
 * so a round's requests are answered at the virtual instant they were sent. Every change of a
 * member's ranges is recorded with its instant and checked on the spot: two members must never
 * work on one hash at the same instant.
 */
export class ShardGroup {
  readonly clock = new VirtualClock();
  readonly claims: Claim[] = [];
  /** Every instant at which two members worked on one hash, with the hashes' count. */
  readonly overlaps: Array<{ at: number; identities: [string, string]; size: bigint }> = [];
  /** The stretches of virtual time during which some hash had no member working on it. */
  readonly gaps: Array<{ from: number; to: number | undefined }> = [];
  /** Called as a member's replace of a Lease is sent, before the server sees it. */
  onReplace: ((writer: string, lease: string) => void) | undefined;
  private readonly members = new Map<string, Member>();
  private readonly working = new Map<string, RangeSet>();
  private inFlight = 0;
  private readonly random = seededRandom(17);

  constructor(
    private readonly server: FakeApiServer,
    private readonly options: Partial<ShardMembershipOptions> = {},
  ) {}

  /** Adds a member and starts it, with the group's options and then `options`. */
  join(identity: string, options: Partial<ShardMembershipOptions> = {}): Member {
    const api = this.server.kubeConfig().makeApiClient(CoordinationV1Api);
    const member: Member = {
      identity,
      cut: false,
      lastCommit: Number.NEGATIVE_INFINITY,
      errors: [],
      coordinator: undefined as unknown as ShardCoordinator,
    };
    const pass = <T>(write: boolean, call: () => Promise<T>): Promise<T> => {
      if (member.cut) return Promise.reject(new TypeError('fetch failed'));
      this.inFlight += 1;
      const sentAt = this.clock.now();
      return call().then(
        (value) => {
          this.inFlight -= 1;
          if (write) member.lastCommit = sentAt;
          return value;
        },
        (error: unknown) => {
          this.inFlight -= 1;
          throw error;
        },
      );
    };
    const link: MemberLeaseApi = {
      listNamespacedLease: (param) => pass(false, () => api.listNamespacedLease(param)),
      createNamespacedLease: (param) => pass(true, () => api.createNamespacedLease(param)),
      replaceNamespacedLease: (param) =>
        pass(true, () => {
          this.onReplace?.(identity, param.name);
          return api.replaceNamespacedLease(param);
        }),
    } as MemberLeaseApi;
    const coordinator = new ShardCoordinator(link, {
      namespace: 'ops',
      group: 'labeller',
      identity,
      scheduler: this.clock,
      random: seededRandom(Math.floor(this.random() * 2 ** 31)),
      ...this.options,
      ...options,
    });
    (member as { coordinator: ShardCoordinator }).coordinator = coordinator;
    coordinator.ranges$.subscribe((ranges) => this.record(identity, ranges));
    coordinator.errors$.subscribe((error) => member.errors.push(error));
    this.members.set(identity, member);
    coordinator.start();
    return member;
  }

  /**
   * Kills a member as `kill -9` would: from now on no request of it reaches the server (its
   * Lease stays as last written, claims and all), and it works on nothing.
   */
  kill(identity: string): void {
    const member = this.member(identity);
    member.cut = true;
    void member.coordinator.stop();
  }

  member(identity: string): Member {
    const member = this.members.get(identity);
    if (member === undefined) throw new Error(`no member ${identity}`);
    return member;
  }

  /** The ranges each running member works on now. */
  current(identity: string): RangeSet {
    return this.working.get(identity) ?? [];
  }

  /** Whether every hash is worked on by some member now. */
  covered(): boolean {
    const all = [...this.working.values()].reduce<RangeSet>((a, b) => unionRanges(a, b), []);
    return sameRanges(all, everything);
  }

  /** Moves virtual time forward by `ms`, in steps of `step`, letting every round finish. */
  async run(ms: number, step = 50): Promise<void> {
    const end = this.clock.now() + ms;
    while (this.clock.now() < end) {
      await this.clock.advanceAsync(Math.min(step, end - this.clock.now()));
      await this.settle();
    }
  }

  /** Runs until `condition` holds, at most `limit` virtual ms. */
  async runUntil(condition: () => boolean, limit: number): Promise<number> {
    const start = this.clock.now();
    while (!condition()) {
      if (this.clock.now() - start >= limit) {
        throw new Error(`condition not met within ${limit} ms of virtual time`);
      }
      await this.run(50);
    }
    return this.clock.now() - start;
  }

  /** Stops every member (releasing) and lets the releases land. */
  async stopAll(): Promise<void> {
    let done = false;
    void Promise.all([...this.members.values()].map((m) => m.coordinator.stop())).then(
      () => (done = true),
    );
    await this.runUntil(() => done, 60_000);
  }

  /** The first claim, at or after `from`, by which a member other than `identity` took a hash of `ranges`. */
  takeover(ranges: RangeSet, identity: string, from: number): Claim | undefined {
    return this.claims.find(
      (claim) =>
        claim.at >= from &&
        claim.identity !== identity &&
        rangesSize(intersectRanges(claim.ranges, ranges)) > 0n,
    );
  }

  private async settle(): Promise<void> {
    const settled = await pollUntil(() => this.inFlight === 0, { timeoutMs: 10_000, pollMs: 1 });
    if (!settled) throw new Error('requests to the fake API server never finished');
  }

  private record(identity: string, ranges: RangeSet): void {
    const at = this.clock.now();
    this.claims.push({ at, identity, ranges });
    for (const [other, theirs] of this.working) {
      if (other === identity) continue;
      const size = rangesSize(intersectRanges(theirs, ranges));
      if (size > 0n) this.overlaps.push({ at, identities: [identity, other], size });
    }
    this.working.set(identity, ranges);
    const open = this.gaps.at(-1);
    const openGap = open !== undefined && open.to === undefined;
    if (this.covered()) {
      if (openGap) open.to = at;
    } else if (!openGap) {
      this.gaps.push({ from: at, to: undefined });
    }
  }
}

/**
 * The group's clock as seen by a machine whose clock is `offset` ms ahead of it (behind when
 * negative): `now()` moves by the offset, waits are the same.
 */
export function skewedClock(clock: VirtualClock, offset: number): SchedulerLike {
  return {
    now: () => clock.now() + offset,
    schedule: clock.schedule.bind(clock) as SchedulerLike['schedule'],
  };
}

/** The longest stretch with a hash unowned, ignoring stretches that started before `after`. */
export function longestGap(gaps: ShardGroup['gaps'], after: number, now: number): number {
  return gaps
    .filter((gap) => gap.from >= after)
    .reduce((longest, gap) => Math.max(longest, (gap.to ?? now) - gap.from), 0);
}
