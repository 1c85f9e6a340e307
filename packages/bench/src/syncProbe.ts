/**
 * The initial sync of one large list, measured apart from the comparative benchmark: a server
 * process holds a list of realistic pods serialized once and serves it either written in one
 * go (`whole`) or trickled in small chunks (`streamed`), both without `Content-Length`; every
 * measurement runs in a fresh process and reports its wall time, CPU time and peak RSS.
 *
 * ```sh
 * node packages/bench/dist/syncProbe.js [--pods=50000] [--reps=3] [--only=floor,list,informer,client-node]
 *   [--workloads=whole,streamed] [--chunk=65536] [--every-ms=1] [--cpu-prof]
 * ```
 *
 * Contenders: `floor` (`fetch`, `text()`, one `JSON.parse`, the items into a `Map`), `list`
 * (rxkube's `listerWatcher(...).list(...)` alone) and `informer` (a whole `SharedIndexInformer`
 * with the namespace index and one handler, until `waitForCacheSync` and the handler has seen
 * every add), and `client-node` (its `makeInformer` as its README shows, until its handler has
 * seen every add). Runs are interleaved: each repetition runs every contender on every workload.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { CoreV1Api, makeInformer } from '@kubernetes/client-node';
import { SharedIndexInformer } from '@rxkube/informer';
import { listerWatcher } from '@rxkube/informer/node';
import { NamespaceIndex, metaNamespaceIndexFunc, type KubeObject } from '@rxkube/store';
import { realisticPod, seededRandom } from '@rxkube/testing';
import { firstValueFrom } from 'rxjs';
import { isStreamingList, refuseStreamingList } from './compare/streamingListRefusal.js';
import { childReply } from './childReply.js';
import { kubeConfigFor } from './compare/contenders/kubeConfig.js';
import { median } from './compare/samples.js';
import { scriptOption } from './scriptOption.js';

/** One measurement, as a child process reports it. */
interface Sample {
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly maxRssMb: number;
  readonly items: number;
}

const contenders = ['floor', 'list', 'informer', 'client-node'] as const;
const workloads = ['whole', 'streamed'] as const;
type ContenderName = (typeof contenders)[number];
type Workload = (typeof workloads)[number];

/** The list body of `count` pods in 100 namespaces, serialized once. */
function listBody(count: number): Buffer {
  const random = seededRandom(42);
  const items: KubeObject[] = [];
  for (let i = 0; i < count; i++) {
    const pod = realisticPod({ namespace: `ns-${i % 100}`, name: `pod-${i}`, random });
    pod.metadata = {
      ...pod.metadata,
      uid: `uid-${i}`,
      resourceVersion: String(1000 + i),
      creationTimestamp: '2025-01-01T00:00:00Z',
    };
    // Lists carry no kind/apiVersion per item, as the API server's.
    delete (pod as { kind?: string }).kind;
    delete (pod as { apiVersion?: string }).apiVersion;
    items.push(pod);
  }
  return Buffer.from(
    JSON.stringify({
      kind: 'PodList',
      apiVersion: 'v1',
      metadata: { resourceVersion: String(1000 + count) },
      items,
    }),
  );
}

/** The server process: answers lists under `/whole` and `/streamed`, holds watches open. */
async function serve(count: number, chunkBytes: number, everyMs: number): Promise<void> {
  const body = listBody(count);
  const open = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.endsWith('/version')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"major":"1"}');
      return;
    }
    if (url.searchParams.get('watch') === 'true' && isStreamingList(url)) {
      refuseStreamingList(res);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    if (url.searchParams.get('watch') === 'true') {
      // A watch client may wait for the headers before it counts the watch as started.
      res.flushHeaders();
      open.add(res);
      res.on('close', () => open.delete(res));
      return;
    }
    if (url.pathname.startsWith('/whole/')) {
      res.end(body);
      return;
    }
    let at = 0;
    const next = (): void => {
      if (res.destroyed) return;
      const end = Math.min(at + chunkBytes, body.length);
      res.write(body.subarray(at, end));
      at = end;
      if (at < body.length) setTimeout(next, everyMs);
      else res.end();
    };
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.send?.({ port: (server.address() as AddressInfo).port, bytes: body.length });
  process.on('disconnect', () => {
    for (const res of open) res.destroy();
    server.close();
    process.exit(0);
  });
}

const keyOf = (obj: KubeObject): string =>
  `${obj.metadata?.namespace ?? ''}/${obj.metadata?.name ?? ''}`;

/** One measurement in this (fresh) process. */
async function measure(contender: ContenderName, url: string, count: number): Promise<Sample> {
  let run: () => Promise<number>;
  if (contender === 'floor') {
    // Loads and compiles undici before the clock, as the bench's floor does.
    await (await fetch(`${url}/version`)).text();
    run = async () => {
      const response = await fetch(`${url}/api/v1/pods?resourceVersion=0&limit=500`);
      const list = JSON.parse(await response.text()) as { items: KubeObject[] };
      const cache = new Map<string, KubeObject>();
      for (const item of list.items) cache.set(keyOf(item), item);
      return cache.size;
    };
  } else if (contender === 'list') {
    const lw = listerWatcher<KubeObject>(kubeConfigFor({ url, token: 'probe' }), {
      version: 'v1',
      plural: 'pods',
    });
    run = async () => {
      const page = await firstValueFrom(lw.list({ resourceVersion: '0', limit: 500 }));
      return page.items.length;
    };
  } else if (contender === 'client-node') {
    run = async () => {
      const kc = kubeConfigFor({ url, token: 'probe' });
      const core = kc.makeApiClient(CoreV1Api);
      const informer = makeInformer(kc, '/api/v1/pods', () => core.listPodForAllNamespaces());
      let adds = 0;
      const added = new Promise<void>((resolve) =>
        informer.on('add', () => {
          if (++adds === count) resolve();
        }),
      );
      await informer.start();
      await added;
      const size = informer.list().length;
      await informer.stop();
      return size;
    };
  } else {
    run = async () => {
      const lw = listerWatcher<KubeObject>(kubeConfigFor({ url, token: 'probe' }), {
        version: 'v1',
        plural: 'pods',
      });
      const informer = new SharedIndexInformer(lw, {
        indexers: { [NamespaceIndex]: metaNamespaceIndexFunc },
      });
      let adds = 0;
      let allAdded: () => void = () => undefined;
      const added = new Promise<void>((resolve) => (allAdded = resolve));
      informer.addEventHandler({
        onAdd: () => {
          if (++adds === count) allAdded();
        },
      });
      informer.start();
      await informer.waitForCacheSync();
      await added;
      const size = informer.getIndexer().size;
      informer.stop();
      return size;
    };
  }
  const cpu = process.cpuUsage();
  const start = performance.now();
  const items = await run();
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return {
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    items,
  };
}

function child(args: string[], cpuProf: string | undefined): ChildProcess {
  const execArgv = cpuProf === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${cpuProf}`];
  return fork(fileURLToPath(import.meta.url), args, {
    execArgv,
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

async function orchestrate(): Promise<void> {
  const count = Number(scriptOption('pods', '50000'));
  const reps = Number(scriptOption('reps', '3'));
  const only = scriptOption('only', contenders.join(',')).split(',') as ContenderName[];
  const loads = scriptOption('workloads', workloads.join(',')).split(',') as Workload[];
  const cpuProf = process.argv.includes('--cpu-prof')
    ? scriptOption('prof-dir', 'profiles')
    : undefined;
  const server = child(
    ['serve', String(count), scriptOption('chunk', '65536'), scriptOption('every-ms', '1')],
    undefined,
  );
  const { port, bytes } = await new Promise<{ port: number; bytes: number }>((resolve) =>
    server.once('message', (m) => resolve(m as { port: number; bytes: number })),
  );
  process.stdout.write(`${count} pods, ${(bytes / 2 ** 20).toFixed(1)} MiB of JSON\n`);
  const samples = new Map<string, Sample[]>();
  for (let rep = 0; rep < reps; rep++) {
    for (const workload of loads) {
      // Rotates the order of contenders per repetition.
      const order = only.map((_, i) => only[(i + rep) % only.length] as ContenderName);
      for (const contender of order) {
        const url = `http://127.0.0.1:${port}/${workload}`;
        const sample = await childReply<Sample>(
          child(['measure', contender, url, String(count)], cpuProf),
        );
        if (sample.items !== count) throw new Error(`${contender}: ${sample.items} items`);
        const key = `${workload} ${contender}`;
        samples.set(key, [...(samples.get(key) ?? []), sample]);
        process.stdout.write(
          `${key.padEnd(18)} wall ${sample.wallMs.toFixed(0).padStart(6)} ms  cpu ${sample.cpuMs.toFixed(0).padStart(6)} ms  rss ${sample.maxRssMb.toFixed(0).padStart(5)} MB\n`,
        );
      }
    }
  }
  server.disconnect();
  process.stdout.write('\nmedians (ratio to the floor of the same workload)\n');
  for (const [key, list] of samples) {
    const floor = samples.get(`${key.split(' ')[0]} floor`);
    const ratio = (pick: (s: Sample) => number): string =>
      floor === undefined
        ? ''
        : ` ${(median(list.map(pick)) / median(floor.map(pick))).toFixed(2)}×`;
    process.stdout.write(
      `${key.padEnd(18)} wall ${median(list.map((s) => s.wallMs)).toFixed(0)} ms${ratio((s) => s.wallMs)}  cpu ${median(list.map((s) => s.cpuMs)).toFixed(0)} ms${ratio((s) => s.cpuMs)}  rss ${median(list.map((s) => s.maxRssMb)).toFixed(0)} MB${ratio((s) => s.maxRssMb)}\n`,
    );
  }
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === 'serve') {
  await serve(Number(rest[0]), Number(rest[1]), Number(rest[2]));
} else if (mode === 'measure') {
  const sample = await measure(rest[0] as ContenderName, rest[1] as string, Number(rest[2]));
  process.send?.(sample, () => process.exit(0));
} else {
  await orchestrate();
}
