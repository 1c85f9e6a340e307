import type { Observable, Subscription } from 'rxjs';
import {
  BehaviorSubject,
  Subject,
  defer,
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
 * A stopped (or failed) elector may `start()` again: a fresh candidacy under the same identity,
 * which forgets what the last one observed of the Lease. Its Observables belong to one
 * candidacy each: they complete when it ends, and a subscription made after a restart follows
 * the new one (the `on…` callbacks of the options follow every candidacy).
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
  private readonly lock: LeaseLock;
  private readonly callbacks: Pick<
    LeaderElectionOptions,
    'onStartedLeading' | 'onStoppedLeading' | 'onNewLeader'
  >;
  // Everything below belongs to the current candidacy (or the last one, once it has ended);
  // start() after a stop replaces all of it, so nothing observed or held carries over.
  private claim!: LeaseClaim;
  private state!: BehaviorSubject<LeadershipState>;
  // Kept apart from the subject, whose value getter throws once it has errored.
  private current!: LeadershipState;
  private started!: Subject<AbortSignal>;
  private losses!: Subject<LeadershipLoss>;
  private failures!: Subject<LeaseApiError>;
  private candidacy: Subscription | undefined;
  private term: AbortController | undefined;
  /** Set by stop() (or a failure); the candidacy is over once it has resolved. */
  private stopping: Promise<void> | undefined;
  /** Whether `stopping` has resolved: only then may a new candidacy begin. */
  private stopped = false;

  /**
   * @param client - a client-node `KubeConfig`, or a Lease API client such as
   * `CoordinationV1Api`.
   * @param options - lock, identity, timing and callbacks.
   * @throws LeaderElectionConfigError for invalid options.
   */
  constructor(client: LeaseApiSource, options: LeaderElectionOptions) {
    this.options = resolveLeaderElectionOptions(options);
    this.lock = new LeaseLock(leaseApiFrom(client), this.options.lock);
    this.callbacks = options;
    // Each subscription joins the candidacy of the moment (the one to come, before start()).
    this.leadership$ = defer(() => this.state);
    this.startedLeading$ = defer(() => this.started);
    this.stoppedLeading$ = defer(() => this.losses);
    this.errors$ = defer(() => this.failures);
    this.newLeader$ = this.leadership$.pipe(
      map((state) => state.leader),
      distinctUntilChanged(),
      filter((leader): leader is string => leader !== undefined),
    );
    this.prepare();
  }

  /** Sets up a fresh candidacy's claim, state and streams, and the callbacks on them. */
  private prepare(): void {
    const { identity, leaseDuration, scheduler } = this.options;
    this.claim = new LeaseClaim(this.lock, identity, Math.ceil(leaseDuration / 1000), () =>
      scheduler.now(),
    );
    this.current = { identity, isLeader: false, leader: undefined };
    this.state = new BehaviorSubject<LeadershipState>(this.current);
    this.started = new Subject<AbortSignal>();
    this.losses = new Subject<LeadershipLoss>();
    this.failures = new Subject<LeaseApiError>();
    this.stopping = undefined;
    this.stopped = false;
    const { onStartedLeading, onStoppedLeading, onNewLeader } = this.callbacks;
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
   * Begins the candidacy. Idempotent while running. After `stop()` has resolved (or the
   * election has failed), begins a fresh candidacy with the same identity and new Observables.
   *
   * @returns this elector.
   * @throws Error while a `stop()` is still under way: await it first.
   */
  start(): this {
    if (this.stopping !== undefined && !this.stopped)
      throw new Error('the LeaderElector is still stopping: await stop() before starting again');
    if (this.stopped) this.prepare();
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
    this.stopping ??= this.shutdown().then(() => {
      this.stopped = true;
    });
    return this.stopping;
  }

  private async shutdown(): Promise<void> {
    const wasRunning = this.candidacy !== undefined;
    this.candidacy?.unsubscribe();
    this.candidacy = undefined;
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
    this.stopped = true;
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
