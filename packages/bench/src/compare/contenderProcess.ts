/**
 * Entry of a contender process: one contender, one repetition, driven by the orchestrator
 * over IPC. Run with `--expose-gc` so heap figures are taken after full collections.
 */
import { settledHeap } from '../measure.js';
import type { Connection, Contender, ContenderName } from './contender.js';
import { Expectation, type ExpectedEntry, type Instant, Waiter, now } from './convergence.js';
import { ProbeHandler, SlowHandler } from './handlers.js';
import { serveRpc } from './rpc.js';
import { runQueries, type QueryParams, type QueryTimings } from './scenarios/queryTimings.js';
import { startTimedProfile } from './timedProfile.js';

/** Parameters of `init`. */
export interface InitParams {
  readonly contender: ContenderName;
  readonly connection: Connection;
  /** Register the 1 ms handler before the probe. */
  readonly slowHandler?: boolean;
  /**
   * Have the probe record the last version it saw per key (needed to wait for changes; off
   * when the heap is measured after sync, as the record would count as the contender's).
   */
  readonly track?: boolean;
}

/** What the contender must reach: its cache, and its probe handler. */
export interface ConvergeParams {
  /** The full expected cache, in delivery order. */
  readonly cache: readonly ExpectedEntry[];
  /** Expected versions as seen by the handler (changes only); omitted: count adds instead. */
  readonly handler?: readonly ExpectedEntry[];
  /** With `handler` omitted: adds the handler must have seen. */
  readonly adds?: number;
  readonly timeoutMs: number;
  /** Take heap and RSS figures once converged. */
  readonly measureMemory?: boolean;
}

/** Figures of one timed phase. */
export interface PhaseResult {
  readonly wallMs: number;
  readonly cpuMs: number;
  /**
   * Time the event loop sat idle during the phase, waiting for I/O or a timer with nothing to
   * run: a client that reads its socket late waits here. Wall time that is neither CPU nor idle
   * is time the process was runnable but not running (other load on the machine).
   */
  readonly idleMs: number;
  /** Heap retained beyond the baseline after forced GC, if measured. */
  readonly heapBytes?: number;
  /** Peak resident set size of the process so far. */
  readonly peakRssBytes: number;
  readonly events: { add: number; update: number; delete: number };
  /**
   * Slow handler, when the cache converged: events handed to it and finished during the phase,
   * and events the fast handler has seen that the slow one has not finished (its backlog).
   */
  readonly slow?: { started: number; finished: number; backlog: number };
}

// Never outlive the orchestrator: a contender left running would retry forever.
process.on('disconnect', () => process.exit(1));

let contender: Contender | undefined;
let probe: ProbeHandler | undefined;
let slow: SlowHandler | undefined;
let baselineHeap = Number.NaN;
const waiter = new Waiter();
let armed: Promise<PhaseResult> | undefined;

function current(): Contender {
  if (contender === undefined) throw new Error('init first');
  return contender;
}

async function load(name: ContenderName, connection: Connection): Promise<Contender> {
  // Each process loads only its own contender's libraries, so RSS is its own.
  switch (name) {
    case 'rxkube':
      return new (await import('./contenders/rxkube.js')).RxkubeContender(connection);
    case 'client-node':
      return new (await import('./contenders/clientNode.js')).ClientNodeContender(connection);
    case 'floor':
      return new (await import('./contenders/floor.js')).FloorContender(connection);
  }
}

function expectations(params: ConvergeParams): () => boolean {
  const c = current();
  const cache = new Expectation(params.cache, (key) => c.version(key));
  const p = probe;
  if (p === undefined || c.addHandler === undefined) return () => cache.met();
  if (params.handler !== undefined) {
    if (!p.tracking) throw new Error('waiting for handler changes needs init({ track: true })');
    const handler = new Expectation(params.handler, (key) => p.seen.get(key));
    return () => cache.met() && handler.met();
  }
  const adds = params.adds ?? 0;
  return () => p.counts.add >= adds && cache.met();
}

async function converge(params: ConvergeParams, start: Instant): Promise<PhaseResult> {
  const c = current();
  const slowAtStart = { started: slow?.started ?? 0, finished: slow?.finished ?? 0 };
  const done = expectations(params);
  const end = await waiter.until(done, params.timeoutMs, () =>
    new Expectation(params.cache, (key) => c.version(key)).firstUnmet(),
  );
  // The clock has stopped; now check everything, including what must not be there.
  new Expectation(params.cache, (key) => c.version(key)).verify();
  const size = c.size();
  const expectedSize = params.cache.filter(([, rv]) => rv !== null).length;
  if (size !== expectedSize) {
    throw new Error(`cache holds ${size} objects, expected ${expectedSize}`);
  }
  const slowFigures =
    slow === undefined
      ? undefined
      : {
          started: slow.started - slowAtStart.started,
          finished: slow.finished - slowAtStart.finished,
          backlog: (probe?.seenTotal ?? 0) - slow.finished,
        };
  return {
    wallMs: end.wallMs - start.wallMs,
    cpuMs: (end.cpuMicros - start.cpuMicros) / 1000,
    idleMs: end.idleMs - start.idleMs,
    heapBytes: params.measureMemory === true ? settledHeap() - baselineHeap : undefined,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    events: { ...(probe?.counts ?? { add: 0, update: 0, delete: 0 }) },
    slow: slowFigures,
  };
}

serveRpc({
  /** Creates the contender and its handlers, then takes the heap baseline. */
  async init(params: InitParams) {
    contender = await load(params.contender, params.connection);
    if (contender.addHandler !== undefined) {
      if (params.slowHandler === true) {
        slow = new SlowHandler();
        contender.addHandler(slow.handle);
      }
      probe = new ProbeHandler(waiter.notify);
      probe.tracking = params.track === true;
      contender.addHandler(probe.handle);
    }
    contender.onApplied?.(waiter.notify);
    await contender.prepare?.();
    baselineHeap = settledHeap();
    return {};
  },

  /** Starts list-watch and times it until converged. */
  async sync(params: ConvergeParams) {
    const profile = await startTimedProfile(current().name);
    const start = now();
    current().start();
    const result = await converge(params, start);
    await profile?.stop();
    return result;
  },

  /** Starts the clock and waits for convergence in the background (see `result`). */
  async arm(params: ConvergeParams) {
    probe?.reset();
    const profile = await startTimedProfile(current().name);
    const start = now();
    armed = converge(params, start).then(async (result) => {
      await profile?.stop();
      return result;
    });
    armed.catch(() => undefined);
    return {};
  },

  /** @returns the figures of the phase started by `arm` */
  result() {
    if (armed === undefined) throw new Error('arm first');
    return armed;
  },

  /** Waits (untimed) until converged, e.g. after warm-up events. */
  async settle(params: ConvergeParams) {
    await converge(params, now());
    // The slow handler drains its warm-up backlog before the heap baseline is taken.
    while (slow !== undefined && probe !== undefined && slow.finished < probe.seenTotal) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    baselineHeap = settledHeap();
    return {};
  },

  /** Waits for handler events to stop arriving, then returns the counts. */
  async quiesce(params: { quietMs: number }) {
    let last = -1;
    while (probe !== undefined && probe.total() !== last) {
      last = probe.total();
      await new Promise((resolve) => setTimeout(resolve, params.quietMs));
    }
    return { ...(probe?.counts ?? { add: 0, update: 0, delete: 0 }) };
  },

  queries(params: QueryParams): QueryTimings {
    return runQueries(current(), params);
  },

  /** Subscribes the dashboard view; returns its counts so far (the initial emission). */
  dashboard(params: { namespace: string }) {
    const view = current().watchNamespace?.(params.namespace);
    dashboardView = view;
    return view === undefined ? null : { ...view.counts };
  },

  dashboardCounts() {
    const view = dashboardView;
    dashboardView = undefined;
    view?.stop();
    return view?.counts ?? null;
  },

  async exit() {
    await contender?.stop();
    setImmediate(() => process.exit(0));
    return {};
  },
});

let dashboardView: ReturnType<NonNullable<Contender['watchNamespace']>> | undefined;
