/** A workload of the simulated cluster: a Deployment and its usual size. */
interface WorkloadSpec {
  readonly namespace: string;
  readonly name: string;
  readonly replicas: number;
}

/** Deployments of the simulated cluster, by namespace: about 240 pods at their usual size. */
export const workloads: readonly WorkloadSpec[] = [
  ['default', 'hello-web', 3],
  ['shop', 'frontend', 24],
  ['shop', 'cart', 12],
  ['shop', 'checkout', 12],
  ['shop', 'catalog', 16],
  ['shop', 'search', 20],
  ['shop', 'recommendations', 8],
  ['payments', 'payments-api', 14],
  ['payments', 'ledger', 6],
  ['payments', 'fraud-detector', 10],
  ['payments', 'gateway', 12],
  ['identity', 'auth', 12],
  ['identity', 'sessions', 8],
  ['identity', 'users', 6],
  ['data', 'redis-cache', 6],
  ['data', 'kafka-connect', 8],
  ['data', 'etl-worker', 30],
  ['monitoring', 'prometheus', 2],
  ['monitoring', 'grafana', 2],
  ['monitoring', 'alertmanager', 3],
  ['monitoring', 'loki', 6],
  ['kube-system', 'coredns', 2],
  ['kube-system', 'metrics-server', 1],
].map(([namespace, name, replicas]) => ({
  namespace: namespace as string,
  name: name as string,
  replicas: replicas as number,
}));

/** Namespace of the simulated batch jobs. */
export const batchNamespace = 'batch';

/** Jobs started now and then in {@link batchNamespace}. */
export const jobNames: readonly string[] = [
  'nightly-report',
  'db-backup',
  'image-resize',
  'invoice-run',
];

/** Every namespace of the simulated cluster. */
export const namespaces: readonly string[] = [
  ...new Set(workloads.map((w) => w.namespace)),
  batchNamespace,
];

/** Worker nodes of the simulated cluster. */
export const nodes: readonly { name: string; zone: string }[] = Array.from(
  { length: 8 },
  (_, i) => ({ name: `worker-${i + 1}`, zone: `zone-${'abc'[i % 3]}` }),
);
