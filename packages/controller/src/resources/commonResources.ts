import type {
  CoreV1Event,
  V1ConfigMap,
  V1CronJob,
  V1DaemonSet,
  V1Deployment,
  V1Ingress,
  V1Job,
  V1Lease,
  V1Namespace,
  V1Node,
  V1PersistentVolumeClaim,
  V1Pod,
  V1ReplicaSet,
  V1Secret,
  V1Service,
  V1ServiceAccount,
  V1StatefulSet,
} from '@kubernetes/client-node';
import { resource, type ResourceDescription } from './resource.js';

/** A kind of a built-in group (`''` for the core group) at version v1. */
function v1<T extends object>(
  group: string,
  plural: string,
  kind: string,
  namespaced = true,
): ResourceDescription<T> {
  return resource<T>({ group, version: 'v1', plural, kind, namespaced });
}

/**
 * Ready {@link resource} descriptions of common built-in kinds, typed with client-node's models.
 * Describe others (custom resources among them) with `resource()`.
 *
 * @example
 * ```ts
 * const configMaps = mgr.informer(resources.configMaps, { labelSelector: 'deploy=true' });
 * const deployments = mgr.client(resources.deployments);
 * ```
 */
export const resources = Object.freeze({
  configMaps: v1<V1ConfigMap>('', 'configmaps', 'ConfigMap'),
  secrets: v1<V1Secret>('', 'secrets', 'Secret'),
  pods: v1<V1Pod>('', 'pods', 'Pod'),
  services: v1<V1Service>('', 'services', 'Service'),
  serviceAccounts: v1<V1ServiceAccount>('', 'serviceaccounts', 'ServiceAccount'),
  persistentVolumeClaims: v1<V1PersistentVolumeClaim>(
    '',
    'persistentvolumeclaims',
    'PersistentVolumeClaim',
  ),
  events: v1<CoreV1Event>('', 'events', 'Event'),
  namespaces: v1<V1Namespace>('', 'namespaces', 'Namespace', false),
  nodes: v1<V1Node>('', 'nodes', 'Node', false),
  deployments: v1<V1Deployment>('apps', 'deployments', 'Deployment'),
  statefulSets: v1<V1StatefulSet>('apps', 'statefulsets', 'StatefulSet'),
  daemonSets: v1<V1DaemonSet>('apps', 'daemonsets', 'DaemonSet'),
  replicaSets: v1<V1ReplicaSet>('apps', 'replicasets', 'ReplicaSet'),
  jobs: v1<V1Job>('batch', 'jobs', 'Job'),
  cronJobs: v1<V1CronJob>('batch', 'cronjobs', 'CronJob'),
  ingresses: v1<V1Ingress>('networking.k8s.io', 'ingresses', 'Ingress'),
  leases: v1<V1Lease>('coordination.k8s.io', 'leases', 'Lease'),
});
