import {
  ChurnGenerator,
  realisticPod,
  seededRandom,
  type FakeApiServer,
  type KubeObject,
  type OwnerReference,
} from '@rxkube/testing';

/** Options of {@link ExampleWorkloads}. */
export interface ExampleWorkloadsOptions {
  /** Seed of every random choice, so that a seed replays the same cluster. Default 1. */
  readonly seed?: number;
  /** Most pods alive at once: at the bound the churn changes pods instead of adding them. Default 60. */
  readonly maxPods?: number;
  /** Pod operations per second of {@link ExampleWorkloads.start}. Default 4. */
  readonly ratePerSecond?: number;
}

/** A Deployment and the ReplicaSet it owns. */
interface Workload {
  readonly app: string;
  readonly hash: string;
  /** The ReplicaSet's controller reference, as its pods carry it. */
  readonly owner: OwnerReference;
}

/** The namespaces and the deployments in each (by app name). */
const layout: Readonly<Record<string, readonly string[]>> = {
  shop: ['frontend', 'cart', 'checkout'],
  payments: ['ledger', 'payments'],
  search: ['search', 'catalog'],
};

/**
 * The example's cluster: namespaces, Deployments, the ReplicaSet of each, and pods owned by the
 * ReplicaSets that come and go. `@rxkube/testing`'s {@link ChurnGenerator} makes pods whose owner
 * references name ReplicaSets that do not exist; here its factory makes each pod a replica of a
 * real ReplicaSet of its namespace (owner reference, `app` and `pod-template-hash` labels), so
 * the owner chain pod → ReplicaSet → Deployment and each Deployment's selector both find it.
 */
export class ExampleWorkloads {
  /** The namespaces of the example's workloads. */
  static readonly namespaces: readonly string[] = Object.keys(layout);

  private readonly random: () => number;
  private readonly workloads = new Map<string, Workload[]>();
  private readonly churn: ChurnGenerator;

  /**
   * @param server - the fake API server to write to
   * @param options - seed, bound and pace
   */
  constructor(
    private readonly server: FakeApiServer,
    options: ExampleWorkloadsOptions = {},
  ) {
    this.random = seededRandom(options.seed ?? 1);
    this.churn = new ChurnGenerator(server, {
      namespaces: ExampleWorkloads.namespaces,
      // More creates than deletes: the cluster fills up to its bound, then keeps changing.
      mix: { create: 2, update: 3, delete: 1 },
      maxObjects: options.maxPods ?? 60,
      ratePerSecond: options.ratePerSecond ?? 4,
      seed: options.seed ?? 1,
      prefix: 'pod',
      factory: (namespace, name, random) => this.replica(namespace, name, random),
    });
  }

  /** Creates the namespaces, Deployments and ReplicaSets (no pods: {@link ExampleWorkloads.step} makes them). */
  populate(): void {
    for (const [namespace, apps] of Object.entries(layout)) {
      this.server.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
      this.workloads.set(
        namespace,
        apps.map((app) => this.createWorkload(namespace, app)),
      );
    }
  }

  /**
   * Applies pod operations now (creates, changes, deletes).
   *
   * @param count - how many
   */
  step(count: number): void {
    this.churn.step(count);
  }

  /** Runs pod operations on a timer until {@link ExampleWorkloads.stop}. */
  start(): void {
    this.churn.start();
  }

  /** Stops the timer of {@link ExampleWorkloads.start}. */
  stop(): void {
    this.churn.stop();
  }

  private createWorkload(namespace: string, app: string): Workload {
    const hash = Array.from({ length: 10 }, () =>
      'bcdfghjklmnpqrstvwxz2456789'.charAt(Math.floor(this.random() * 27)),
    ).join('');
    const selector = { app };
    const template = { metadata: { labels: selector }, spec: { containers: [{ name: app }] } };
    const deployment = this.server.create({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { namespace, name: app, labels: selector },
      spec: { replicas: 3, selector: { matchLabels: selector }, template },
    });
    const replicaSet = this.server.create({
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: {
        namespace,
        name: `${app}-${hash}`,
        labels: { ...selector, 'pod-template-hash': hash },
        ownerReferences: [controllerReference('Deployment', deployment)],
      },
      spec: {
        replicas: 3,
        selector: { matchLabels: { ...selector, 'pod-template-hash': hash } },
        template,
      },
    });
    return { app, hash, owner: controllerReference('ReplicaSet', replicaSet) };
  }

  /** A pod of a ReplicaSet of `namespace`, picked at random. */
  private replica(namespace: string, name: string, random: () => number): KubeObject {
    const candidates = this.workloads.get(namespace) ?? [];
    const workload = candidates[Math.floor(random() * candidates.length)];
    const pod = realisticPod({ namespace, name, random });
    if (workload === undefined) return pod;
    pod.metadata.labels = {
      ...pod.metadata.labels,
      app: workload.app,
      'pod-template-hash': workload.hash,
    };
    pod.metadata.ownerReferences = [workload.owner];
    return pod;
  }
}

/** The reference a controller's dependents carry to it. */
function controllerReference(kind: string, owner: KubeObject): OwnerReference {
  return {
    apiVersion: 'apps/v1',
    kind,
    name: owner.metadata.name ?? '',
    uid: owner.metadata.uid ?? '',
    controller: true,
    blockOwnerDeletion: true,
  };
}
