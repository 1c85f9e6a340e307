import {
  apiExtensionsGroup,
  customResourceDefinitionKind,
} from './customResourceDefinitionSpec.js';
import type { ResourceDefinition } from './resourceDefinition.js';
import type { Subresources } from './subresources.js';

// A pod template as a typed server serialises it when empty.
const emptyTemplate = { metadata: {}, spec: { containers: null } };

/** Field labels kube-apiserver accepts for pods (pkg/registry/core/pod/strategy.go). */
const podFields = [
  'spec.nodeName',
  'spec.restartPolicy',
  'spec.schedulerName',
  'spec.serviceAccountName',
  'spec.hostNetwork',
  'status.phase',
  'status.podIP',
  'status.nominatedNodeName',
];

// The kinds kube-apiserver serves `/status` for (pods, namespaces, nodes, services, deployments,
// replicasets, customresourcedefinitions); Deployments and ReplicaSets also serve `/scale`.
const withStatus: Subresources = { status: true };
const workload: Subresources = {
  status: true,
  scale: {
    specReplicasPath: '.spec.replicas',
    statusReplicasPath: '.status.replicas',
    selectorFromSpec: true,
  },
};

const eventFields = [
  'involvedObject.kind',
  'involvedObject.namespace',
  'involvedObject.name',
  'involvedObject.uid',
  'involvedObject.apiVersion',
  'involvedObject.resourceVersion',
  'involvedObject.fieldPath',
  'reason',
  'reportingComponent',
  'source',
  'type',
];

function builtin(
  group: string,
  plural: string,
  kind: string,
  namespaced: boolean,
  shortNames: string[],
  selectableFields: string[],
  bookmarkFields: Record<string, unknown>,
): ResourceDefinition {
  return {
    group,
    version: 'v1',
    plural,
    singular: kind.toLowerCase(),
    kind,
    namespaced,
    shortNames,
    builtin: true,
    selectableFields,
    bookmarkFields,
  };
}

/**
 * The built-in resources every fake server serves: core `v1` pods, configmaps, secrets,
 * serviceaccounts, namespaces, nodes, services, events, `events.k8s.io/v1` events, `apps/v1`
 * deployments and replicasets, `coordination.k8s.io/v1`
 * leases (the leader-election lock) and `apiextensions.k8s.io/v1` customresourcedefinitions
 * (creating one serves its resource, see `customResourceDefinitionHook`).
 *
 * @returns fresh definitions, in discovery order.
 */
export function builtinResources(): ResourceDefinition[] {
  return [
    {
      ...builtin('', 'pods', 'Pod', true, ['po'], podFields, {
        spec: { containers: null },
        status: {},
      }),
      subresources: withStatus,
    },
    builtin('', 'configmaps', 'ConfigMap', true, ['cm'], [], {}),
    // Field label from pkg/registry/core/secret/strategy.go; a Secret has no spec or status.
    builtin('', 'secrets', 'Secret', true, [], ['type'], {}),
    builtin('', 'serviceaccounts', 'ServiceAccount', true, ['sa'], [], {}),
    {
      ...builtin('', 'namespaces', 'Namespace', false, ['ns'], ['status.phase'], {
        spec: {},
        status: {},
      }),
      subresources: withStatus,
    },
    {
      ...builtin('', 'nodes', 'Node', false, ['no'], ['spec.unschedulable'], {
        spec: {},
        status: { daemonEndpoints: { kubeletEndpoint: { Port: 0 } }, nodeInfo: {} },
      }),
      subresources: withStatus,
    },
    {
      ...builtin('', 'services', 'Service', true, ['svc'], ['spec.clusterIP', 'spec.type'], {
        spec: {},
        status: { loadBalancer: {} },
      }),
      subresources: withStatus,
    },
    builtin('', 'events', 'Event', true, ['ev'], eventFields, {
      involvedObject: {},
      source: {},
      firstTimestamp: null,
      lastTimestamp: null,
      eventTime: null,
      reportingComponent: '',
      reportingInstance: '',
    }),
    {
      // The events an operator records through client-go's `events` recorder; stored apart from
      // core events here (kube-apiserver serves both from one storage).
      ...builtin('events.k8s.io', 'events', 'Event', true, ['ev'], [], {
        eventTime: null,
        regarding: {},
        reportingController: '',
        reportingInstance: '',
        deprecatedSource: {},
        deprecatedFirstTimestamp: null,
        deprecatedLastTimestamp: null,
      }),
      microTimeFields: ['eventTime', 'series.lastObservedTime'],
    },
    {
      ...builtin('apps', 'deployments', 'Deployment', true, ['deploy'], [], {
        spec: { selector: null, template: emptyTemplate, strategy: {} },
        status: {},
      }),
      subresources: workload,
    },
    {
      ...builtin('apps', 'replicasets', 'ReplicaSet', true, ['rs'], ['status.replicas'], {
        spec: { selector: null, template: emptyTemplate },
        status: { replicas: 0 },
      }),
      subresources: workload,
    },
    {
      ...builtin('coordination.k8s.io', 'leases', 'Lease', true, [], [], { spec: {} }),
      microTimeFields: ['spec.acquireTime', 'spec.renewTime'],
    },
    {
      ...builtin(
        apiExtensionsGroup,
        'customresourcedefinitions',
        customResourceDefinitionKind,
        false,
        ['crd', 'crds'],
        [],
        {
          spec: { group: '', names: { plural: '', kind: '' }, scope: '', versions: null },
          status: { acceptedNames: { plural: '', kind: '' }, storedVersions: null },
        },
      ),
      subresources: withStatus,
    },
  ];
}
