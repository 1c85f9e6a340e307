import type { MetricsProvider } from '@rxkube/queue';
import type { Subscription } from 'rxjs';
import type { LeadershipSource } from '../leaderelection/whileLeader.js';
import { isObservable } from 'rxjs';

/**
 * client-go's `leader_election_master_status{name}`: 1 while this replica leads, 0 otherwise,
 * for as long as the returned subscription lasts (and 0 once the states end).
 *
 * @param provider - where the gauge goes
 * @param name - the election's name, client-go's `name` label (the Lease's name)
 * @param leadership - an elector or its `leadership$`
 * @returns the subscription that keeps the gauge up to date
 * @example
 * ```ts
 * const reporting = reportLeadership(metrics, 'my-operator', elector);
 * ```
 */
export function reportLeadership(
  provider: MetricsProvider,
  name: string,
  leadership: LeadershipSource,
): Subscription {
  const gauge = provider.gauge({
    name: 'leader_election_master_status',
    help: "Gauge of if the reporting system is master of the relevant lease, 0 indicates backup, 1 indicates master. 'name' is the string used to identify the lease.",
    labels: { name },
  });
  const states = isObservable(leadership) ? leadership : leadership.leadership$;
  return states.subscribe({
    next: (state) => gauge.set(state.isLeader ? 1 : 0),
    complete: () => gauge.set(0),
    error: () => gauge.set(0),
  });
}
