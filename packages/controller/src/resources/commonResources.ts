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
import { resource } from './resource.js';

const core = { group: '', version: 'v1' } as const;
const apps = { group: 'apps', version: 'v1' } as const;
const batch = { group: 'batch', version: 'v1' } as const;

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
  configMaps: resource<V1ConfigMap>({
    ...core,
    plural: 'configmaps',
    kind: 'ConfigMap',
    namespaced: true,
  }),
  secrets: resource<V1Secret>({ ...core, plural: 'secrets', kind: 'Secret', namespaced: true }),
  pods: resource<V1Pod>({ ...core, plural: 'pods', kind: 'Pod', namespaced: true }),
  services: resource<V1Service>({ ...core, plural: 'services', kind: 'Service', namespaced: true }),
  serviceAccounts: resource<V1ServiceAccount>({
    ...core,
    plural: 'serviceaccounts',
    kind: 'ServiceAccount',
    namespaced: true,
  }),
  persistentVolumeClaims: resource<V1PersistentVolumeClaim>({
    ...core,
    plural: 'persistentvolumeclaims',
    kind: 'PersistentVolumeClaim',
    namespaced: true,
  }),
  events: resource<CoreV1Event>({ ...core, plural: 'events', kind: 'Event', namespaced: true }),
  namespaces: resource<V1Namespace>({
    ...core,
    plural: 'namespaces',
    kind: 'Namespace',
    namespaced: false,
  }),
  nodes: resource<V1Node>({ ...core, plural: 'nodes', kind: 'Node', namespaced: false }),
  deployments: resource<V1Deployment>({
    ...apps,
    plural: 'deployments',
    kind: 'Deployment',
    namespaced: true,
  }),
  statefulSets: resource<V1StatefulSet>({
    ...apps,
    plural: 'statefulsets',
    kind: 'StatefulSet',
    namespaced: true,
  }),
  daemonSets: resource<V1DaemonSet>({
    ...apps,
    plural: 'daemonsets',
    kind: 'DaemonSet',
    namespaced: true,
  }),
  replicaSets: resource<V1ReplicaSet>({
    ...apps,
    plural: 'replicasets',
    kind: 'ReplicaSet',
    namespaced: true,
  }),
  jobs: resource<V1Job>({ ...batch, plural: 'jobs', kind: 'Job', namespaced: true }),
  cronJobs: resource<V1CronJob>({
    ...batch,
    plural: 'cronjobs',
    kind: 'CronJob',
    namespaced: true,
  }),
  ingresses: resource<V1Ingress>({
    group: 'networking.k8s.io',
    version: 'v1',
    plural: 'ingresses',
    kind: 'Ingress',
    namespaced: true,
  }),
  leases: resource<V1Lease>({
    group: 'coordination.k8s.io',
    version: 'v1',
    plural: 'leases',
    kind: 'Lease',
    namespaced: true,
  }),
});
