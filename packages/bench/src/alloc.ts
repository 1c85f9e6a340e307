/**
 * Bytes allocated per watch event through a whole `SharedIndexInformer` (one handler, its
 * `indexer$` subscribed), against a floor that only parses the same event lines into a `Map`.
 * Usage: `node --expose-gc dist/alloc.js` (or `npm run alloc -w @rxkube/bench`).
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

const OBJECTS = 10_000;
/** Events measured, in windows of `WINDOW` events delivered in chunks of `CHUNK`. */
const EVENTS = 100_000;
const WINDOW = 10_000;
const CHUNK = 1_000;
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

/**
 * Runs the measured windows through `sink` after the warm-up.
 *
 * @returns bytes allocated per event, and the collections counted
 */
async function measure(sink: Sink): Promise<{ perEvent: number; collections: number }> {
  const deliverWindow = async (lines: readonly string[]): Promise<void> => {
    for (let at = 0; at < lines.length; at += CHUNK) await sink(lines.slice(at, at + CHUNK));
  };
  await deliverWindow(linesOf(0, WARMUP));
  let total = 0;
  let collections = 0;
  for (let from = WARMUP; from < WARMUP + EVENTS; from += WINDOW) {
    // Built before the window and reachable until it closes: not counted.
    const lines = linesOf(from, WINDOW);
    const chunks = Array.from({ length: WINDOW / CHUNK }, (_, c) =>
      lines.slice(c * CHUNK, (c + 1) * CHUNK),
    );
    const window = await allocatedBytes(async () => {
      for (const chunk of chunks) await sink(chunk);
    });
    total += window.bytes;
    collections += window.collections;
  }
  return { perEvent: total / EVENTS, collections };
}

/** The floor: `JSON.parse` of each line into a `Map` by key, what any cache must do. */
async function floor(): Promise<{ perEvent: number; collections: number }> {
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

/** The informer: list, then every event through the watch, the cache and one handler. */
async function informer(): Promise<{ perEvent: number; collections: number }> {
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
  const snapshotsSub = pods.indexer$.subscribe((snapshot) => {
    snapshots += 1;
    latest = snapshot;
  });
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
    if (latest?.size !== OBJECTS || latest.resourceVersion !== lastVersion) {
      throw new Error(`last snapshot: ${latest?.size} objects at ${latest?.resourceVersion}`);
    }
    log(`informer: ${snapshots} snapshots published`);
    return result;
  } finally {
    handler.unsubscribe();
    snapshotsSub.unsubscribe();
    running.unsubscribe();
  }
}

const started = Date.now();
log(`${OBJECTS} pods listed, then ${WARMUP} MODIFIED events (warm-up) and ${EVENTS} measured…`);
const results = { floor: await floor(), informer: await informer() };
const { floor: base, informer: full } = results;
const rows: Row[] = [
  {
    figure: 'bytes allocated per MODIFIED event (JSON.parse included)',
    value: bytes(full.perEvent),
    baseline: bytes(base.perEvent),
    ratio: full.perEvent / base.perEvent,
    target: '',
    status: 'info',
  },
  {
    figure: 'of which the informer beyond the floor',
    value: bytes(full.perEvent - base.perEvent),
    baseline: '',
    target: '',
    status: 'info',
  },
  {
    figure: `collections during the ${EVENTS.toLocaleString('en-US')} events`,
    value: String(full.collections),
    baseline: String(base.collections),
    target: '',
    status: 'info',
  },
];
process.stdout.write(`${markdownTable(rows)}\n`);
log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
