import type { Observable, Subscription } from 'rxjs';
import {
  BehaviorSubject,
  Subject,
  distinctUntilChanged,
  filter,
  firstValueFrom,
  from,
  map,
  race,
  timer,
} from 'rxjs';
import type { CandidacyEvent } from './candidacy.js';
import { candidacy } from './candidacy.js';
import { LeaseApiError } from './errors.js';
import type { LeaseApiSource } from './leaseApi.js';
import { leaseApiFrom } from './leaseApi.js';
import { LeaseClaim } from './leaseClaim.js';
import { LeaseLock } from './leaseLock.js';
import type {
  LeaderElectionOptions,
  ResolvedLeaderElectionOptions,
} from './leaderElectionOptions.js';
import { resolveLeaderElectionOptions } from './leaderElectionOptions.js';
import type { LeadershipLoss, LeadershipState } from './leadershipState.js';

/**
 * A candidate in a Lease-based leader election (client-go's `tools/leaderelection` on a
 * `coordination.k8s.io/v1` Lease). Among all candidates using the same Lease, at most one leads
 * at a time, provided their clocks run at about the same rate.
 *
 * `start()` begins the candidacy; `stop()` ends it, stepping down first and then (with
 * `releaseOnCancel`) giving the Lease up so another candidate takes over at once. After losing
 * leadership (a renewal missed its deadline, or another holder appeared) the candidate goes on
 * as a follower and may lead again later.
 *
 * @example
 * ```ts
 * const elector = new LeaderElector(kubeConfig, {
 *   lock: { namespace: 'operators', name: 'my-operator' },
 *   identity: process.env.POD_NAME!,
 * });
 * reconcileAll$.pipe(whileLeader(elector)).subscribe();
 * elector.start();
 * process.once('SIGTERM', () => void elector.stop().then(() => process.exit(0)));
 * ```
 */
export class LeaderElector {
  /**
   * This candidate's state: the current value at once, then every change. Completes after
   * `stop()` has finished; errors with a {@link LeaseApiError} when the election fails.
   */
  readonly leadership$: Observable<LeadershipState>;
  /** Emits the leadership signal each time this candidate becomes the leader. */
  readonly startedLeading$: Observable<AbortSignal>;
  /** Emits each time this candidate stops leading, with the reason. */
  readonly stoppedLeading$: Observable<LeadershipLoss>;
  /** Emits the identity of each new leader observed (this candidate's included). */
  readonly newLeader$: Observable<string>;
  /**
   * Every failed Lease request, including the transient ones that are retried (conflicts
   * among them, which are routine while candidates race), for logging and metrics.
   */
  readonly errors$: Observable<LeaseApiError>;

  private readonly options: ResolvedLeaderElectionOptions;
  private readonly claim: LeaseClaim;
  private readonly state: BehaviorSubject<LeadershipState>;
  // Kept apart from the subject, whose value getter throws once it has errored.
  private current: LeadershipState;
  private readonly started = new Subject<AbortSignal>();
  private readonly losses = new Subject<LeadershipLoss>();
  private readonly failures = new Subject<LeaseApiError>();
  private candidacy: Subscription | undefined;
  private term: AbortController | undefined;
  private stopping: Promise<void> | undefined;

  /**
   * @param client - a client-node `KubeConfig`, or a Lease API client such as
   * `CoordinationV1Api`.
   * @param options - lock, identity, timing and callbacks.
   * @throws LeaderElectionConfigError for invalid options.
   */
  constructor(client: LeaseApiSource, options: LeaderElectionOptions) {
    this.options = resolveLeaderElectionOptions(options);
    const { identity, lock, leaseDuration, scheduler } = this.options;
    this.claim = new LeaseClaim(
      new LeaseLock(leaseApiFrom(client), lock),
      identity,
      Math.ceil(leaseDuration / 1000),
      () => scheduler.now(),
    );
    this.current = { identity, isLeader: false, leader: undefined };
    this.state = new BehaviorSubject<LeadershipState>(this.current);
    this.leadership$ = this.state.asObservable();
    this.startedLeading$ = this.started.asObservable();
    this.stoppedLeading$ = this.losses.asObservable();
    this.errors$ = this.failures.asObservable();
    this.newLeader$ = this.leadership$.pipe(
      map((state) => state.leader),
      distinctUntilChanged(),
      filter((leader): leader is string => leader !== undefined),
    );
    const { onStartedLeading, onStoppedLeading, onNewLeader } = options;
    if (onStartedLeading) this.startedLeading$.subscribe(onStartedLeading);
    if (onStoppedLeading) this.stoppedLeading$.subscribe(onStoppedLeading);
    if (onNewLeader) this.newLeader$.subscribe({ next: onNewLeader, error: () => undefined });
  }

  /**
   * Whether this candidate leads now.
   *
   * @returns the current `isLeader`.
   */
  get isLeader(): boolean {
    return this.current.isLeader;
  }

  /**
   * The last observed holder of the Lease.
   *
   * @returns its identity, or undefined.
   */
  get leader(): string | undefined {
    return this.current.leader;
  }

  /**
   * Begins the candidacy. Idempotent while running.
   *
   * @returns this elector.
   * @throws Error once the elector has been stopped: make a new one to stand again.
   */
  start(): this {
    if (this.stopping !== undefined) throw new Error('a stopped LeaderElector cannot start again');
    if (this.candidacy !== undefined) return this;
    const { renewDeadline, retryPeriod, scheduler, random } = this.options;
    const lock = this.describeLock();
    const timing = { renewDeadline, retryPeriod };
    this.candidacy = candidacy(this.claim, lock, timing, scheduler, random).subscribe({
      next: (event) => this.handle(event),
      error: (error: unknown) => this.fail(error),
    });
    return this;
  }

  /**
   * Ends the candidacy: stops leading at once (guarded work is unsubscribed before anything
   * else happens), waits for a request still in flight, releases the Lease if this candidate
   * holds it and `releaseOnCancel` is set, then completes the Observables. Idempotent.
   *
   * @returns a promise that resolves when all that is done; it never rejects (a failed release
   * is reported on `errors$`), and it waits at most `renewDeadline` for the network.
   */
  stop(): Promise<void> {
    this.stopping ??= this.shutdown();
    return this.stopping;
  }

  private async shutdown(): Promise<void> {
    const wasRunning = this.candidacy !== undefined;
    this.candidacy?.unsubscribe();
    this.endTerm({ reason: 'stopped' });
    if (wasRunning && this.options.releaseOnCancel) await this.release();
    this.publish();
    this.state.complete();
    this.started.complete();
    this.losses.complete();
    this.failures.complete();
  }

  private async release(): Promise<void> {
    const { renewDeadline, scheduler } = this.options;
    const work = (async () => {
      await this.claim.settled();
      await this.claim.release();
    })().catch((error: unknown) => {
      if (error instanceof LeaseApiError) this.failures.next(error);
    });
    await firstValueFrom(race(from(work), timer(renewDeadline, scheduler)), {
      defaultValue: undefined,
    });
  }

  private handle(event: CandidacyEvent): void {
    switch (event.type) {
      case 'attempted':
        if (event.outcome.kind === 'failed') this.failures.next(event.outcome.error);
        // An acquisition is announced by the 'elected' event that follows at once.
        if (event.outcome.kind !== 'held' || this.term !== undefined) this.publish();
        return;
      case 'elected':
        this.term = new AbortController();
        this.publish();
        this.started.next(this.term.signal);
        return;
      case 'deposed':
        this.endTerm({ reason: event.reason });
        return;
    }
  }

  private fail(error: unknown): void {
    const failure =
      error instanceof LeaseApiError
        ? error
        : new LeaseApiError(
            'acquireOrRenew',
            this.describeLock(),
            undefined,
            undefined,
            false,
            error,
          );
    this.candidacy = undefined;
    this.stopping = Promise.resolve();
    this.failures.next(failure);
    this.endTerm({ reason: 'failed', error: failure });
    this.state.error(failure);
    this.started.complete();
    this.losses.complete();
    this.failures.complete();
  }

  private endTerm(loss: LeadershipLoss): void {
    const term = this.term;
    if (term === undefined) return;
    this.term = undefined;
    // Order matters: subscribers of leadership$ (whileLeader) drop their work first.
    this.publish();
    term.abort(loss.error ?? new Error(`leadership ended: ${loss.reason}`));
    this.losses.next(loss);
  }

  private publish(): void {
    const previous = this.current;
    const isLeader = this.term !== undefined;
    // While leading, the leader is this candidate, even in the instant between a renewal that
    // finds another holder and the step-down it causes.
    const next: LeadershipState = {
      identity: this.options.identity,
      isLeader,
      leader: isLeader ? this.options.identity : this.claim.holder,
    };
    if (next.isLeader !== previous.isLeader || next.leader !== previous.leader) {
      this.current = next;
      this.state.next(next);
    }
  }

  private describeLock(): string {
    return `${this.options.lock.namespace}/${this.options.lock.name}`;
  }
}
