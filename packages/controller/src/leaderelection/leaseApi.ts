import { CoordinationV1Api } from '@kubernetes/client-node';
import type { KubeConfig } from '@kubernetes/client-node';

/**
 * The three `CoordinationV1Api` calls leader election makes. A client-node `CoordinationV1Api`
 * satisfies it; so does any object with the same methods (a proxy, a test double).
 */
export type LeaseApi = Pick<
  CoordinationV1Api,
  'readNamespacedLease' | 'createNamespacedLease' | 'replaceNamespacedLease'
>;

/** Where leader election gets its Lease client from: a kubeconfig or a ready API client. */
export type LeaseApiSource = KubeConfig | LeaseApi;

/**
 * The `CoordinationV1Api` calls shard membership makes: a member lists its group's Leases and
 * creates or replaces its own. A client-node `CoordinationV1Api` satisfies it.
 */
export type MemberLeaseApi = Pick<
  CoordinationV1Api,
  'listNamespacedLease' | 'createNamespacedLease' | 'replaceNamespacedLease'
>;

/**
 * Resolves a {@link LeaseApiSource} to a {@link LeaseApi}.
 *
 * @typeParam Api - the calls the caller needs
 * @param source - a client-node `KubeConfig` (a `CoordinationV1Api` is made from it) or a
 * Lease API client.
 * @returns the API client.
 */
export function leaseApiFrom<Api extends Partial<CoordinationV1Api> = LeaseApi>(
  source: KubeConfig | Api,
): Api {
  // Duck-typed rather than `instanceof`: the application may hold a KubeConfig from another
  // copy of client-node than the one this package resolves.
  if (typeof (source as Partial<KubeConfig>).makeApiClient === 'function') {
    return (source as KubeConfig).makeApiClient(CoordinationV1Api) as unknown as Api;
  }
  return source as Api;
}
