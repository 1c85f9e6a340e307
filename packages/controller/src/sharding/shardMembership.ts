import type { KubeConfig } from '@kubernetes/client-node';
import type { Observable } from 'rxjs';
import { defer, finalize } from 'rxjs';
import type { MemberLeaseApi } from '../leaderelection/leaseApi.js';
import type { RangeSet } from './rangeSet.js';
import { ShardCoordinator } from './shardCoordinator.js';
import type { ShardMembershipOptions } from './shardMembershipOptions.js';

/**
 * Shard membership as a cold Observable: each subscription joins the group as one member (a
 * {@link ShardCoordinator}) and emits the ranges it may work on, `[]` first; unsubscribing
 * leaves the group (dropping every range at once, then releasing the Lease in the background).
 * Share it (`share()`) between the informer and anything else that follows the ranges.
 *
 * @example
 * ```ts
 * const ranges$ = shardMembership(kubeConfig, { namespace: 'operators', group: 'labeller', identity });
 * ranges$.subscribe((ranges) => console.log(`working on ${ranges.length} ranges`));
 * ```
 * @param client - a client-node `KubeConfig`, or a Lease API client such as `CoordinationV1Api`
 * @param options - namespace, group, identity, timing
 * @returns the cold Observable of this member's ranges
 * @throws ShardMembershipConfigError on subscription, for invalid options
 */
export function shardMembership(
  client: KubeConfig | MemberLeaseApi,
  options: ShardMembershipOptions,
): Observable<RangeSet> {
  return defer(() => {
    const coordinator = new ShardCoordinator(client, options);
    coordinator.start();
    return coordinator.ranges$.pipe(finalize(() => void coordinator.stop()));
  });
}
