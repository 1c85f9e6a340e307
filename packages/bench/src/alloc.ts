/**
 * What one watch event costs a whole `SharedIndexInformer` beyond a floor that only parses the
 * same event lines into a `Map`: bytes allocated and CPU time per event, for a plain informer
 * with one handler (as most users run it) and for one whose `indexer$` is also subscribed
 * (which publishes a snapshot per drain).
 * Usage: `node --expose-gc dist/alloc.js [--only=floor,informer,indexer$]` (or
 * `npm run alloc -w @rxkube/bench`).
 *
 * It uses the informer's public API only (the constructor, `start`, `waitForCacheSync`,
 * `handle`, `indexer$`, the `ListerWatcher` interface), so the same script measures any
 * version of the informer.
 */
import { type KubeObject, NamespaceIndex, metaNamespaceIndexFunc } from '@rxkube/store';
import { SharedIndexInformer, silentLogger } from '@rxkube/informer';
import { realisticPod, seededRandom } from '@rxkube/testing';
import { allocatedBytes } from './alloc/allocatedBytes.js';
import { ScriptedListerWatcher } from './alloc/scriptedListerWatcher.js';
import { type Row, bytes, markdownTable } from './report.js';
import { scriptOption } from './scriptOption.js';

const OBJECTS = 10_000;
/**
 * Events measured, in windows of `WINDOW` events delivered in chunks of `CHUNK`: a chunk per
 * turn of the event loop, about what one 64 KB socket read of ~3 KB events brings.
 */
const EVENTS = 100_000;
const WINDOW = 10_000;
const CHUNK = 20;
/** One window before the measured ones, so compilation and first-use allocations stay out. */
const WARMUP = WINDOW;
const LIST_VERSION = 1_000;

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

// Each pod's JSON split around its resourceVersion, so an event line costs one concatenation.
const RV_MARK = '__RV__';
const random = seededRandom(1);
const templates = Array.from({ length: OBJECTS }, (_, i) => {
  const pod = realisticPod({ namespace: `ns-${i % 20}`, name: `pod-${i}`, random });
  pod.metadata = { ...pod.metadata, uid: `uid-${i}`, resourceVersion: RV_MARK };
  return JSON.stringify(pod).split(RV_MARK) as [string, string];
});
const podJson = (i: number, rv: number): string => {
  const [head, tail] = templates[i % OBJECTS]!;
  return head + String(rv) + tail;
};
/** Event `seq` (from 0): a MODIFIED of pod `seq % OBJECTS` at the next resourceVersion. */
const eventLine = (seq: number): string =>
  `{"type":"MODIFIED","object":${podJson(seq, LIST_VERSION + 1 + seq)}}`;
const linesOf = (from: number, count: number): string[] =>
  Array.from({ length: count }, (_, k) => eventLine(from + k));

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Somewhere to send events: resolves once it has taken (and fully processed) every line. */
type Sink = (lines: readonly string[]) => Promise<void>;

/** What the measured events cost one side. */
interface Cost {
  /** Bytes allocated per event, garbage included. */
  readonly bytes: number;
  /** CPU time of the process per event, in µs (the collector's threads included). */
  readonly cpuMicros: number;
  /** Collections during the measured events. */
  readonly collections: number;
}

/**
 * Runs the measured windows through `sink` after the warm-up. CPU time is the process's
 * (`process.cpuUsage`), so other load on the machine changes it less than wall time; it is
 * taken inside each window, after the forced collection that opens it.
 *
 * @returns the cost per event, and the collections counted
 */
async function measure(sink: Sink): Promise<Cost> {
  const deliverWindow = async (lines: readonly string[]): Promise<void> => {
    for (let at = 0; at < lines.length; at += CHUNK) await sink(lines.slice(at, at + CHUNK));
  };
  await deliverWindow(linesOf(0, WARMUP));
  let total = 0;
  let cpuMicros = 0;
  let collections = 0;
  for (let from = WARMUP; from < WARMUP + EVENTS; from += WINDOW) {
    // Built before the window and reachable until it closes: not counted.
    const lines = linesOf(from, WINDOW);
    const chunks = Array.from({ length: WINDOW / CHUNK }, (_, c) =>
      lines.slice(c * CHUNK, (c + 1) * CHUNK),
    );
    const window = await allocatedBytes(async () => {
      const started = process.cpuUsage();
      for (const chunk of chunks) await sink(chunk);
      const { user, system } = process.cpuUsage(started);
      return user + system;
    });
    total += window.bytes;
    cpuMicros += window.value;
    collections += window.collections;
  }
  return { bytes: total / EVENTS, cpuMicros: cpuMicros / EVENTS, collections };
}

/** The floor: `JSON.parse` of each line into a `Map` by key, what any cache must do. */
async function floor(): Promise<Cost> {
  const cache = new Map<string, unknown>();
  const result = await measure(async (lines) => {
    for (const line of lines) {
      const event = JSON.parse(line) as {
        object: { metadata: { namespace: string; name: string } };
      };
      const { namespace, name } = event.object.metadata;
      cache.set(`${namespace}/${name}`, event.object);
    }
    await turn();
  });
  if (cache.size !== OBJECTS) throw new Error(`floor cached ${cache.size} objects`);
  return result;
}

/**
 * The informer: list, then every event through the watch, the cache and one handler.
 *
 * @param subscribeIndexer - whether `indexer$` is subscribed too
 */
async function informer(subscribeIndexer: boolean): Promise<Cost> {
  const listed = Array.from({ length: OBJECTS }, (_, i) => JSON.parse(podJson(i, LIST_VERSION)));
  const lw = new ScriptedListerWatcher<KubeObject>(listed, String(LIST_VERSION));
  const pods = new SharedIndexInformer<KubeObject>(lw, {
    indexers: { [NamespaceIndex]: metaNamespaceIndexFunc },
    // As in production (NODE_ENV=production): objects are not deep-frozen.
    freeze: false,
    logger: silentLogger,
    // The scripted watch carries no initial events: list, as against a server without WatchList.
    reflector: { streamingList: false },
  });
  let seen = 0;
  let target = 0;
  let wake: () => void = () => {};
  const handler = pods.handle().subscribe(() => {
    seen += 1;
    if (seen === target) wake();
  });
  let snapshots = 0;
  let latest: { readonly size: number; readonly resourceVersion: string } | undefined;
  const snapshotsSub = subscribeIndexer
    ? pods.indexer$.subscribe((snapshot) => {
        snapshots += 1;
        latest = snapshot;
      })
    : undefined;
  const running = pods.start();
  try {
    if (!(await pods.waitForCacheSync())) throw new Error('the informer did not sync');
    while (!lw.watching() || seen < OBJECTS) await turn();
    const result = await measure((lines) => {
      const processed = new Promise<void>((resolve) => (wake = resolve));
      target = seen + lines.length;
      lw.deliver(lines);
      return processed;
    });
    const lastVersion = String(LIST_VERSION + WARMUP + EVENTS);
    if (seen !== OBJECTS + WARMUP + EVENTS) throw new Error(`the handler saw ${seen} events`);
    if (lw.watches !== 1) throw new Error(`the informer watched ${lw.watches} times`);
    // Without a subscriber, the last snapshot is read once, after the run.
    if (!subscribeIndexer) latest = pods.indexer$.value;
    if (latest?.size !== OBJECTS || latest.resourceVersion !== lastVersion) {
      throw new Error(`last snapshot: ${latest?.size} objects at ${latest?.resourceVersion}`);
    }
    if (subscribeIndexer) log(`informer with indexer$: ${snapshots} snapshots published`);
    return result;
  } finally {
    handler.unsubscribe();
    snapshotsSub?.unsubscribe();
    running.unsubscribe();
  }
}

const sides = {
  floor: () => floor(),
  informer: () => informer(false),
  indexer$: () => informer(true),
} as const;
type Side = keyof typeof sides;
const only = scriptOption('only', Object.keys(sides).join(',')).split(',') as Side[];
for (const side of only) {
  if (!(side in sides))
    throw new Error(`--only: no side ${side} (${Object.keys(sides).join(', ')})`);
}

const started = Date.now();
log(
  `${OBJECTS} pods listed, then ${WARMUP} MODIFIED events (warm-up) and ${EVENTS} measured, ` +
    `${CHUNK} per turn…`,
);
const results = new Map<Side, Cost>();
for (const side of only) results.set(side, await sides[side]());
const base = results.get('floor');
const rows: Row[] = [];
const micros = (value: number): string => `${value.toFixed(2)} µs`;
const labels: Record<Side, string> = {
  floor: 'the floor',
  informer: 'the informer (one handler)',
  indexer$: 'the informer with indexer$ subscribed',
};
for (const [side, cost] of results) {
  const beyond = side !== 'floor' && base !== undefined;
  rows.push(
    {
      figure: `${labels[side]}: bytes allocated per MODIFIED event (JSON.parse included)`,
      value: bytes(cost.bytes),
      baseline: beyond ? bytes(base.bytes) : '',
      ...(beyond ? { ratio: cost.bytes / base.bytes } : {}),
      target: '',
      status: 'info',
    },
    {
      figure: `${labels[side]}: CPU time per MODIFIED event`,
      value: micros(cost.cpuMicros),
      baseline: beyond ? micros(base.cpuMicros) : '',
      ...(beyond ? { ratio: cost.cpuMicros / base.cpuMicros } : {}),
      target: '',
      status: 'info',
    },
  );
  if (beyond) {
    rows.push({
      figure: `${labels[side]}: beyond the floor, per event`,
      value: `${bytes(cost.bytes - base.bytes)}, ${micros(cost.cpuMicros - base.cpuMicros)}`,
      baseline: '',
      target: '',
      status: 'info',
    });
  }
  rows.push({
    figure: `${labels[side]}: collections during the ${EVENTS.toLocaleString('en-US')} events`,
    value: String(cost.collections),
    baseline: beyond ? String(base.collections) : '',
    target: '',
    status: 'info',
  });
}
process.stdout.write(`${markdownTable(rows)}\n`);
log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
