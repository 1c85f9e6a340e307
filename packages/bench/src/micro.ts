/**
 * Store micro-benchmark: write throughput with and without snapshots, snapshot cost, `byIndex`
 * against a linear scan, and heap per object, each compared with a plain mutable Map baseline
 * measured in the same run. Usage: `node --expose-gc dist/micro.js [--quick] [--check]`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Indexer } from '@rxkube/store';
import {
  type Contender,
  BATCH,
  baselineContender,
  benchIndexers,
  immutableJsContender,
  indexerContender,
} from './contenders.js';
import { ImmutableJsIndexer } from './immutableJsIndexer.js';
import { canCollect, keep, retainedBytesPerObject, timeMs } from './measure.js';
import { type BenchPod, type Sizes, UpdateStream, makePod } from './podFixtures.js';
import { type Row, bytes, duration, markdownTable, perSecond } from './report.js';

const quick = process.argv.includes('--quick');
const check = process.argv.includes('--check');
const sizes: Sizes = quick
  ? { objects: 5_000, namespaces: 10, updates: 50_000, apps: 20 }
  : { objects: 100_000, namespaces: 100, updates: 1_000_000, apps: 50 };
const chunk = quick ? 10_000 : 100_000;

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

const started = Date.now();
if (!canCollect) log('warning: run with --expose-gc for heap figures');
const pods = Array.from({ length: sizes.objects }, (_, i) => makePod(i, sizes));

// Heap first, on fresh structures, before anything else has been allocated.
log('heap per object…');
const heap = {
  baseline: retainedBytesPerObject(sizes.objects, () => baselineContender(pods).store),
  rxkube: retainedBytesPerObject(sizes.objects, () => {
    const store = new Indexer<BenchPod>({ indexers: benchIndexers });
    store.replace(pods, '0');
    return store;
  }),
  immutableJs: retainedBytesPerObject(
    sizes.objects,
    () => immutableJsContender(pods, 'batch').store,
  ),
};

log('writes…');
const baseline = baselineContender(pods);
const contenders: Contender[] = [
  baseline,
  indexerContender(pods, 'none'),
  indexerContender(pods, 'batch'),
  indexerContender(pods, 'every-write'),
  immutableJsContender(pods, 'batch'),
  immutableJsContender(pods, 'every-write'),
];
const stream = new UpdateStream(pods.slice(), sizes);
// Warm-up: let the JIT settle on every contender's write path.
const warmup = stream.next(chunk / 2);
for (const contender of contenders) contender.apply(warmup);

const writeMs = new Map<string, number>(contenders.map((c) => [c.name, 0]));
const emittedBefore = new Map(contenders.map((c) => [c.name, c.snapshots()]));
for (let done = 0, round = 0; done < sizes.updates; done += chunk, round++) {
  const updates = stream.next(Math.min(chunk, sizes.updates - done));
  // Rotate the order so no contender always runs right after another's garbage.
  for (let k = 0; k < contenders.length; k++) {
    const contender = contenders[(k + round) % contenders.length] as Contender;
    writeMs.set(
      contender.name,
      (writeMs.get(contender.name) ?? 0) + timeMs(() => contender.apply(updates)),
    );
  }
}
const ms = (name: string): number => writeMs.get(name) as number;
const emitted = (name: string): number =>
  (contenders.find((c) => c.name === name) as Contender).snapshots() -
  (emittedBefore.get(name) ?? 0);

log('snapshot cost…');
const live = new Indexer<BenchPod>({ indexers: benchIndexers });
live.replace(pods, '0');
const seals = quick ? 20_000 : 200_000;
const sealMs = timeMs(() => {
  for (let i = 0; i < seals; i++) {
    live.setResourceVersion(`b${i}`);
    keep(live.snapshot());
  }
});

log('byIndex vs scan…');
const snapshot = (contenders[3] as ReturnType<typeof indexerContender>).store.snapshot();
const baselineStore = (baseline as ReturnType<typeof baselineContender>).store;
const immutableSnapshot = (
  contenders[4] as ReturnType<typeof immutableJsContender>
).store.snapshot();
const namespaces = Array.from({ length: sizes.namespaces }, (_, i) => `ns-${i}`);
const scan = (namespace: string): BenchPod[] => {
  const out: BenchPod[] = [];
  for (const pod of baselineStore.items.values())
    if (pod.metadata.namespace === namespace) out.push(pod);
  return out;
};
const perQuery = (
  reps: number,
  query: (namespace: string) => readonly unknown[],
  sample: readonly string[] = namespaces,
): number => {
  for (const namespace of sample) keep(query(namespace)); // warm-up
  return (
    timeMs(() => {
      for (let r = 0; r < reps; r++) for (const namespace of sample) keep(query(namespace));
    }) /
    (reps * sample.length)
  );
};
// A repeated read returns the array built by the first one, so the target is judged on the
// first read after a write changed the bucket: the write happens off the clock, the read on it.
const podOfNamespace = new Map(pods.map((pod) => [pod.metadata.namespace, pod]));
let coldMs = 0;
let coldReads = 0;
for (let r = 0; r < 20; r++) {
  for (const namespace of namespaces) {
    const pod = podOfNamespace.get(namespace) as BenchPod;
    live.update({ ...pod, metadata: { ...pod.metadata, resourceVersion: `c${r}` } });
    const sealed = live.snapshot();
    const started = performance.now();
    keep(sealed.byIndex('namespace', namespace));
    coldMs += performance.now() - started;
    coldReads++;
  }
}
const byIndexMs = coldMs / coldReads;
const repeatedByIndexMs = perQuery(20, (namespace) => snapshot.byIndex('namespace', namespace));
const baselineByIndexMs = perQuery(20, (namespace) =>
  baselineStore.byIndex('namespace', namespace),
);
const immutableByIndexMs = perQuery(20, (namespace) =>
  ImmutableJsIndexer.byIndex(immutableSnapshot, 0, namespace),
);
const scanMs = perQuery(2, scan);
// Slow by design (it builds the whole list each time): a sample of namespaces is enough.
const listScanMs = perQuery(
  1,
  (namespace) => snapshot.list().filter((pod) => pod.metadata.namespace === namespace),
  namespaces.slice(0, 10),
);

const perObject = sizes.objects / sizes.namespaces;
const slowdown = (name: string): number => ms(name) / ms('baseline');
const target = (ok: boolean): Row['status'] => (quick ? 'n/a' : ok ? 'PASS' : 'FAIL');
const writes = sizes.updates.toLocaleString('en-US');
const rows: Row[] = [
  {
    figure: `Writes, baseline (mutable Map + Set indices), ${writes} updates`,
    value: perSecond(sizes.updates, ms('baseline')),
    baseline: '',
    target: '',
    status: 'info',
  },
  {
    figure: `Writes, one snapshot per batch of ${BATCH} (${emitted('rxkube (batch)')} emitted)`,
    value: perSecond(sizes.updates, ms('rxkube (batch)')),
    baseline: perSecond(sizes.updates, ms('baseline')),
    ratio: slowdown('rxkube (batch)'),
    target: '≤ 3× slower',
    status: target(slowdown('rxkube (batch)') <= 3),
  },
  {
    figure: `Writes, snapshot after every write (${emitted('rxkube (every-write)')} emitted)`,
    value: perSecond(sizes.updates, ms('rxkube (every-write)')),
    baseline: perSecond(sizes.updates, ms('baseline')),
    ratio: slowdown('rxkube (every-write)'),
    target: '≤ 10× slower',
    status: target(slowdown('rxkube (every-write)') <= 10),
  },
  {
    figure: 'Writes, nobody subscribed (no snapshot taken)',
    value: perSecond(sizes.updates, ms('rxkube (none)')),
    baseline: perSecond(sizes.updates, ms('baseline')),
    ratio: slowdown('rxkube (none)'),
    target: '',
    status: 'info',
  },
  {
    figure: 'Snapshot cost: seal after a resource-version change',
    value: duration(sealMs / seals),
    baseline: '',
    target: '',
    status: 'info',
  },
  {
    figure: `byIndex, first read after a write, ${perObject.toLocaleString('en-US')} of ${sizes.objects.toLocaleString('en-US')} objects`,
    value: duration(byIndexMs),
    baseline: `scan: ${duration(scanMs)}`,
    ratio: scanMs / byIndexMs,
    target: '≥ 50× faster',
    status: target(scanMs / byIndexMs >= 50),
  },
  {
    figure: 'byIndex read again, no write since (the array is shared)',
    value: duration(repeatedByIndexMs),
    baseline: `scan: ${duration(scanMs)}`,
    ratio: scanMs / repeatedByIndexMs,
    target: '',
    status: 'info',
  },
  {
    figure: 'byIndex on the mutable baseline (keys → Map lookups)',
    value: duration(baselineByIndexMs),
    baseline: `scan: ${duration(scanMs)}`,
    ratio: scanMs / baselineByIndexMs,
    target: '',
    status: 'info',
  },
  {
    figure: 'Scan of snapshot.list() (no index)',
    value: duration(listScanMs),
    baseline: `scan: ${duration(scanMs)}`,
    ratio: scanMs / listScanMs,
    target: '',
    status: 'info',
  },
  {
    figure: 'Heap per object (store overhead, objects excluded)',
    value: bytes(heap.rxkube),
    baseline: bytes(heap.baseline),
    ratio: heap.rxkube / heap.baseline,
    target: '',
    status: 'info',
  },
  {
    figure: `immutable.js writes, one snapshot per batch of ${BATCH}`,
    value: perSecond(sizes.updates, ms('immutable.js (batch)')),
    baseline: perSecond(sizes.updates, ms('baseline')),
    ratio: slowdown('immutable.js (batch)'),
    target: '',
    status: 'info',
  },
  {
    figure: 'immutable.js writes, snapshot after every write',
    value: perSecond(sizes.updates, ms('immutable.js (every-write)')),
    baseline: perSecond(sizes.updates, ms('baseline')),
    ratio: slowdown('immutable.js (every-write)'),
    target: '',
    status: 'info',
  },
  {
    figure: 'immutable.js byIndex',
    value: duration(immutableByIndexMs),
    baseline: `scan: ${duration(scanMs)}`,
    ratio: scanMs / immutableByIndexMs,
    target: '',
    status: 'info',
  },
  {
    figure: 'immutable.js heap per object',
    value: bytes(heap.immutableJs),
    baseline: bytes(heap.baseline),
    ratio: heap.immutableJs / heap.baseline,
    target: '',
    status: 'info',
  },
];

const seconds = (Date.now() - started) / 1000;
const table = markdownTable(rows);
process.stdout.write(
  `\n## Store micro-benchmark${quick ? ' (--quick: sizes too small for the targets)' : ''}\n\n` +
    `${sizes.objects.toLocaleString('en-US')} objects in ${sizes.namespaces} namespaces, ` +
    `${writes} updates; Node ${process.version}; ${seconds.toFixed(1)} s\n\n${table}\n`,
);

const resultsDir = new URL('../results/', import.meta.url);
mkdirSync(resultsDir, { recursive: true });
const file = new URL(quick ? 'micro-quick.json' : 'micro-latest.json', resultsDir);
writeFileSync(
  file,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      quick,
      sizes,
      batch: BATCH,
      seconds,
      rows,
      raw: {
        writeMs: Object.fromEntries(writeMs),
        sealNs: (sealMs / seals) * 1e6,
        byIndexMs,
        baselineByIndexMs,
        immutableByIndexMs,
        scanMs,
        listScanMs,
        heapBytesPerObject: heap,
      },
    },
    null,
    2,
  )}\n`,
);
if (check && rows.some((row) => row.status === 'FAIL')) process.exitCode = 1;
