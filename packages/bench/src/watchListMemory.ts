/**
 * Peak memory of an informer's initial sync by a streaming list (client-go's WatchList, the
 * informer's default) against the same sync by paged lists (`streamingList: false`), on the fake
 * API server. A server process holds the pods; every measurement runs in a fresh process and
 * reports its peak RSS, its peak heap, the heap it retains once synced, and its wall time.
 *
 * ```sh
 * npm run watchlist-memory -w @rxkube/bench -- [--pods=50000] [--reps=3]
 * ```
 *
 * Peak RSS is the kernel's high-water mark (`process.resourceUsage().maxRSS`); peak heap is the
 * largest `used_heap_size` sampled every 5 ms while the sync runs (the sync yields between
 * chunks, so the samples see it at work), which can miss a peak between two samples. The
 * server process checks after each run that the sync made the requests of its mode: one
 * streaming list and no list, or paged lists and no streaming list.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { SharedIndexInformer } from '@rxkube/informer';
import { listerWatcher } from '@rxkube/informer/node';
import { NamespaceIndex, metaNamespaceIndexFunc, type KubeObject } from '@rxkube/store';
import { FakeApiServer, realisticPod, seededRandom } from '@rxkube/testing';
import { childReply } from './childReply.js';
import { kubeConfigFor } from './compare/contenders/kubeConfig.js';
import { median } from './compare/samples.js';
import { scriptOption } from './scriptOption.js';

const modes = ['streamed', 'paged'] as const;
type Mode = (typeof modes)[number];

/** One measurement, as a child process reports it. */
interface Sample {
  readonly wallMs: number;
  readonly peakRssMb: number;
  readonly peakHeapMb: number;
  readonly retainedHeapMb: number;
  readonly items: number;
}

/** The requests of one sync, as the server recorded them. */
interface Requests {
  readonly lists: number;
  readonly streamingLists: number;
}

const mb = (bytes: number): number => bytes / 2 ** 20;

/** The server process: the fake API server with `count` realistic pods in 100 namespaces. */
async function serve(count: number): Promise<void> {
  // No managed fields, as the comparative benchmark's datasets: pods of realisticPod's size.
  const server = await FakeApiServer.start({ seed: 42, managedFields: false });
  const random = seededRandom(42);
  for (let i = 0; i < count; i++) {
    server.create(realisticPod({ namespace: `ns-${i % 100}`, name: `pod-${i}`, random }));
  }
  process.on('message', () => {
    const pods = server.requests().filter((r) => r.path === '/api/v1/pods');
    const requests: Requests = {
      lists: pods.filter((r) => r.query['watch'] === undefined).length,
      streamingLists: pods.filter((r) => r.query['sendInitialEvents'] === 'true').length,
    };
    server.clearRequests();
    process.send?.(requests);
  });
  process.on('disconnect', () => void server.stop().then(() => process.exit(0)));
  process.send?.({ url: server.url, token: server.token });
}

const gc = (): void => (globalThis as { gc?: () => void }).gc?.();

/** One sync in this (fresh) process. */
async function measure(mode: Mode, url: string, token: string): Promise<Sample> {
  const lw = listerWatcher<KubeObject>(kubeConfigFor({ url, token }), {
    version: 'v1',
    plural: 'pods',
  });
  gc();
  const baseline = getHeapStatistics().used_heap_size;
  let peakHeap = baseline;
  const sampler = setInterval(() => {
    peakHeap = Math.max(peakHeap, getHeapStatistics().used_heap_size);
  }, 5);
  const start = performance.now();
  const informer = new SharedIndexInformer(lw, {
    indexers: { [NamespaceIndex]: metaNamespaceIndexFunc },
    reflector: { streamingList: mode === 'streamed' },
  });
  informer.start();
  await informer.waitForCacheSync();
  const wallMs = performance.now() - start;
  clearInterval(sampler);
  peakHeap = Math.max(peakHeap, getHeapStatistics().used_heap_size);
  gc();
  gc();
  const retained = getHeapStatistics().used_heap_size - baseline;
  const items = informer.getIndexer().size;
  informer.stop();
  return {
    wallMs,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    peakHeapMb: mb(peakHeap - baseline),
    retainedHeapMb: mb(retained),
    items,
  };
}

function child(args: string[]): ChildProcess {
  return fork(fileURLToPath(import.meta.url), args, {
    execArgv: ['--expose-gc'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

async function orchestrate(): Promise<void> {
  const count = Number(scriptOption('pods', '50000'));
  const reps = Number(scriptOption('reps', '3'));
  const server = child(['serve', String(count)]);
  const { url, token } = await childReply<{ url: string; token: string }>(server);
  process.stdout.write(`${count} pods on the fake API server\n`);
  const samples = new Map<Mode, Sample[]>();
  for (let rep = 0; rep < reps; rep++) {
    // Alternates which mode runs first.
    for (const mode of rep % 2 === 0 ? modes : [...modes].reverse()) {
      const sample = await childReply<Sample>(child(['measure', mode, url, token]));
      server.send('requests');
      const requests = await childReply<Requests>(server);
      if (sample.items !== count) throw new Error(`${mode}: ${sample.items} items`);
      const expected = mode === 'streamed' ? requests.lists === 0 : requests.streamingLists === 0;
      if (!expected) throw new Error(`${mode}: made ${JSON.stringify(requests)}`);
      samples.set(mode, [...(samples.get(mode) ?? []), sample]);
      process.stdout.write(
        `${mode.padEnd(9)} wall ${sample.wallMs.toFixed(0).padStart(6)} ms  peak RSS ${sample.peakRssMb.toFixed(0).padStart(5)} MB  peak heap ${sample.peakHeapMb.toFixed(0).padStart(5)} MB  retained ${sample.retainedHeapMb.toFixed(0).padStart(5)} MB  (${requests.lists} lists, ${requests.streamingLists} streaming)\n`,
      );
    }
  }
  server.disconnect();
  process.stdout.write('\nmedians (ratio to paged)\n');
  const paged = samples.get('paged') ?? [];
  for (const [mode, list] of samples) {
    const figure = (name: string, pick: (s: Sample) => number, unit: string): string =>
      `${name} ${median(list.map(pick)).toFixed(0)} ${unit} (${(median(list.map(pick)) / median(paged.map(pick))).toFixed(2)}×)`;
    process.stdout.write(
      `${mode.padEnd(9)} ${[
        figure('wall', (s) => s.wallMs, 'ms'),
        figure('peak RSS', (s) => s.peakRssMb, 'MB'),
        figure('peak heap', (s) => s.peakHeapMb, 'MB'),
        figure('retained heap', (s) => s.retainedHeapMb, 'MB'),
      ].join('  ')}\n`,
    );
  }
}

const [role, ...rest] = process.argv.slice(2);
if (role === 'serve') {
  await serve(Number(rest[0]));
} else if (role === 'measure') {
  const sample = await measure(rest[0] as Mode, rest[1] as string, rest[2] as string);
  process.send?.(sample, () => process.exit(0));
} else {
  await orchestrate();
}
