import type { FaultKind } from '@rxkube/testing';
import { FakeApiServer } from '@rxkube/testing';
import { describeFault, type FaultStep } from '../faults/faultPlan.js';
import { injectFault } from '../faults/faultDriver.js';
import type { ClientUnderTest } from './clientUnderTest.js';
import { accountForErrors } from './errorAccounting.js';
import { diffStates, replay, type CacheState } from './eventLog.js';
import { expectedCaches, sameCaches, sameState } from './serverState.js';
import { pollUntil, sleep } from '@rxkube/devkit';
import {
  activeResources,
  EscapeWatch,
  leakedResources,
  LoopFreezeMonitor,
} from './processHealth.js';
import { scenarioReflectorOptions } from './rxkubeClient.js';
import { variants, type InformerVariant } from './variants.js';
import { Workload, type WorkloadOptions } from './workload.js';

/** Sizes and limits of a convergence scenario. */
export interface ScenarioOptions extends Omit<WorkloadOptions, 'seed'> {
  /** Pause between two faults, while the churn goes on. */
  readonly settleMs: number;
  /** How long a fault may take to fire and be reported. */
  readonly faultTimeoutMs: number;
  /** How long the caches may take to converge once faults and churn stop. */
  readonly convergeTimeoutMs: number;
  /** Check the error stream and handles (off for libraries without typed errors). */
  readonly strict: boolean;
  /**
   * Check the whole process for leaked handles and escaped rejections around this run. Only
   * meaningful when nothing else runs at the same time; concurrent runs check once around all.
   */
  readonly checkProcess: boolean;
}

/** CI-sized defaults: 2,000 objects, ~400 changes a second. */
export const ciScenario: ScenarioOptions = {
  objects: 2_000,
  churnPerSecond: 300,
  loadedChangesPerSecond: 100,
  maxChurnObjects: 600,
  settleMs: 30,
  faultTimeoutMs: 8_000,
  convergeTimeoutMs: 20_000,
  strict: true,
  checkProcess: true,
};

// A freeze this long leaves a watch without bookmarks for about the idle timeout.
const freezeThresholdMs =
  scenarioReflectorOptions.idleTimeoutMs - 3 * scenarioReflectorOptions.bookmarkIntervalMs;

/** What one run of a scenario found. */
export interface ScenarioResult {
  readonly seed: number;
  readonly passed: boolean;
  /** Everything that went wrong (empty when passed). */
  readonly problems: string[];
  /** Server-side fault counters at the end. */
  readonly fired: Record<FaultKind, number>;
  /** The client's reported errors by type. */
  readonly errors: Record<string, number>;
  /** Events delivered to handlers, summed. */
  readonly events: number;
  /** Changes the workload made. */
  readonly changes: number;
  /** Times the event loop froze long enough to trip idle detection. */
  readonly freezes: number;
  readonly durationMs: number;
}

/**
 * Runs one convergence scenario: loads the server, starts the informers, churns while the fault
 * schedule fires (each fault must fire and be reported before the next), then stops faults and
 * churn and checks that every cache and every handler's replayed log equals the server's
 * matching objects, that every error is accounted for, that nothing escaped as an unhandled
 * rejection, and that stopping leaves no socket or timer behind.
 *
 * @param seed - seeds the server, the load and the churn.
 * @param schedule - the faults, in order.
 * @param start - starts the informer library under test against a server.
 * @param options - sizes and limits.
 * @returns the result.
 */
export async function runScenario(
  seed: number,
  schedule: readonly FaultStep[],
  start: (server: FakeApiServer, variants: readonly InformerVariant[]) => ClientUnderTest,
  options: ScenarioOptions = ciScenario,
): Promise<ScenarioResult> {
  const began = Date.now();
  const problems: string[] = [];
  const baseline = activeResources();
  const escapes = new EscapeWatch();
  if (options.checkProcess) escapes.install();
  const server = await FakeApiServer.start({
    seed,
    bookmarkIntervalMs: 100,
    tooLargeResourceVersionWaitMs: 500,
  });
  const workload = new Workload(server, { ...options, seed });
  const client = start(server, variants);
  const freezes = new LoopFreezeMonitor(freezeThresholdMs);
  let events = 0;
  try {
    // The server's state only changes while the workload runs: read it once per phase.
    const initial = expectedCaches(server, variants);
    const synced = await pollUntil(() => sameCaches(initial, client.caches()), {
      timeoutMs: 20_000,
      pollMs: 20,
    });
    if (!synced) problems.push('initial sync: the caches never matched the server');

    workload.start();
    for (const [i, step] of schedule.entries()) {
      // Faults act on open watches: let every informer be watching first.
      const watching = await pollUntil(() => watchingCount(server) >= variants.length, {
        timeoutMs: options.faultTimeoutMs,
        pollMs: 10,
      });
      if (!watching) {
        problems.push(
          `before fault #${i}: only ${server.openWatches} informer(s) watching${stateOf(client)}`,
        );
      }
      const expectation = await injectFault(
        server,
        step,
        options.strict ? client.observation : undefined,
      );
      const ok = await pollUntil(() => expectation.fired() && expectation.observed(), {
        timeoutMs: options.faultTimeoutMs,
        pollMs: 10,
      });
      if (!ok) {
        problems.push(
          `fault #${i} ${describeFault(step)}: ${expectation.fired() ? `not reported (awaiting ${expectation.awaiting}; requests since: ${expectation.progress()})` : 'never fired'}${stateOf(client)}`,
        );
      }
      await sleep(options.settleMs);
    }
    workload.stop();
    server.faults.clear();

    const final = expectedCaches(server, variants);
    problems.push(...(await checkConvergence(client, final, options.convergeTimeoutMs)));
    events = client.logs.flat().reduce((sum, log) => sum + log.events.length, 0);
    if (options.strict) {
      const tally = client.errorTally();
      const drops = schedule.filter((step) => step.type === 'dropConnections').length;
      problems.push(...accountForErrors(tally, server.faults.counts(), freezes.freezes, drops));
    }
  } finally {
    freezes.stop();
    workload.stop();
    await client.stop();
    const closed = await pollUntil(() => server.openConnections === 0 && server.openWatches === 0, {
      timeoutMs: 5_000,
      pollMs: 10,
    });
    if (!closed && options.strict) {
      problems.push(
        `after stop: ${server.openConnections} connection(s), ${server.openWatches} watch(es) still open`,
      );
    }
    await server.stop();
  }
  if (options.strict && options.checkProcess) {
    let leaked: string[] = [];
    await pollUntil(() => (leaked = leakedResources(baseline, activeResources())).length === 0, {
      timeoutMs: 3_000,
      pollMs: 10,
    });
    if (leaked.length > 0) problems.push(`after stop: handles left: ${leaked.join(', ')}`);
  }
  escapes.uninstall();
  problems.push(...escapes.escaped);
  return {
    seed,
    passed: problems.length === 0,
    problems,
    fired: server.faults.counts(),
    errors: client.errorTally(),
    events,
    changes:
      workload.churn.stats.created +
      workload.churn.stats.updated +
      workload.churn.stats.deleted +
      workload.loadedChanges,
    freezes: freezes.freezes,
    durationMs: Date.now() - began,
  };
}

/** Waits for the caches and handlers to converge, then checks caches and replayed logs. */
async function checkConvergence(
  client: ClientUnderTest,
  want: CacheState[],
  timeoutMs: number,
): Promise<string[]> {
  const converged = () => sameCaches(want, client.caches()) && client.drained();
  const handlersCaughtUp = () =>
    client.logs.every((logs, i) =>
      logs.every((log) => sameState(want[i] ?? new Map(), replay(log.events).state)),
    );
  await pollUntil(converged, { timeoutMs, pollMs: 25 });
  // The slow handlers may still be finishing the event they were given last.
  await pollUntil(handlersCaughtUp, { timeoutMs: 2_000, pollMs: 50 });
  const problems: string[] = [];
  const caches = client.caches();
  variants.forEach((variant, i) => {
    const wanted = want[i] ?? new Map();
    const diff = diffStates(wanted, caches[i] ?? new Map());
    if (diff.length > 0) problems.push(`${variant.name} cache diverged: ${diff.join('; ')}`);
    client.logs[i]?.forEach((log, h) => {
      const handler = `${variant.name} handler ${h === 0 ? 'fast' : 'slow'}`;
      const replayed = replay(log.events);
      if (replayed.violations.length > 0) {
        problems.push(`${handler} log out of order: ${replayed.violations.join('; ')}`);
      }
      const logDiff = diffStates(wanted, replayed.state);
      if (logDiff.length > 0) problems.push(`${handler} replay diverged: ${logDiff.join('; ')}`);
    });
  });
  return problems;
}

/**
 * What a stalled fault needs to be told apart: an informer still in a list counts no request
 * (lists count once they complete), and a list that never ends looks the same as one starved of
 * CPU, whose handlers' backlogs and the heap they hold keep growing.
 *
 * @returns ` (heap N MB) | <one line per informer>`, or the heap alone without details
 */
function stateOf(client: ClientUnderTest): string {
  const heapMb = Math.round(process.memoryUsage().heapUsed / 2 ** 20);
  const informers = client.details?.() ?? [];
  return [` (heap ${heapMb} MB)`, ...informers].join(' | ');
}

function watchingCount(server: FakeApiServer): number {
  return server.openWatches;
}
