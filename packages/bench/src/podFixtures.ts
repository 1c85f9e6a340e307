import type { KubeObject } from '@rxkube/store';
import { seededRandom } from '@rxkube/testing';

/** A small pod-like object: the fields a real Pod's cache entry is dominated by. */
export interface BenchPod extends KubeObject {
  apiVersion: 'v1';
  kind: 'Pod';
  metadata: {
    name: string;
    namespace: string;
    uid: string;
    resourceVersion: string;
    labels: Record<string, string>;
  };
  spec: { nodeName: string; containers: { name: string; image: string }[] };
  status: { phase: string; podIP: string; restartCount: number };
}

/** Sizes of one benchmark run. */
export interface Sizes {
  /** Objects held by every store. */
  objects: number;
  /** Namespaces they are spread over (evenly). */
  namespaces: number;
  /** Updates applied to every store. */
  updates: number;
  /** Distinct values of the `app` label. */
  apps: number;
}

const PHASES = ['Pending', 'Running', 'Running', 'Running', 'Succeeded'];

/**
 * @param i - object number
 * @param sizes - run sizes
 * @returns the initial version of pod `i`
 */
export function makePod(i: number, sizes: Sizes): BenchPod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `pod-${i}`,
      namespace: `ns-${i % sizes.namespaces}`,
      uid: `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
      resourceVersion: String(i + 1),
      labels: { app: `app-${i % sizes.apps}`, tier: i % 3 === 0 ? 'frontend' : 'backend' },
    },
    spec: {
      nodeName: `node-${i % 50}`,
      containers: [{ name: 'main', image: `registry.example/app-${i % sizes.apps}:1.0.${i % 7}` }],
    },
    status: {
      phase: 'Running',
      podIP: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      restartCount: 0,
    },
  };
}

/**
 * Produces the update stream: each update is a new version of a random pod (same key, so same
 * namespace), with a new resource version and status; one in `labelChangeEvery` also moves the
 * pod to another `app` label value.
 */
export class UpdateStream {
  private readonly random = seededRandom(42);
  private resourceVersion: number;

  /**
   * @param current - the latest version of every pod, updated as the stream advances
   * @param sizes - run sizes
   * @param labelChangeEvery - one update in this many changes the `app` label
   */
  constructor(
    private readonly current: BenchPod[],
    private readonly sizes: Sizes,
    private readonly labelChangeEvery = 10,
  ) {
    this.resourceVersion = current.length + 1;
  }

  /**
   * @param count - number of updates
   * @returns the next `count` updates, in order
   */
  next(count: number): BenchPod[] {
    const out: BenchPod[] = new Array(count);
    for (let u = 0; u < count; u++) {
      const i = Math.floor(this.random() * this.current.length);
      const old = this.current[i] as BenchPod;
      const rv = String(++this.resourceVersion);
      const labels =
        this.random() * this.labelChangeEvery < 1
          ? { ...old.metadata.labels, app: `app-${Math.floor(this.random() * this.sizes.apps)}` }
          : old.metadata.labels;
      const pod: BenchPod = {
        ...old,
        metadata: { ...old.metadata, resourceVersion: rv, labels },
        status: {
          phase: PHASES[u % PHASES.length] as string,
          podIP: old.status.podIP,
          restartCount: old.status.restartCount + 1,
        },
      };
      this.current[i] = pod;
      out[u] = pod;
    }
    return out;
  }
}
