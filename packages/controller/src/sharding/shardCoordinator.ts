import type { KubeConfig, V1Lease } from '@kubernetes/client-node';
import type { Shard, ShardField } from '@rxkube/store';
import type { Observable, Subscription } from 'rxjs';
import {
  BehaviorSubject,
  Subject,
  defer,
  from,
  map,
  of,
  race,
  firstValueFrom,
  repeat,
  timeout,
  timer,
} from 'rxjs';
import { LeaseApiError } from '../leaderelection/errors.js';
import type { MemberLeaseApi } from '../leaderelection/leaseApi.js';
import { leaseApiFrom } from '../leaderelection/leaseApi.js';
import { toLeaseApiError } from '../leaderelection/leaseApiError.js';
import { jitterFactor } from '../leaderelection/leaderElectionOptions.js';
import type { ShardClaimsError } from './errors.js';
import { confirmClaims, planClaims, retainBusy } from './handOver.js';
import { hashRing } from './hashRing.js';
import type { MemberRecord } from './memberLease.js';
import { memberLease, memberRecord, shardGroupLabel } from './memberLease.js';
import { MemberView } from './memberView.js';
import type { RangeSet } from './rangeSet.js';
import { sameRanges, subtractRanges, unionRanges } from './rangeSet.js';
import type {
  ResolvedShardMembershipOptions,
  ShardMembershipOptions,
} from './shardMembershipOptions.js';
import { resolveShardMembershipOptions } from './shardMembershipOptions.js';
import type { ShardWork } from './shardWork.js';

/** What `errors$` of a {@link ShardCoordinator} reports. */
export type ShardMembershipError = LeaseApiError | ShardClaimsError;

/**
 * One replica's membership in a shard group: the replicas of an operator split the hash space
 * of their objects between them through the Kubernetes API alone, each holding a Lease of its
 * own, with no other infrastructure.
 *
 * Every round (each `retryPeriod`, jittered up to 20 %), the replica lists the group's Leases,
 * decides who is alive by its own clock, computes its share of the consistent-hash ring over
 * the live members ({@link hashRing}), stops working on the ranges it no longer owns, renews
 * its Lease publishing its claims, and starts a new range only once, after the write, no other
 * live member claims it (see the package README, "Sharding", for the protocol and its
 * guarantees). {@link ShardCoordinator.ranges$} emits the ranges this replica may work on;
 * {@link ShardCoordinator.shard$} the same as a `Shard` for an informer's `shard` option.
 *
 * No hash is worked on by two replicas at once, provided their clocks run at about the same
 * rate (as for leader election): a replica drops every range `renewDeadline` after sending its
 * last successful renewal, and the others take it over only `leaseDuration` after they saw
 * that renewal.
 *
 * @example
 * ```ts
 * const membership = new ShardCoordinator(kubeConfig, {
 *   namespace: 'operators',
 *   group: 'pod-labeller',
 *   identity: process.env.POD_NAME!,
 * });
 * const pods = new SharedIndexInformer(lw, { shard: membership.shard$ });
 * membership.start();
 * pods.start();
 * ```
 */
export class ShardCoordinator {
  /**
   * The ranges this replica may work on: `[]` at once, then every change (sorted, merged).
   * Completes after `stop()`.
   */
  readonly ranges$: Observable<RangeSet>;
  /** {@link ShardCoordinator.ranges$} as a `Shard` on the configured field. */
  readonly shard$: Observable<Shard>;
  /** The identities of the live members (this one included), sorted, as of the last round. */
  readonly members$: Observable<readonly string[]>;
  /**
   * Whether the hand-over is complete as far as this replica can see: as of its last round,
   * every live member's published claims are exactly its share of the ring over the live
   * members, and this replica works on exactly its own share, within a valid renewal. `false`
   * at once, then every change; `false` again once stopped, then completes.
   *
   * When every replica of the group says `true`, the ranges are agreed: each hash is claimed
   * by exactly one member and worked on by it. Meant for readiness probes (a rolling update then
   * replaces the next replica only once the hand-over to the new one is done) and for tests.
   * It says nothing of liveness: a member that just crashed still counts until its Lease
   * expires, as it does for the ring.
   */
  readonly agreed$: Observable<boolean>;
  /**
   * Every failed Lease request (retried at the next round: a 403 may be fixed by an RBAC
   * change) and every unreadable claims annotation of another member.
   */
  readonly errors$: Observable<ShardMembershipError>;
  /** The hashed field of `shard$`. */
  readonly field: ShardField;

  private readonly options: ResolvedShardMembershipOptions;
  private readonly api: MemberLeaseApi;
  private readonly view: MemberView;
  private readonly ranges = new BehaviorSubject<RangeSet>([]);
  private readonly members = new BehaviorSubject<readonly string[]>([]);
  private readonly agreement = new BehaviorSubject<boolean>(false);
  private readonly failures = new Subject<ShardMembershipError>();
  /** The ranges worked on. Invariant: always covered by the claims in this replica's Lease. */
  private working: RangeSet = [];
  /** The claims last written to this replica's Lease. */
  private published: RangeSet = [];
  /** The work done on this replica's ranges: released ranges stay claimed while it is busy. */
  private readonly work = new Set<ShardWork>();
  /** Until when the last successful renewal lets this replica work (local clock). */
  private validUntil = Number.NEGATIVE_INFINITY;
  /** This replica's Lease as last listed or written; undefined when it does not exist. */
  private ownLease: V1Lease | undefined;
  /** The group's Leases as last listed, by name. */
  private listed = new Map<string, V1Lease>();
  /** Numbers the rounds: a round abandoned (timed out, stopped) drops what it learns later. */
  private round = 0;
  private loop: Subscription | undefined;
  private deadline: Subscription | undefined;
  private readonly inFlight = new Set<Promise<unknown>>();
  private stopping: Promise<void> | undefined;

  /**
   * @param client - a client-node `KubeConfig`, or a Lease API client such as
   *   `CoordinationV1Api`
   * @param options - namespace, group, identity, timing
   * @throws ShardMembershipConfigError for invalid options
   */
  constructor(client: KubeConfig | MemberLeaseApi, options: ShardMembershipOptions) {
    this.options = resolveShardMembershipOptions(options);
    this.api = leaseApiFrom<MemberLeaseApi>(client);
    this.field = this.options.field;
    this.view = new MemberView({
      defaultLeaseDurationSeconds: this.leaseDurationSeconds(),
      maxClockSkew: this.options.maxClockSkew,
      renewDeadline: this.options.renewDeadline,
    });
    this.ranges$ = this.ranges.asObservable();
    this.shard$ = this.ranges$.pipe(map((ranges): Shard => ({ field: this.field, ranges })));
    this.members$ = this.members.asObservable();
    this.agreed$ = this.agreement.asObservable();
    this.errors$ = this.failures.asObservable();
  }

  /**
   * The ranges this replica may work on now.
   *
   * @returns the current value of `ranges$`
   */
  get current(): RangeSet {
    return this.working;
  }

  /**
   * Whether the ranges are agreed as far as this replica can see now.
   *
   * @returns the current value of {@link ShardCoordinator.agreed$}
   */
  get agreed(): boolean {
    return this.agreement.value;
  }

  /**
   * Registers work done on this replica's ranges (a sharded controller's reconciles): a range
   * this replica stops working on stays claimed in its Lease while a hash of it has work in
   * flight, and `stop()` waits for the work (up to `renewDeadline`) before releasing the Lease.
   * So an in-flight reconcile of an object that moves to another replica finishes before that
   * replica may start it.
   *
   * @param work - what is in flight
   * @returns a function that unregisters it
   */
  registerWork(work: ShardWork): () => void {
    this.work.add(work);
    return () => void this.work.delete(work);
  }

  /**
   * Joins the group: the first round runs at once. Idempotent while running.
   *
   * @returns this coordinator
   * @throws Error once stopped: make a new one to join again
   */
  start(): this {
    if (this.stopping !== undefined)
      throw new Error('a stopped ShardCoordinator cannot start again');
    if (this.loop !== undefined) return this;
    const { renewDeadline, retryPeriod, scheduler, random } = this.options;
    this.loop = defer(() => {
      const round = ++this.round;
      return from(this.track(this.runRound(round)));
    })
      .pipe(
        // A request can hang for good: the round is abandoned, and its late answers ignored.
        timeout({
          first: renewDeadline,
          scheduler,
          with: () => {
            this.round += 1;
            this.report(this.timedOut());
            return of(undefined);
          },
        }),
        repeat({
          delay: () => timer(retryPeriod * (1 + random() * (jitterFactor - 1)), scheduler),
        }),
      )
      .subscribe();
    return this;
  }

  /**
   * Leaves the group: stops working on every range at once (`ranges$` emits `[]` before
   * anything else happens), waits for a request in flight, and with `releaseOnStop` releases
   * the Lease (empty holder, no claims) so that the others take the ranges over at their next
   * round. Then completes the Observables. Idempotent.
   *
   * @returns a promise that resolves when done; it never rejects (a failed release is
   *   reported on `errors$`) and waits at most `renewDeadline` for the network
   */
  stop(): Promise<void> {
    this.stopping ??= this.shutdown();
    return this.stopping;
  }

  private async shutdown(): Promise<void> {
    const wasRunning = this.loop !== undefined;
    this.loop?.unsubscribe();
    this.round += 1;
    this.deadline?.unsubscribe();
    this.validUntil = Number.NEGATIVE_INFINITY;
    this.setWorking([]);
    this.updateAgreed();
    if (wasRunning && this.options.releaseOnStop) {
      const { renewDeadline, scheduler } = this.options;
      await firstValueFrom(race(from(this.release()), timer(renewDeadline, scheduler)), {
        defaultValue: undefined,
      });
    }
    this.ranges.complete();
    this.members.complete();
    this.agreement.complete();
    this.failures.complete();
  }

  private async release(): Promise<void> {
    // Work on the ranges dropped above may still be running: they stay claimed until it ends.
    await Promise.all([...this.work].map((work) => work.idle()));
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
    // A round abandoned or in flight may have changed the Lease: one more try after a read.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      if (attempt > 0 && (await this.list(0)) === undefined) return;
      if (this.ownLease === undefined) return;
      if (await this.write([], '', 0)) return;
    }
  }

  /** One round: observe, release, publish, confirm; then release the Leases of the dead. */
  private async runRound(round: number): Promise<void> {
    if ((await this.list(round)) === undefined) return;
    try {
      await this.claim(round);
      // Stopped or abandoned meanwhile: a release would act on a view no longer maintained.
      if (!this.isCurrent(round)) return;
      await this.releaseExpired(round);
    } finally {
      if (this.isCurrent(round)) this.updateAgreed();
    }
  }

  /** Release, publish, confirm, from the list just taken in. */
  private async claim(round: number): Promise<void> {
    const { identity, virtualNodes } = this.options;
    const others = this.othersAlive();
    const live = [...others.keys(), identity].sort();
    if (!sameList(live, this.members.value)) this.members.next(live);
    const target = hashRing(live, virtualNodes).get(identity) ?? [];
    const plan = planClaims(this.working, target, this.claimedByOthers(others));
    // Release before publishing: the claims written must cover everything still worked on.
    this.setWorking(plan.keep);
    const claims = unionRanges(plan.publish, this.stillBusy(plan.publish));
    const sentAt = this.now();
    if (!(await this.write(claims, identity, round))) return;
    // An answer later than the deadline does not count: the others may already have seen the
    // Lease unchanged for longer than this replica would now assume.
    if (this.now() >= sentAt + this.options.renewDeadline) return;
    this.renewed(sentAt);
    if (sameRanges(plan.publish, plan.keep)) return;
    if ((await this.list(round)) === undefined) return;
    if (this.now() >= this.validUntil) return;
    this.setWorking(confirmClaims(plan, this.claimedByOthers(this.othersAlive())));
  }

  /**
   * What this replica may not start: the claims of the other live members, and those of the
   * members off the ring by their `renewTime` alone, until they are certainly idle.
   */
  private claimedByOthers(others: Map<string, RangeSet>): RangeSet {
    return unionRanges(claimsOf(others), this.view.heldClaims(this.now()));
  }

  /**
   * Lists the group's Leases and takes them in; reports a failure.
   *
   * @returns the records, or undefined when the request failed or the round was abandoned
   */
  private async list(round: number): Promise<readonly MemberRecord[] | undefined> {
    const { namespace, group, lease } = this.options;
    let items: V1Lease[];
    try {
      const answer = await this.track(
        this.api.listNamespacedLease({ namespace, labelSelector: `${shardGroupLabel}=${group}` }),
      );
      items = answer.items;
    } catch (error) {
      if (this.isCurrent(round))
        this.report(toLeaseApiError('list', `${namespace}/${group}-*`, error));
      return undefined;
    }
    if (!this.isCurrent(round)) return undefined;
    const records = items.map(memberRecord);
    for (const record of records) {
      if (record.claimsError !== undefined && record.lease !== lease)
        this.report(record.claimsError);
    }
    this.view.observe(records, this.now());
    this.listed = new Map(records.map((record, i) => [record.lease, items[i]!]));
    this.ownLease = this.listed.get(lease);
    return records;
  }

  /**
   * Creates or replaces this replica's Lease with the given claims (`identity` `''` releases
   * it); reports a failure.
   *
   * @returns whether the write succeeded (and the round is still current)
   */
  private async write(claims: RangeSet, identity: string, round: number): Promise<boolean> {
    const { namespace, group, lease } = this.options;
    const body = memberLease(
      {
        namespace,
        name: lease,
        group,
        identity,
        leaseDurationSeconds: identity === '' ? 1 : this.leaseDurationSeconds(),
        claims,
        now: this.now(),
      },
      this.ownLease,
    );
    const creating = this.ownLease === undefined;
    try {
      const written = await this.track(
        creating
          ? this.api.createNamespacedLease({ namespace, body })
          : this.api.replaceNamespacedLease({ name: lease, namespace, body }),
      );
      // The Lease holds these claims now; a late answer (an abandoned round) may be older than
      // the last write, so it only adds: retaining too much is safe, too little is not.
      this.published = this.isCurrent(round) ? claims : unionRanges(this.published, claims);
      if (this.isCurrent(round)) this.ownLease = written;
      return this.isCurrent(round);
    } catch (error) {
      // A conflict or a deleted Lease: the next round's list brings the current version.
      if (this.isCurrent(round)) {
        this.report(
          toLeaseApiError(creating ? 'create' : 'update', `${namespace}/${lease}`, error),
        );
      }
      return false;
    }
  }

  /**
   * Releases, for everyone, the Leases that still name their holder and claims (a crashed
   * replica's) and that this replica saw unchanged for a full lease duration by its own clock
   * (never on the word of their `renewTime`: see {@link MemberView.expired}): empty holder, no
   * claims, as a graceful stop writes.
   * Otherwise a replica that starts later would see such a Lease for the first time, count its
   * holder alive for a lease duration and respect its stale claims, and leave part of the hash
   * space unowned meanwhile. The replace carries the version seen expire as its precondition,
   * so a holder that came back (and renewed) is never overwritten: that, or another member
   * releasing first, fails with 409, which is expected and not reported.
   */
  private async releaseExpired(round: number): Promise<void> {
    const { namespace, group, lease: own } = this.options;
    const expired = this.view.expired(this.now()).filter((record) => record.lease !== own);
    await Promise.all(
      expired.map(async (record) => {
        const current = this.listed.get(record.lease);
        // Without a version there is no precondition: never write blind over another's Lease.
        if (record.resourceVersion === '') return;
        if (current?.metadata?.resourceVersion !== record.resourceVersion) return;
        const body = memberLease(
          {
            namespace,
            name: record.lease,
            group,
            identity: '',
            leaseDurationSeconds: 1,
            claims: [],
            now: this.now(),
          },
          current,
        );
        try {
          await this.track(
            this.api.replaceNamespacedLease({ name: record.lease, namespace, body }),
          );
        } catch (error) {
          const failure = toLeaseApiError('update', `${namespace}/${record.lease}`, error);
          const raced = failure.code === 409 || failure.code === 404;
          if (!raced && this.isCurrent(round)) this.report(failure);
        }
      }),
    );
  }

  /** Recomputes {@link ShardCoordinator.agreed$} from the view and this replica's state. */
  private updateAgreed(): void {
    const agreed = this.loop !== undefined && this.stopping === undefined && this.isAgreed();
    if (agreed !== this.agreement.value) this.agreement.next(agreed);
  }

  private isAgreed(): boolean {
    const { identity, virtualNodes } = this.options;
    if (this.now() >= this.validUntil) return false;
    const others = this.othersAlive();
    const ring = hashRing([...others.keys(), identity], virtualNodes);
    for (const [member, claims] of others) {
      if (!sameRanges(claims, ring.get(member) ?? [])) return false;
    }
    const mine = ring.get(identity) ?? [];
    return sameRanges(this.working, mine) && sameRanges(this.published, mine);
  }

  /** The ranges published before and not in `publish` that hold work in flight. */
  private stillBusy(publish: RangeSet): RangeSet {
    if (this.work.size === 0) return [];
    const released = subtractRanges(this.published, publish);
    if (released.length === 0) return [];
    return retainBusy(
      released,
      [...this.work].flatMap((work) => [...work.hashesInFlight()]),
    );
  }

  /** The other live members and their claims. */
  private othersAlive(): Map<string, RangeSet> {
    const members = this.view.live(this.now());
    members.delete(this.options.identity);
    return members;
  }

  /** A renewal sent at `sentAt` succeeded: work may go on until `sentAt + renewDeadline`. */
  private renewed(sentAt: number): void {
    const { renewDeadline, scheduler } = this.options;
    this.validUntil = sentAt + renewDeadline;
    this.deadline?.unsubscribe();
    this.deadline = scheduler.schedule(
      () => this.setWorking([]),
      Math.max(0, this.validUntil - this.now()),
    );
  }

  private setWorking(ranges: RangeSet): void {
    if (sameRanges(ranges, this.working)) return;
    this.working = ranges;
    this.ranges.next(ranges);
    if (this.agreement.value) this.updateAgreed();
  }

  private isCurrent(round: number): boolean {
    // Round 0 is the release after a stop, which no round can supersede.
    return round === 0 ? true : round === this.round && this.stopping === undefined;
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.inFlight.add(promise);
    const forget = (): void => void this.inFlight.delete(promise);
    promise.then(forget, forget);
    return promise;
  }

  private report(error: ShardMembershipError): void {
    this.failures.next(error);
  }

  private timedOut(): LeaseApiError {
    const { namespace, lease, renewDeadline } = this.options;
    const cause = new Error(`no answer within ${renewDeadline} ms`);
    return new LeaseApiError(
      'acquireOrRenew',
      `${namespace}/${lease}`,
      undefined,
      undefined,
      true,
      cause,
    );
  }

  private leaseDurationSeconds(): number {
    return Math.ceil(this.options.leaseDuration / 1000);
  }

  private now(): number {
    return this.options.scheduler.now();
  }
}

function claimsOf(members: Map<string, RangeSet>): RangeSet {
  return [...members.values()].reduce<RangeSet>((all, claims) => unionRanges(all, claims), []);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
