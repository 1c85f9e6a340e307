import type { MonoTypeOperatorFunction, Observable } from 'rxjs';
import { EMPTY, distinctUntilChanged, endWith, isObservable, map, switchMap } from 'rxjs';
import type { LeadershipState } from './leadershipState.js';

/** Anything that tells whether this process leads: a state stream or an elector. */
export type LeadershipSource =
  Observable<LeadershipState> | { readonly leadership$: Observable<LeadershipState> };

/**
 * Gates work on leadership: subscribes to the source each time this candidate becomes the
 * leader and unsubscribes the moment it stops, before the stop is reported anywhere else, so
 * the work of a deposed leader is torn down synchronously. The source is subscribed afresh for
 * every term, so it should be cold (re-list, re-watch, re-reconcile). Completes when the
 * election ends; errors when it fails.
 *
 * The end of the leadership stream ends the work too, even in the middle of a term: once the
 * stream has completed nothing more will be known about leadership, so the work cannot go on
 * as if this replica would lead forever. An elector reports the lost term before it completes;
 * a hand-made stream that just completes is treated the same way.
 *
 * Unsubscribing cannot cancel a promise already running; work that must not outlive leadership
 * should also watch the `AbortSignal` that `onStartedLeading` receives.
 *
 * @param leadership - an elector, or an Observable of its states.
 * @returns the operator.
 * @example
 * ```ts
 * informer.events$.pipe(mergeMap(reconcile), whileLeader(elector)).subscribe();
 * ```
 */
export function whileLeader<T>(leadership: LeadershipSource): MonoTypeOperatorFunction<T> {
  const states = isObservable(leadership) ? leadership : leadership.leadership$;
  return (source) =>
    states.pipe(
      map((state) => state.isLeader),
      // Completion counts as losing leadership: switching to EMPTY ends the running term, so
      // the switchMap completes with its source instead of waiting for the work to end.
      endWith(false),
      distinctUntilChanged(),
      switchMap((leading) => (leading ? source : EMPTY)),
    );
}
