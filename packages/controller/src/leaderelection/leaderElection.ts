import { Observable } from 'rxjs';
import type { LeaseApiSource } from './leaseApi.js';
import type { LeaderElectionOptions } from './leaderElectionOptions.js';
import { resolveLeaderElectionOptions } from './leaderElectionOptions.js';
import { LeaderElector } from './leaderElector.js';
import type { LeadershipState } from './leadershipState.js';

/**
 * Leader election as a cold Observable: each subscription is one candidacy (a fresh
 * {@link LeaderElector}), and unsubscribing ends it, releasing the Lease when
 * `releaseOnCancel` is set. The release then runs in the background; a process that must
 * wait for it before exiting should use {@link LeaderElector.stop} instead.
 *
 * Share the result (`share()`) when several pipelines gate on it: every subscription is a
 * separate candidate.
 *
 * @param client - a client-node `KubeConfig`, or a Lease API client.
 * @param options - lock, identity, timing and callbacks.
 * @returns the candidate's states.
 * @throws LeaderElectionConfigError at once for invalid options.
 * @example
 * ```ts
 * const leadership$ = leaderElection(kubeConfig, {
 *   lock: { namespace: 'operators', name: 'my-operator' },
 *   identity: hostname(),
 * }).pipe(share());
 * const work = merge(leadership$.pipe(ignoreElements()), reconcile$.pipe(whileLeader(leadership$)));
 * ```
 */
export function leaderElection(
  client: LeaseApiSource,
  options: LeaderElectionOptions,
): Observable<LeadershipState> {
  resolveLeaderElectionOptions(options);
  return new Observable<LeadershipState>((subscriber) => {
    const elector = new LeaderElector(client, options);
    const subscription = elector.leadership$.subscribe(subscriber);
    elector.start();
    return () => {
      subscription.unsubscribe();
      void elector.stop();
    };
  });
}
