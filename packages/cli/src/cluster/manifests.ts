import type { KubeObject } from '@rxkube/testing';

/** Where a simulated pod is in its life. */
export type PodStage =
  'unscheduled' | 'creating' | 'running' | 'crashing' | 'succeeded' | 'failed' | 'terminating';

/** What a simulated pod is made of; everything else in its manifest follows from it. */
export interface PodSpecShape {
  namespace: string;
  name: string;
  app: string;
  image: string;
  /** The ReplicaSet (or Job) owning it, and the owner's uid when it exists on the server. */
  owner: { kind: 'ReplicaSet' | 'Job'; name: string; uid?: string | undefined };
  stage: PodStage;
  node?: string | undefined;
  ip?: string | undefined;
  restarts: number;
  /** Why its container last terminated, once it has crashed. */
  lastTermination?: { reason: string; exitCode: number } | undefined;
}

/**
 * A Namespace manifest.
 *
 * @param name - the namespace
 * @returns the manifest
 */
export function namespaceManifest(name: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name, labels: { 'kubernetes.io/metadata.name': name } },
    spec: { finalizers: ['kubernetes'] },
    status: { phase: 'Active' },
  };
}

/**
 * A Node manifest, ready.
 *
 * @param name - the node name
 * @param zone - its topology zone
 * @returns the manifest
 */
export function nodeManifest(name: string, zone: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name,
      labels: { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': zone },
    },
    spec: {},
    status: {
      capacity: { cpu: '8', memory: '32Gi', pods: '110' },
      conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady' }],
      nodeInfo: { kubeletVersion: 'v1.33.1', osImage: 'Debian GNU/Linux 12 (bookworm)' },
    },
  };
}

/**
 * A Deployment manifest with its status counts.
 *
 * @param namespace - its namespace
 * @param name - its name
 * @param image - the container image
 * @param replicas - desired replicas
 * @param counts - observed replicas: existing, ready
 * @returns the manifest
 */
export function deploymentManifest(
  namespace: string,
  name: string,
  image: string,
  replicas: number,
  counts: { existing: number; ready: number },
): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace, labels: { app: name } },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name, image }] },
      },
    },
    status: {
      replicas: counts.existing,
      updatedReplicas: counts.existing,
      readyReplicas: counts.ready,
      availableReplicas: counts.ready,
      observedGeneration: 1,
    },
  };
}

/**
 * The manifest of a simulated pod at its current stage: phase, conditions and container
 * statuses as a kubelet would report them.
 *
 * @param shape - the pod
 * @param now - the current time
 * @returns the manifest
 */
export function podManifest(shape: PodSpecShape, now: Date): KubeObject {
  const { stage } = shape;
  const started = now.toISOString();
  const phase =
    stage === 'unscheduled' || stage === 'creating'
      ? 'Pending'
      : stage === 'succeeded'
        ? 'Succeeded'
        : stage === 'failed'
          ? 'Failed'
          : 'Running';
  const ready = stage === 'running' || stage === 'terminating';
  const state =
    stage === 'creating'
      ? { waiting: { reason: 'ContainerCreating' } }
      : stage === 'crashing'
        ? {
            waiting: {
              reason: 'CrashLoopBackOff',
              message: 'back-off restarting failed container',
            },
          }
        : stage === 'succeeded'
          ? { terminated: { reason: 'Completed', exitCode: 0 } }
          : stage === 'failed'
            ? { terminated: { reason: 'Error', exitCode: 1 } }
            : { running: { startedAt: started } };
  const metadata: Record<string, unknown> = {
    name: shape.name,
    namespace: shape.namespace,
    labels: { app: shape.app },
    ownerReferences: [
      {
        apiVersion: shape.owner.kind === 'Job' ? 'batch/v1' : 'apps/v1',
        kind: shape.owner.kind,
        name: shape.owner.name,
        uid: shape.owner.uid ?? `${shape.owner.name}-uid`,
        controller: true,
      },
    ],
  };
  if (stage === 'terminating') metadata['deletionTimestamp'] = started;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: metadata as KubeObject['metadata'],
    spec: {
      ...(shape.node === undefined ? {} : { nodeName: shape.node }),
      restartPolicy: shape.owner.kind === 'Job' ? 'Never' : 'Always',
      containers: [
        {
          name: shape.app,
          image: shape.image,
          resources: { requests: { cpu: '100m', memory: '128Mi' } },
        },
      ],
    },
    status: {
      phase,
      ...(shape.node === undefined
        ? { conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable' }] }
        : {
            hostIP: '10.0.0.1',
            podIP: shape.ip,
            conditions: [
              { type: 'PodScheduled', status: 'True' },
              { type: 'Ready', status: ready ? 'True' : 'False' },
            ],
            containerStatuses: [
              {
                name: shape.app,
                image: shape.image,
                ready,
                restartCount: shape.restarts,
                started: ready,
                state,
                ...(shape.lastTermination === undefined
                  ? {}
                  : { lastState: { terminated: shape.lastTermination } }),
              },
            ],
          }),
    },
  };
}

/** What a simulated object's owner or event refers to. */
export interface ObjectReference {
  readonly apiVersion: string;
  readonly kind: string;
  readonly namespace: string;
  readonly name: string;
  readonly uid?: string | undefined;
}

/**
 * A ReplicaSet manifest owned by its Deployment, with status counts.
 *
 * @param deployment - the owning Deployment (its uid as the server gave it)
 * @param name - the ReplicaSet's name
 * @param replicas - desired replicas
 * @param counts - observed replicas: existing, ready
 * @returns the manifest
 */
export function replicaSetManifest(
  deployment: ObjectReference,
  name: string,
  replicas: number,
  counts: { existing: number; ready: number },
): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name,
      namespace: deployment.namespace,
      labels: { app: deployment.name },
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          name: deployment.name,
          uid: deployment.uid ?? `${deployment.name}-uid`,
          controller: true,
        },
      ] as never,
    },
    spec: { replicas, selector: { matchLabels: { app: deployment.name } } },
    status: {
      replicas: counts.existing,
      readyReplicas: counts.ready,
      availableReplicas: counts.ready,
    },
  };
}

/**
 * A ClusterIP Service in front of a workload's pods.
 *
 * @param namespace - its namespace
 * @param name - its name (the workload's)
 * @param clusterIP - its virtual IP
 * @returns the manifest
 */
export function serviceManifest(namespace: string, name: string, clusterIP: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace, labels: { app: name } },
    spec: {
      type: 'ClusterIP',
      clusterIP,
      selector: { app: name },
      ports: [{ name: 'http', port: 80, targetPort: 8080, protocol: 'TCP' }],
    },
  };
}

/**
 * A core `v1` Event about an object, as a controller or the kubelet records it.
 *
 * @param name - the event's name
 * @param about - the object it is about
 * @param type - `Normal` or `Warning`
 * @param reason - e.g. `BackOff`
 * @param message - what happened
 * @param now - when
 * @returns the manifest
 */
export function eventManifest(
  name: string,
  about: ObjectReference,
  type: 'Normal' | 'Warning',
  reason: string,
  message: string,
  now: Date,
): KubeObject {
  const at = now.toISOString();
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name, namespace: about.namespace },
    involvedObject: { ...about },
    type,
    reason,
    message,
    count: 1,
    firstTimestamp: at,
    lastTimestamp: at,
    source: { component: about.kind === 'Pod' ? 'kubelet' : 'deployment-controller' },
  };
}
