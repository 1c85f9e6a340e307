/**
 * Entry of the server process: the fake API servers and their replay proxies, driven by the
 * orchestrator over IPC. Keeping them out of the contender processes means the server's CPU and
 * memory never count as the client's.
 */
import type { ExpectedEntry } from './convergence.js';
import { Dataset, type DatasetSpec } from './dataset.js';
import { serveRpc } from './rpc.js';

process.on('disconnect', () => process.exit(1));

const datasets = new Map<string, Dataset>();

function dataset(name: string): Dataset {
  const found = datasets.get(name);
  if (found === undefined) throw new Error(`no dataset ${name}`);
  return found;
}

/**
 * Waits until every proxy in `ids` holds data ending with the event at `resourceVersion`: the
 * server has written everything and the proxy has taken it.
 */
async function sealed(
  data: Dataset,
  ids: readonly number[],
  resourceVersion: string,
): Promise<void> {
  const marker = `"resourceVersion":"${resourceVersion}"`;
  const deadline = Date.now() + (Number(process.env.BENCH_SEAL_MS) || 120_000);
  for (;;) {
    if (ids.every((id) => data.proxy(id).heldComplete(marker))) return;
    if (Date.now() > deadline) {
      const held = ids.map((id) => `proxy ${id}: ${data.proxy(id).describeHeld()}`);
      throw new Error(`held data never reached ${resourceVersion}; ${held.join('; ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Collects the garbage a burst left, now rather than while a contender is being timed: the
 * two cores are shared, and a major collection over a heap holding hundreds of MB would run
 * beside the contender.
 */
function settleHeap(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

serveRpc({
  async start(params: { spec: DatasetSpec; seed: number }) {
    datasets.set(params.spec.name, await Dataset.create(params.spec, params.seed));
    return {};
  },

  connect(params: { dataset: string }) {
    return dataset(params.dataset).connect();
  },

  disconnect(params: { dataset: string; id: number }) {
    return dataset(params.dataset).disconnect(params.id);
  },

  state(params: { dataset: string }): ExpectedEntry[] {
    return dataset(params.dataset).state();
  },

  /**
   * Records the given lists (and those learned since `forget`) for replay; the server answers
   * them all with the same response (see ListReplayCache.prefetch).
   */
  async prefetch(params: { dataset: string; firstPages: string[]; forget?: boolean }) {
    const { cache } = dataset(params.dataset);
    if (params.forget === true) cache.forgetLearned();
    await cache.prefetch(params.firstPages);
    return {};
  },

  /** @returns the list requests that had to go to the server so far */
  misses(params: { dataset: string }): string[] {
    return dataset(params.dataset).cache.misses;
  },

  /** Live writes (warm-up): the clients see them at once. */
  modify(params: { dataset: string; count: number }) {
    return dataset(params.dataset).modify(params.count);
  },

  /**
   * Holds the given clients' streams, writes `count` MODIFIED events, and returns once every
   * proxy holds all of them.
   */
  async burst(params: { dataset: string; count: number; ids: number[] }) {
    const data = dataset(params.dataset);
    for (const id of params.ids) data.proxy(id).hold();
    const started = performance.now();
    const changes = await data.modify(params.count);
    const generatedMs = performance.now() - started;
    const last = changes.at(-1);
    if (last !== undefined) await sealed(data, params.ids, last[1] as string);
    const heldBytes = params.ids.map((id) => data.proxy(id).heldBytes);
    const sealedMs = performance.now() - started - generatedMs;
    settleHeap();
    return { changes, heldBytes, generatedMs, sealedMs };
  },

  /**
   * Holds the clients, closes watches, changes 1 %, compacts, and primes the replay cache with
   * `firstPages`, which the server answers alike (the latest state, whole).
   */
  async relistChange(params: {
    dataset: string;
    ids: number[];
    counts: { modify: number; remove: number; create: number };
    tag: string;
    firstPages: string[];
  }) {
    const data = dataset(params.dataset);
    for (const id of params.ids) data.proxy(id).hold();
    const before = data.server.resourceVersion;
    const changes = data.relistChange(params.counts, params.tag);
    await data.cache.prefetch(params.firstPages.map((url) => url.replace('{rv}', before)));
    settleHeap();
    return changes;
  },

  release(params: { dataset: string; id: number }) {
    dataset(params.dataset).proxy(params.id).release();
    return {};
  },

  churn(params: {
    dataset: string;
    namespace: string;
    own: number;
    others: number;
    perTick: number;
    tickMs: number;
  }) {
    return dataset(params.dataset).churn(params);
  },

  async exit() {
    for (const data of datasets.values()) await data.stop();
    setImmediate(() => process.exit(0));
    return {};
  },
});
