/**
 * What sharding saves each replica of a controller: 1, 2 and 4 replicas, each an informer on its
 * own shard of the pods (`splitHashSpace(n)[i]`, on `metadata.uid`) in a process of its own,
 * against the fake API server with its server-side filtering (KEP-5866 `shardedListAndWatch`)
 * on, and off (every replica receives and decodes everything, and drops what is not its own).
 * For each replica: its cache size once synced; then, over a burst of one MODIFIED event per
 * pod, the CPU time it spent per event of the burst, and the bytes it received.
 *
 * ```sh
 * npm run build -w @rxkube/bench && npm run shard-scale -w @rxkube/bench -- [--pods=20000]
 * ```
 *
 * CPU is the replica process's user + system time (`process.cpuUsage`) from the burst's start
 * to its last event; bytes are what the process read (`rchar` of `/proc/self/io`, Linux only:
 * the socket reads of its watch, nothing else reads meanwhile). The server runs in the
 * orchestrating process, whose time is not counted.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SharedIndexInformer, silentLogger } from '@rxkube/informer';
import { listerWatcher } from '@rxkube/informer/node';
import { inShard, splitHashSpace, type KubeObject, type Shard } from '@rxkube/store';
import { FakeApiServer, realisticPod, seededRandom } from '@rxkube/testing';
import { kubeConfigFor } from './compare/contenders/kubeConfig.js';

/** What a replica reports once synced, and after the burst. */
type ReplicaReport =
  | { readonly type: 'synced'; readonly cached: number }
  | { readonly type: 'armed' }
  | {
      readonly type: 'burst';
      readonly events: number;
      readonly cpuMs: number;
      readonly bytes: number;
    };

/** One row of the table. */
interface Row {
  readonly filtering: 'server' | 'client';
  readonly replicas: number;
  readonly cached: number[];
  readonly cpuUsPerEvent: number[];
  readonly bytes: number[];
}

function option(name: string, fallback: string): string {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length) ?? fallback;
}

/** Bytes this process has read so far (sockets included). */
function bytesRead(): number {
  const io = readFileSync('/proc/self/io', 'utf8');
  return Number(/^rchar:\s*(\d+)/m.exec(io)?.[1] ?? Number.NaN);
}

/** A replica: one sharded informer; counts the updates of the burst it is armed for. */
async function replica(url: string, token: string, shard: Shard): Promise<void> {
  const send = (report: ReplicaReport): void => void process.send?.(report);
  const informer = new SharedIndexInformer(
    listerWatcher<KubeObject>(kubeConfigFor({ url, token }), { version: 'v1', plural: 'pods' }),
    { shard, logger: silentLogger },
  );
  let burst: { expected: number; events: number; cpu: NodeJS.CpuUsage; bytes: number } | undefined;
  informer.handle().subscribe((event) => {
    if (event.type !== 'update' || burst === undefined) return;
    burst.events += 1;
    if (burst.events < burst.expected) return;
    const cpu = process.cpuUsage(burst.cpu);
    send({
      type: 'burst',
      events: burst.events,
      cpuMs: (cpu.user + cpu.system) / 1000,
      bytes: bytesRead() - burst.bytes,
    });
    burst = undefined;
  });
  process.on('message', (message: { expected: number }) => {
    burst = { expected: message.expected, events: 0, cpu: process.cpuUsage(), bytes: bytesRead() };
    send({ type: 'armed' });
  });
  process.on('disconnect', () => {
    informer.stop();
    process.exit(0);
  });
  informer.start();
  await informer.waitForCacheSync();
  send({ type: 'synced', cached: informer.getIndexer().size });
}

function next(proc: ChildProcess, type: ReplicaReport['type']): Promise<ReplicaReport> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: ReplicaReport): void => {
      if (message.type !== type) return;
      proc.off('message', onMessage);
      resolve(message);
    };
    proc.on('message', onMessage);
    proc.once('exit', (code) => code !== 0 && reject(new Error(`replica exited with ${code}`)));
  });
}

const shardArg = (shard: Shard): string =>
  JSON.stringify(shard.ranges.map((r) => [r.start.toString(), r.end.toString()]));

/** One configuration: `count` replicas against a server with or without server-side filtering. */
async function measure(pods: number, replicas: number, filtering: Row['filtering']): Promise<Row> {
  const server = await FakeApiServer.start({
    seed: 42,
    managedFields: false,
    shardedListAndWatch: filtering === 'server',
  });
  const random = seededRandom(42);
  for (let i = 0; i < pods; i++)
    server.create(realisticPod({ namespace: `ns-${i % 100}`, name: `pod-${i}`, random }));
  const all = server.list('v1', 'Pod');
  const shards = splitHashSpace(replicas).map((range): Shard => ({
    field: 'uid',
    ranges: [range],
  }));
  const procs = shards.map((shard) =>
    fork(fileURLToPath(import.meta.url), ['replica', server.url, server.token, shardArg(shard)], {
      env: { ...process.env, NODE_ENV: 'production' },
    }),
  );
  try {
    const synced = await Promise.all(procs.map((proc) => next(proc, 'synced')));
    const armed = procs.map((proc) => next(proc, 'armed'));
    const done = procs.map((proc) => next(proc, 'burst'));
    procs.forEach((proc, i) =>
      proc.send({ expected: all.filter((pod) => inShard(shards[i]!, pod)).length }),
    );
    await Promise.all(armed);
    // The burst: one MODIFIED event for every pod.
    for (const pod of all) {
      server.patch(
        {
          apiVersion: 'v1',
          kind: 'Pod',
          namespace: pod.metadata?.namespace,
          name: pod.metadata?.name ?? '',
        },
        (p) => void ((p.metadata!.labels ??= {})['bench.rxkube.io/burst'] = '1'),
      );
    }
    const reports = (await Promise.all(done)) as Extract<ReplicaReport, { type: 'burst' }>[];
    return {
      filtering,
      replicas,
      cached: synced.map((report) => (report.type === 'synced' ? report.cached : Number.NaN)),
      cpuUsPerEvent: reports.map((report) => (report.cpuMs * 1000) / pods),
      bytes: reports.map((report) => report.bytes),
    };
  } finally {
    for (const proc of procs) proc.disconnect();
    await server.stop();
  }
}

const range = (values: number[], digits = 0): string => {
  const low = Math.min(...values).toFixed(digits);
  const high = Math.max(...values).toFixed(digits);
  return low === high ? low : `${low}–${high}`;
};

const mib = (bytes: number): number => bytes / 2 ** 20;

async function orchestrate(): Promise<void> {
  const pods = Number(option('pods', '20000'));
  const rows: Row[] = [];
  for (const filtering of ['server', 'client'] as const) {
    for (const replicas of [1, 2, 4]) {
      rows.push(await measure(pods, replicas, filtering));
      process.stderr.write('.');
    }
  }
  process.stderr.write('\n');
  console.log(
    `${pods} pods, one MODIFIED event per pod; per replica (min–max over the replicas):\n`,
  );
  console.log(
    '| filtering | replicas | cache (objects) | CPU per burst event (µs) | received in the burst (MiB) |',
  );
  console.log(
    '| --------- | -------: | --------------: | -----------------------: | --------------------------: |',
  );
  for (const row of rows) {
    console.log(
      `| ${row.filtering} | ${row.replicas} | ${range(row.cached)} | ${range(row.cpuUsPerEvent, 1)} | ${range(row.bytes.map(mib), 1)} |`,
    );
  }
}

if (process.argv[2] === 'replica') {
  const [, , , url = '', token = '', ranges = '[]'] = process.argv;
  const shard: Shard = {
    field: 'uid',
    ranges: (JSON.parse(ranges) as [string, string][]).map(([start, end]) => ({
      start: BigInt(start),
      end: BigInt(end),
    })),
  };
  await replica(url, token, shard);
} else {
  await orchestrate();
}
