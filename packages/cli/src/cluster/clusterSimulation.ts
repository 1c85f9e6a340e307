import { seededRandom, type FakeApiServer, type KubeObject } from '@rxkube/testing';
import { Subject, type Observable } from 'rxjs';
import { batchNamespace, jobNames, namespaces, nodes, workloads } from './catalogue.js';
import { SimulatedEvents } from './simulatedEvents.js';
import {
  deploymentManifest,
  namespaceManifest,
  nodeManifest,
  podManifest,
  replicaSetManifest,
  serviceManifest,
  type ObjectReference,
  type PodSpecShape,
  type PodStage,
} from './manifests.js';

/** Options of a {@link ClusterSimulation}. */
interface ClusterSimulationOptions {
  /** Seed of the pseudo-random choices, so a seed replays the same cluster. Default 1. */
  seed?: number;
  /** Multiplies every deployment's usual size. Default 1 (about 250 pods). */
  scale?: number;
  /** Clock. Default `() => new Date()`. */
  now?: () => Date;
  /**
   * Sets how far in the past the server stamps the objects created next (ms), so that the
   * initial objects have believable ages. Default: none (objects are created now).
   */
  backdate?: (ms: number) => void;
}

interface SimDeployment {
  readonly namespace: string;
  readonly name: string;
  readonly image: string;
  readonly replicaSet: string;
  readonly min: number;
  readonly max: number;
  replicas: number;
  lastCounts: string;
  /** Uids the server gave the Deployment and its ReplicaSet, for owner references. */
  uid?: string | undefined;
  replicaSetUid?: string | undefined;
  /** Its pods, in creation order (the order of `ClusterSimulation.pods`). */
  readonly pods: Set<SimPod>;
}

interface SimPod extends PodSpecShape {
  ticks: number;
  /** The uid the server gave the pod, for its events. */
  uid?: string | undefined;
  readonly deployment: SimDeployment | undefined;
}

const nameChars = 'bcdfghjklmnpqrstvwxz2456789';
const maxJobPods = 30;

/**
 * A small, believable cluster living inside a {@link FakeApiServer}: namespaces, nodes,
 * deployments with their replica sets and services, whose pods (owned by the replica set, itself
 * owned by the deployment) are scheduled, run, crash now and then (with the reason their
 * container last terminated), and terminate when their deployment scales down; batch jobs whose
 * pods run to completion and are cleaned up; and the events a kubelet and the deployment
 * controller would record about all this (the latest 400).
 * Everything is written through the server's programmatic API, so watches see a realistic
 * stream of ADDED / MODIFIED / DELETED events.
 */
export class ClusterSimulation {
  private readonly random: () => number;
  private readonly now: () => Date;
  private readonly deployments: SimDeployment[] = [];
  private readonly pods = new Map<string, SimPod>();
  private readonly failures = new Subject<unknown>();
  private timer: NodeJS.Timeout | undefined;
  private ip = 0;
  private readonly events: SimulatedEvents;

  /**
   * @param server - the server to populate and churn
   * @param options - seed, size, clock
   */
  constructor(
    private readonly server: FakeApiServer,
    private readonly options: ClusterSimulationOptions = {},
  ) {
    this.random = seededRandom(options.seed ?? 1);
    this.now = options.now ?? (() => new Date());
    this.events = new SimulatedEvents(server, this.now);
  }

  /**
   * The steps that failed in {@link ClusterSimulation.tryTick} (so also on the timer), each
   * with its error. Completes on {@link ClusterSimulation.stop}.
   */
  get failures$(): Observable<unknown> {
    return this.failures.asObservable();
  }

  /** @returns how many pods exist now */
  get podCount(): number {
    return this.pods.size;
  }

  /**
   * Creates the namespaces, nodes, deployments and their pods, most of them already running.
   */
  populate(): void {
    const day = 86_400_000;
    const backdate = this.options.backdate ?? (() => {});
    backdate(90 * day);
    for (const ns of namespaces) this.server.create(namespaceManifest(ns));
    for (const node of nodes) this.server.create(nodeManifest(node.name, node.zone));
    const scale = this.options.scale ?? 1;
    for (const workload of workloads) {
      const replicas = Math.max(1, Math.round(workload.replicas * scale));
      const deployment: SimDeployment = {
        namespace: workload.namespace,
        name: workload.name,
        image: `registry.example.com/${workload.name}:1.${this.int(30)}.${this.int(10)}`,
        replicaSet: `${workload.name}-${this.suffix(10)}`,
        min: Math.max(1, Math.ceil(replicas * 0.5)),
        max: Math.max(2, Math.ceil(replicas * 1.5)),
        replicas,
        lastCounts: '',
        pods: new Set(),
      };
      this.deployments.push(deployment);
      backdate((10 + this.random() * 60) * day);
      const counts = { existing: replicas, ready: replicas };
      deployment.uid = this.server.create(
        deploymentManifest(
          deployment.namespace,
          deployment.name,
          deployment.image,
          replicas,
          counts,
        ),
      ).metadata.uid;
      deployment.replicaSetUid = this.server.create(
        replicaSetManifest(deploymentRef(deployment), deployment.replicaSet, replicas, counts),
      ).metadata.uid;
      const n = this.deployments.length;
      this.server.create(
        serviceManifest(deployment.namespace, deployment.name, `10.96.${n >> 8}.${n & 255}`),
      );
      for (let i = 0; i < replicas; i += 1) {
        backdate(this.random() ** 2 * 9 * day);
        this.createPod(deployment, this.random() < 0.95 ? 'running' : 'creating');
      }
    }
    for (let i = 0; i < 8; i += 1) {
      backdate(this.random() * 600_000);
      this.createJobPod(this.random() < 0.5 ? 'succeeded' : 'running');
    }
    backdate(0);
    this.syncDeploymentStatus();
  }

  /** Advances the simulation one step: pods progress, deployments scale, jobs come and go. */
  tick(): void {
    for (const pod of [...this.pods.values()]) this.advance(pod);
    if (this.random() < 0.15) this.scaleSomeDeployment();
    for (const deployment of this.deployments) this.reconcile(deployment);
    const jobPods = [...this.pods.values()].filter((p) => p.deployment === undefined).length;
    if (jobPods < maxJobPods && this.random() < 0.08) this.createJobPod('unscheduled');
    this.syncDeploymentStatus();
  }

  /**
   * {@link ClusterSimulation.tick}, with a failure published on
   * {@link ClusterSimulation.failures$} instead of thrown: an error thrown from a timer would
   * end the process, and one failed step (an object changed behind the simulation's back) is no
   * reason to stop the cluster. The next step starts from whatever the failed one left.
   */
  tryTick(): void {
    try {
      this.tick();
    } catch (err) {
      this.failures.next(err);
    }
  }

  /**
   * Runs {@link ClusterSimulation.tryTick} on a timer until {@link ClusterSimulation.stop} or
   * the server stops.
   *
   * @param intervalMs - time between steps
   */
  start(intervalMs = 400): void {
    if (this.timer !== undefined) return;
    this.timer = setInterval(() => {
      if (this.server.stopped) this.stop();
      else this.tryTick();
    }, intervalMs);
  }

  /** Stops the timer for good; {@link ClusterSimulation.failures$} completes. */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.failures.complete();
  }

  private advance(pod: SimPod): void {
    pod.ticks += 1;
    const chance = (p: number): boolean => pod.ticks >= 1 && this.random() < p;
    switch (pod.stage) {
      case 'unscheduled':
        if (chance(0.5)) {
          pod.node = nodes[this.int(nodes.length)]?.name;
          pod.ip = this.nextIp();
          this.moveTo(pod, 'creating');
        }
        return;
      case 'creating':
        if (chance(0.4)) this.moveTo(pod, this.random() < 0.03 ? 'crashing' : 'running');
        return;
      case 'running':
        if (pod.deployment === undefined) {
          if (chance(0.05)) this.moveTo(pod, this.random() < 0.85 ? 'succeeded' : 'failed');
        } else if (this.random() < 0.0006) {
          pod.restarts += 1;
          this.moveTo(pod, 'crashing');
        }
        return;
      case 'crashing':
        if (chance(0.08)) {
          pod.restarts += 1;
          this.moveTo(pod, this.random() < 0.6 ? 'running' : 'crashing');
        }
        return;
      case 'succeeded':
      case 'failed':
        if (pod.ticks > 10 && this.random() < 0.15) this.deletePod(pod);
        return;
      case 'terminating':
        if (chance(0.5)) this.deletePod(pod);
        return;
    }
  }

  private scaleSomeDeployment(): void {
    const deployment = this.deployments[this.int(this.deployments.length)];
    if (deployment === undefined) return;
    const span = deployment.max - deployment.min + 1;
    deployment.replicas = deployment.min + this.int(span);
  }

  private reconcile(deployment: SimDeployment): void {
    const active = [...deployment.pods].filter((p) => p.stage !== 'terminating');
    for (let n = active.length; n < deployment.replicas; n += 1) {
      this.createPod(deployment, 'unscheduled');
    }
    // Scale down the youngest pods first, as the ReplicaSet controller prefers unready ones.
    const surplus = active.length - deployment.replicas;
    for (const pod of active.slice(active.length - Math.max(0, surplus))) {
      this.moveTo(pod, 'terminating');
    }
  }

  private syncDeploymentStatus(): void {
    for (const d of this.deployments) {
      const pods = [...d.pods];
      const ready = pods.filter((p) => p.stage === 'running').length;
      const counts = `${d.replicas}/${pods.length}/${ready}`;
      if (counts === d.lastCounts) continue;
      const first = d.lastCounts === '';
      const scaled = !first && d.lastCounts.split('/')[0] !== String(d.replicas);
      d.lastCounts = counts;
      if (first) continue;
      const observed = { existing: pods.length, ready };
      const manifest = deploymentManifest(d.namespace, d.name, d.image, d.replicas, observed);
      this.server.patch({ apiVersion: 'apps/v1', kind: 'Deployment', ...ref(d) }, (obj) => {
        obj['spec'] = manifest['spec'];
        obj['status'] = manifest['status'];
      });
      const replicaSet = replicaSetManifest(deploymentRef(d), d.replicaSet, d.replicas, observed);
      this.server.patch(
        { apiVersion: 'apps/v1', kind: 'ReplicaSet', namespace: d.namespace, name: d.replicaSet },
        (obj) => {
          obj['spec'] = replicaSet['spec'];
          obj['status'] = replicaSet['status'];
        },
      );
      if (scaled) {
        this.events.record(
          deploymentRef(d),
          'Normal',
          'ScalingReplicaSet',
          `Scaled replica set ${d.replicaSet} to ${d.replicas}`,
        );
      }
    }
  }

  private createPod(deployment: SimDeployment, stage: PodStage): void {
    const scheduled = stage !== 'unscheduled';
    const pod: SimPod = {
      namespace: deployment.namespace,
      name: this.freshName(deployment.namespace, deployment.replicaSet),
      app: deployment.name,
      image: deployment.image,
      owner: { kind: 'ReplicaSet', name: deployment.replicaSet, uid: deployment.replicaSetUid },
      stage,
      node: scheduled ? nodes[this.int(nodes.length)]?.name : undefined,
      ip: scheduled ? this.nextIp() : undefined,
      restarts: 0,
      ticks: 0,
      deployment,
    };
    this.write(pod, 'create');
  }

  private createJobPod(stage: PodStage): void {
    const job = `${jobNames[this.int(jobNames.length)] ?? 'job'}-${29_000_000 + this.int(999_999)}`;
    const scheduled = stage !== 'unscheduled';
    const pod: SimPod = {
      namespace: batchNamespace,
      name: this.freshName(batchNamespace, job),
      app: job.replace(/-\d+$/, ''),
      image: `registry.example.com/jobs:2.${this.int(9)}.0`,
      owner: { kind: 'Job', name: job },
      stage,
      node: scheduled ? nodes[this.int(nodes.length)]?.name : undefined,
      ip: scheduled ? this.nextIp() : undefined,
      restarts: 0,
      ticks: 0,
      deployment: undefined,
    };
    this.write(pod, 'create');
  }

  private moveTo(pod: SimPod, stage: PodStage): void {
    pod.stage = stage;
    pod.ticks = 0;
    // Named from the restarts, not drawn: the seeded choices stay those of earlier versions.
    if (stage === 'crashing') {
      pod.lastTermination =
        pod.restarts % 3 === 0
          ? { reason: 'OOMKilled', exitCode: 137 }
          : { reason: 'Error', exitCode: 1 };
    }
    this.write(pod, 'update');
    this.events.podMovedTo(pod, stage);
  }

  private write(pod: SimPod, verb: 'create' | 'update'): void {
    const manifest: KubeObject = podManifest(pod, this.now());
    const key = `${pod.namespace}/${pod.name}`;
    if (verb === 'create') {
      pod.uid = this.server.create(manifest).metadata.uid;
      this.pods.set(key, pod);
      pod.deployment?.pods.add(pod);
      return;
    }
    this.server.patch({ apiVersion: 'v1', kind: 'Pod', ...ref(pod) }, (obj) => {
      obj.metadata = { ...obj.metadata, ...manifest.metadata };
      obj['spec'] = manifest['spec'];
      obj['status'] = manifest['status'];
    });
  }

  private deletePod(pod: SimPod): void {
    this.pods.delete(`${pod.namespace}/${pod.name}`);
    pod.deployment?.pods.delete(pod);
    this.server.delete({ apiVersion: 'v1', kind: 'Pod', ...ref(pod) });
  }

  private int(below: number): number {
    return Math.floor(this.random() * below);
  }

  /**
   * A pod name `<prefix>-<5 random characters>` that no pod has now. Over hours a large cluster
   * creates enough pods for two draws of the same suffix (27^5 of them) to meet while the first
   * pod lives; like the ReplicaSet controller, which lets the API server generate the name and
   * retries on a conflict, another is drawn.
   */
  private freshName(namespace: string, prefix: string): string {
    for (;;) {
      const name = `${prefix}-${this.suffix(5)}`;
      if (this.server.get({ apiVersion: 'v1', kind: 'Pod', namespace, name }) === undefined) {
        return name;
      }
    }
  }

  private suffix(length: number): string {
    let out = '';
    for (let i = 0; i < length; i += 1) out += nameChars[this.int(nameChars.length)];
    return out;
  }

  private nextIp(): string {
    this.ip += 1;
    return `10.244.${(this.ip >> 8) & 255}.${this.ip & 255}`;
  }
}

function deploymentRef(d: SimDeployment): ObjectReference {
  return { apiVersion: 'apps/v1', kind: 'Deployment', ...ref(d), uid: d.uid };
}

function ref(obj: { namespace: string; name: string }): { namespace: string; name: string } {
  return { namespace: obj.namespace, name: obj.name };
}
