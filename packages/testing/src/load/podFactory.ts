import type { KubeObject } from '../api/types.js';

/** What varies between generated pods. */
export interface PodShape {
  /** Namespace of the pod. */
  namespace: string;
  /** Pod name. */
  name: string;
  /** Source of randomness (use {@link seededRandom} for reproducible pods). */
  random: () => number;
  /** Node names to schedule onto. Default `node-0` … `node-9`. */
  nodes?: readonly string[];
}

const apps = ['checkout', 'cart', 'search', 'payments', 'frontend', 'catalog', 'auth', 'ledger'];
const phases = ['Running', 'Running', 'Running', 'Running', 'Pending', 'Succeeded'];
const defaultNodes = Array.from({ length: 10 }, (_, i) => `node-${i}`);

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}

function hex(random: () => number, length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += Math.floor(random() * 16).toString(16);
  return out;
}

/**
 * A realistic pod of about 3 KB of JSON: labels, an owner reference to a ReplicaSet, two
 * containers with env, resources, probes and mounts, and a full status with conditions and
 * container statuses — the shape informers and benchmarks meet in real clusters.
 *
 * @param shape - namespace, name, randomness and nodes.
 * @returns the pod manifest (without server-set metadata).
 */
export function realisticPod(shape: PodShape): KubeObject {
  const { namespace, name, random } = shape;
  const app = pick(apps, random);
  const hash = hex(random, 10);
  const node = pick(shape.nodes ?? defaultNodes, random);
  const ip = `10.${Math.floor(random() * 250)}.${Math.floor(random() * 250)}.${Math.floor(random() * 250)}`;
  const started = '2025-01-01T00:00:00Z';
  const image = `registry.example.com/${app}:1.${Math.floor(random() * 40)}.${Math.floor(random() * 10)}`;
  const phase = pick(phases, random);
  const ready = phase === 'Running' ? 'True' : 'False';
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace,
      labels: {
        app,
        'pod-template-hash': hash,
        tier: pick(['web', 'api', 'worker'], random),
        team: `team-${Math.floor(random() * 6)}`,
      },
      annotations: { 'prometheus.io/scrape': 'true', 'prometheus.io/port': '9090' },
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          kind: 'ReplicaSet',
          name: `${app}-${hash}`,
          uid: `${hex(random, 8)}-${hex(random, 4)}-${hex(random, 4)}-${hex(random, 4)}-${hex(random, 12)}`,
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    spec: {
      nodeName: node,
      restartPolicy: 'Always',
      schedulerName: 'default-scheduler',
      serviceAccountName: app,
      terminationGracePeriodSeconds: 30,
      containers: [
        {
          name: app,
          image,
          ports: [
            { name: 'http', containerPort: 8080, protocol: 'TCP' },
            { name: 'metrics', containerPort: 9090, protocol: 'TCP' },
          ],
          env: [
            { name: 'APP_NAME', value: app },
            { name: 'LOG_LEVEL', value: 'info' },
            {
              name: 'POD_NAME',
              valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } },
            },
            {
              name: 'POD_NAMESPACE',
              valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } },
            },
          ],
          resources: {
            requests: { cpu: '100m', memory: '128Mi' },
            limits: { cpu: '500m', memory: '512Mi' },
          },
          readinessProbe: {
            httpGet: { path: '/healthz', port: 8080, scheme: 'HTTP' },
            periodSeconds: 10,
            timeoutSeconds: 1,
            successThreshold: 1,
            failureThreshold: 3,
          },
          volumeMounts: [
            { name: 'config', mountPath: '/etc/app', readOnly: true },
            {
              name: 'kube-api-access',
              mountPath: '/var/run/secrets/kubernetes.io/serviceaccount',
              readOnly: true,
            },
          ],
          imagePullPolicy: 'IfNotPresent',
          terminationMessagePath: '/dev/termination-log',
          terminationMessagePolicy: 'File',
        },
        {
          name: 'proxy',
          image: 'registry.example.com/envoy:1.31.2',
          args: ['--config-path', '/etc/envoy/envoy.yaml', '--log-level', 'warn'],
          resources: {
            requests: { cpu: '50m', memory: '64Mi' },
            limits: { cpu: '200m', memory: '128Mi' },
          },
          imagePullPolicy: 'IfNotPresent',
        },
      ],
      volumes: [
        { name: 'config', configMap: { name: `${app}-config`, defaultMode: 420 } },
        {
          name: 'kube-api-access',
          projected: {
            sources: [{ serviceAccountToken: { expirationSeconds: 3607, path: 'token' } }],
            defaultMode: 420,
          },
        },
      ],
      tolerations: [
        {
          key: 'node.kubernetes.io/not-ready',
          operator: 'Exists',
          effect: 'NoExecute',
          tolerationSeconds: 300,
        },
        {
          key: 'node.kubernetes.io/unreachable',
          operator: 'Exists',
          effect: 'NoExecute',
          tolerationSeconds: 300,
        },
      ],
    },
    status: {
      phase,
      hostIP: `192.168.${Math.floor(random() * 250)}.${Math.floor(random() * 250)}`,
      podIP: ip,
      podIPs: [{ ip }],
      startTime: started,
      qosClass: 'Burstable',
      conditions: [
        'PodReadyToStartContainers',
        'Initialized',
        'Ready',
        'ContainersReady',
        'PodScheduled',
      ].map((type) => ({
        type,
        status: type === 'Ready' || type === 'ContainersReady' ? ready : 'True',
        lastProbeTime: null,
        lastTransitionTime: started,
      })),
      containerStatuses: [app, 'proxy'].map((container) => ({
        name: container,
        ready: ready === 'True',
        restartCount: Math.floor(random() * 3),
        started: phase === 'Running',
        image: container === app ? image : 'registry.example.com/envoy:1.31.2',
        imageID: `registry.example.com/${container}@sha256:${hex(random, 64)}`,
        containerID: `containerd://${hex(random, 64)}`,
        state:
          phase === 'Running'
            ? { running: { startedAt: started } }
            : { waiting: { reason: 'ContainerCreating' } },
      })),
    },
  };
}
