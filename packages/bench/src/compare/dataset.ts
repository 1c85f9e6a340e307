/**
 * One fake API server with its pods, as the server process keeps it: the server, a local copy
 * of every pod at its current version (so writes cost one server round trip, not a read and a
 * write), the list replay cache and one proxy per connected client.
 */
import {
  FakeApiServer,
  type KubeObject,
  type ObjectRef,
  realisticPod,
  seededRandom,
} from '@rxkube/testing';
import type { ExpectedEntry } from './convergence.js';
import { ListReplayCache, ReplayProxy } from './replayProxy.js';
import { sequenceAnnotation } from './modifiedLineTemplate.js';

/** Size and shape of a dataset. */
export interface DatasetSpec {
  readonly name: string;
  readonly pods: number;
  readonly namespaces: number;
}

/** The namespace names of a dataset: `ns-0` … */
export function namespaceNames(spec: DatasetSpec): string[] {
  return Array.from({ length: spec.namespaces }, (_, i) => `ns-${i}`);
}

/** Writes between yields to the event loop, so the proxy can take the data as it comes. */
const chunk = 500;

const keyOf = (obj: KubeObject): string => `${obj.metadata.namespace ?? ''}/${obj.metadata.name}`;
const refOf = (obj: KubeObject): ObjectRef => ({
  apiVersion: 'v1',
  kind: 'Pod',
  namespace: obj.metadata.namespace ?? '',
  name: obj.metadata.name ?? '',
});
const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** See the module comment. */
export class Dataset {
  /** Current pods by key, as last written. */
  private readonly pods = new Map<string, KubeObject>();
  private readonly proxies = new Map<number, ReplayProxy>();
  private readonly random: () => number;
  private cursor = 0;
  private keys: string[] = [];
  private seq = 0;
  private nextProxy = 1;

  private constructor(
    readonly spec: DatasetSpec,
    readonly server: FakeApiServer,
    readonly cache: ListReplayCache,
    seed: number,
  ) {
    this.random = seededRandom(seed);
  }

  /**
   * Starts a server and fills it with `spec.pods` realistic pods spread evenly over the
   * namespaces.
   *
   * @param spec - size and shape
   * @param seed - makes the pods reproducible
   * @returns the dataset
   */
  static async create(spec: DatasetSpec, seed: number): Promise<Dataset> {
    // History long enough for a whole burst: a watch that ends during one resumes from it. No
    // managed fields: the workload is specified on pods of the size realisticPod makes (~2.4 KB
    // as listed), which recorded managed fields would make ~75 % bigger.
    const server = await FakeApiServer.start({
      seed,
      historyLimit: 120_000,
      managedFields: false,
    });
    const cache = new ListReplayCache(new URL(server.url), server.token);
    const dataset = new Dataset(spec, server, cache, seed);
    const namespaces = namespaceNames(spec);
    for (let i = 0; i < spec.pods; i += 1) {
      const namespace = namespaces[i % namespaces.length] as string;
      dataset.put(
        server.create(realisticPod({ namespace, name: `pod-${i}`, random: dataset.random })),
      );
    }
    dataset.keys = [...dataset.pods.keys()];
    return dataset;
  }

  /** @returns a new proxy's id and URL (with the server's token) */
  async connect(): Promise<{ id: number; url: string; token: string }> {
    const proxy = new ReplayProxy(this.cache);
    const url = await proxy.start();
    const id = this.nextProxy++;
    this.proxies.set(id, proxy);
    return { id, url, token: this.server.token };
  }

  /** @param id - a proxy to close */
  async disconnect(id: number): Promise<void> {
    await this.proxies.get(id)?.stop();
    this.proxies.delete(id);
  }

  /** @param id - a proxy id @returns the proxy */
  proxy(id: number): ReplayProxy {
    const proxy = this.proxies.get(id);
    if (proxy === undefined) throw new Error(`no proxy ${id}`);
    return proxy;
  }

  /** @returns every pod's key and version, in version order (the order a stream delivers) */
  state(): ExpectedEntry[] {
    return [...this.pods.values()]
      .map((pod) => [keyOf(pod), pod.metadata.resourceVersion ?? ''] as const)
      .sort((a, b) => Number(a[1]) - Number(b[1]));
  }

  /**
   * Modifies pods round-robin (a new annotation value and phase each time), yielding to the
   * event loop every few hundred writes.
   *
   * @param count - number of MODIFIED events
   * @param keys - the pods to cycle over (default: all)
   * @returns the final version of each modified key, in version order
   */
  async modify(count: number, keys: readonly string[] = this.keys): Promise<ExpectedEntry[]> {
    const changed = new Map<string, string>();
    for (let done = 0; done < count; done += 1) {
      const key = keys[this.cursor++ % keys.length] as string;
      changed.delete(key);
      changed.set(key, this.write(key));
      if (done % chunk === chunk - 1) await yieldToLoop();
    }
    this.cache.invalidate();
    return [...changed];
  }

  /**
   * The relist scenario's change: with every watch closed, modify, delete and create pods,
   * then compact the history so the clients' re-watch gets a 410 and must relist.
   *
   * @param counts - how many pods to modify, delete and create
   * @param tag - makes created names unique per repetition
   * @returns the changes: final versions, `null` for deleted keys
   */
  relistChange(
    counts: { modify: number; remove: number; create: number },
    tag: string,
  ): ExpectedEntry[] {
    this.server.closeWatches();
    const changes: ExpectedEntry[] = [];
    // Spread the changes evenly over the dataset (stride through the keys).
    const stride = Math.max(1, Math.floor(this.keys.length / (counts.modify + counts.remove)));
    for (let i = 0; i < counts.modify; i += 1) {
      const key = this.keys[(i * stride) % this.keys.length] as string;
      changes.push([key, this.write(key)]);
    }
    for (let i = 0; i < counts.remove; i += 1) {
      const key = this.keys[((counts.modify + i) * stride + 1) % this.keys.length] as string;
      const pod = this.pods.get(key) as KubeObject;
      this.server.delete(refOf(pod));
      this.pods.delete(key);
      changes.push([key, null]);
    }
    const namespaces = namespaceNames(this.spec);
    for (let i = 0; i < counts.create; i += 1) {
      const namespace = namespaces[i % namespaces.length] as string;
      const pod = this.server.create(
        realisticPod({ namespace, name: `pod-${tag}-${i}`, random: this.random }),
      );
      this.put(pod);
      changes.push([keyOf(pod), pod.metadata.resourceVersion ?? '']);
    }
    this.keys = [...this.pods.keys()];
    this.server.compact();
    this.cache.invalidate();
    return changes;
  }

  /**
   * Live writes spread over time: `perTick` writes every `tickMs`, `own` of them in `namespace`
   * and the rest elsewhere, interleaved.
   *
   * @returns the changes in version order
   */
  async churn(params: {
    namespace: string;
    own: number;
    others: number;
    perTick: number;
    tickMs: number;
  }): Promise<ExpectedEntry[]> {
    const inside = this.keys.filter((key) => key.startsWith(`${params.namespace}/`));
    const outside = this.keys.filter((key) => !key.startsWith(`${params.namespace}/`));
    const total = params.own + params.others;
    const changed = new Map<string, string>();
    for (let done = 0; done < total; done += 1) {
      // Every (total / own)-th write lands in the watched namespace.
      const mine =
        Math.floor(((done + 1) * params.own) / total) > Math.floor((done * params.own) / total);
      const pool = mine ? inside : outside;
      const key = pool[done % pool.length] as string;
      changed.delete(key);
      changed.set(key, this.write(key));
      if (done % params.perTick === params.perTick - 1) {
        await new Promise((resolve) => setTimeout(resolve, params.tickMs));
      }
    }
    this.cache.invalidate();
    return [...changed];
  }

  /** Stops every proxy and the server. */
  async stop(): Promise<void> {
    for (const id of [...this.proxies.keys()]) await this.disconnect(id);
    this.cache.close();
    await this.server.stop();
  }

  private write(key: string): string {
    const pod = this.pods.get(key);
    if (pod === undefined) throw new Error(`no pod ${key}`);
    this.seq += 1;
    (pod.metadata.annotations ??= {})[sequenceAnnotation] = String(this.seq);
    const withStatus = pod as KubeObject & { status?: { phase?: string } };
    const status = (withStatus.status ??= {});
    status.phase = status.phase === 'Running' ? 'Pending' : 'Running';
    const written = this.server.update(pod);
    this.put(written);
    return written.metadata.resourceVersion ?? '';
  }

  private put(pod: KubeObject): void {
    this.pods.set(keyOf(pod), pod);
  }
}
