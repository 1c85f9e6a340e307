import type { Observable, SchedulerLike } from 'rxjs';
import {
  concat,
  defer,
  filter,
  map,
  merge,
  mergeMap,
  of,
  repeat,
  share,
  startWith,
  switchMap,
  takeWhile,
  timeout,
  timer,
} from 'rxjs';
import { LeaseApiError } from './errors.js';
import type { AttemptOutcome, LeaseClaim } from './leaseClaim.js';
import { jitterFactor } from './leaderElectionOptions.js';

/** What a running candidacy reports. */
export type CandidacyEvent =
  /** An attempt to acquire or renew finished (the observed holder may have changed). */
  | { readonly type: 'attempted'; readonly outcome: AttemptOutcome }
  /** This candidate became the leader. */
  | { readonly type: 'elected' }
  /** This candidate stopped leading; the candidacy goes on. */
  | { readonly type: 'deposed'; readonly reason: 'renewDeadlineExceeded' | 'leaseLost' };

/** The timing a candidacy runs with, in milliseconds. */
export interface CandidacyTiming {
  readonly renewDeadline: number;
  readonly retryPeriod: number;
}

function timedOut(lock: string, ms: number): LeaseApiError {
  const cause = new Error(`no answer within ${ms} ms`);
  return new LeaseApiError('acquireOrRenew', lock, undefined, undefined, true, cause);
}

type Held = Extract<AttemptOutcome, { kind: 'held' }>;

/**
 * A candidate's endless cycle: try to acquire until it succeeds (waits jittered between
 * `retryPeriod` and `(1 + jitterFactor) × retryPeriod`), lead while renewals succeed (one every
 * `retryPeriod`), step down, try again. Unsubscribing stops every timer at once; an attempt in
 * flight finishes on its own and its result is ignored, as is one abandoned after
 * `renewDeadline` without an answer. Errors with the `LeaseApiError` of an attempt that cannot
 * be retried.
 *
 * Leadership ends `renewDeadline` after the last successful renewal was *sent*: the server
 * wrote it after that instant, so every other candidate saw it later and will wait a full
 * lease duration from then, which is longer. Counting from the send rather than from the
 * answer keeps a slow answer from stretching leadership past what the others assume.
 *
 * @param claim - the candidate's claim on the Lease.
 * @param lock - `namespace/name` of the Lease, for errors.
 * @param timing - renew deadline and retry period.
 * @param scheduler - schedules the waits and provides the clock.
 * @param random - draws the jitter, a number in `[0, 1)` per wait.
 * @returns the cold Observable of the candidacy's events.
 */
export function candidacy(
  claim: LeaseClaim,
  lock: string,
  timing: CandidacyTiming,
  scheduler: SchedulerLike,
  random: () => number = Math.random,
): Observable<CandidacyEvent> {
  const { renewDeadline, retryPeriod } = timing;
  // A request can hang for good (client-node sets no timeout), so an attempt that has not
  // finished within renewDeadline is abandoned as a transient failure and the loop goes on.
  const attempt = (): Observable<AttemptOutcome> =>
    defer(() => claim.attempt()).pipe(
      timeout({
        first: renewDeadline,
        scheduler,
        with: () => of<AttemptOutcome>({ kind: 'failed', error: timedOut(lock, renewDeadline) }),
      }),
    );
  const attempted = (outcome: AttemptOutcome): CandidacyEvent => ({ type: 'attempted', outcome });

  const acquire = (onHeld: (held: Held) => void): Observable<CandidacyEvent> =>
    attempt().pipe(
      repeat({ delay: () => timer(retryPeriod * (1 + random() * jitterFactor), scheduler) }),
      takeWhile((outcome) => outcome.kind !== 'held', true),
      mergeMap((outcome) => {
        if (outcome.kind !== 'held') return of(attempted(outcome));
        onHeld(outcome);
        return of(attempted(outcome), { type: 'elected' } as const);
      }),
    );

  const lead = (elected: Held): Observable<CandidacyEvent> => {
    const renewals = timer(retryPeriod, scheduler).pipe(mergeMap(attempt), repeat(), share());
    const deadline = renewals.pipe(
      filter((outcome): outcome is Held => outcome.kind === 'held'),
      startWith(elected),
      switchMap(({ sentAt }) =>
        timer(Math.max(0, sentAt + renewDeadline - scheduler.now()), scheduler),
      ),
      map((): CandidacyEvent => ({ type: 'deposed', reason: 'renewDeadlineExceeded' })),
    );
    const outcomes = renewals.pipe(
      mergeMap((outcome) =>
        outcome.kind === 'heldByOther'
          ? of(attempted(outcome), { type: 'deposed', reason: 'leaseLost' } as const)
          : of(attempted(outcome)),
      ),
    );
    return merge(deadline, outcomes).pipe(takeWhile((event) => event.type !== 'deposed', true));
  };

  return defer(() => {
    let elected: Held | undefined;
    return concat(
      acquire((held) => (elected = held)),
      defer(() => (elected === undefined ? of() : lead(elected))),
    );
  }).pipe(repeat());
}
