import {
  describeFault,
  faultTypes,
  planFaults,
  type FaultStep,
  type FaultType,
} from '../faults/faultPlan.js';
import type { ClientUnderTest } from '../scenario/clientUnderTest.js';
import {
  ciScenario,
  runScenario,
  type ScenarioOptions,
  type ScenarioResult,
} from '../scenario/runScenario.js';
import type { InformerVariant } from '../scenario/variants.js';
import type { FakeApiServer } from '@rxkube/testing';
import { ProcessCheck } from './processCheck.js';
import { shrink } from './shrink.js';

/** Options of {@link runChaos}. */
interface ChaosOptions {
  /** First seed. */
  readonly seedBase: number;
  /** How many seeds. */
  readonly seeds: number;
  /** Stop starting new seeds after this long (ms); unlimited by default. */
  readonly maxDurationMs?: number;
  /** Faults per seed. */
  readonly faultsPerSeed: number;
  /** Scenario sizes and limits. */
  readonly scenario?: ScenarioOptions;
  /**
   * Seeds run at the same time (default 1). Above 1, handles and escaped rejections are
   * checked once around the whole run instead of around each seed.
   */
  readonly concurrency?: number;
  /** Reruns allowed to shrink each failing schedule (0: don't shrink). */
  readonly shrinkRuns?: number;
  /** Where lines go. Default `console.log`. */
  readonly print?: (line: string) => void;
}

/** Totals of a chaos run. */
interface ChaosSummary {
  readonly passed: number;
  readonly failed: number;
  readonly results: readonly ScenarioResult[];
  /** Each failing seed with the shortest schedule found to reproduce it. */
  readonly failures: readonly {
    seed: number;
    schedule: readonly FaultStep[];
    problems: string[];
  }[];
  /** Handles left or rejections escaped over the whole run (concurrent runs only). */
  readonly processProblems: readonly string[];
  /** How many faults of each type were scheduled across seeds. */
  readonly scheduled: Readonly<Record<FaultType, number>>;
  /** Client errors by type, summed over seeds. */
  readonly errors: Readonly<Record<string, number>>;
}

/** Starts the informer library under test. */
type StartClient = (server: FakeApiServer, variants: readonly InformerVariant[]) => ClientUnderTest;

/**
 * Runs the convergence scenario for a range of seeds, one after the other, printing a line per
 * seed and a final `N passed, N failed` line. A failing seed is rerun with shorter schedules to
 * print the shortest one that still fails.
 *
 * @param start - starts the library under test.
 * @param options - seeds, faults, sizes.
 * @returns the totals.
 */
export async function runChaos(start: StartClient, options: ChaosOptions): Promise<ChaosSummary> {
  const print = options.print ?? ((line: string) => console.log(line));
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const scenario: ScenarioOptions = {
    ...(options.scenario ?? ciScenario),
    checkProcess: concurrency === 1 && (options.scenario ?? ciScenario).checkProcess,
  };
  const began = Date.now();
  const results: ScenarioResult[] = [];
  const failures: { seed: number; schedule: readonly FaultStep[]; problems: string[] }[] = [];
  const scheduled = Object.fromEntries(faultTypes.map((t) => [t, 0])) as Record<FaultType, number>;
  const errors: Record<string, number> = {};
  const processWide = concurrency > 1 ? new ProcessCheck() : undefined;
  let next = 0;
  const worker = async (): Promise<void> => {
    for (;;) {
      if (options.maxDurationMs !== undefined && Date.now() - began > options.maxDurationMs) return;
      const i = next++;
      if (i >= options.seeds) return;
      const seed = options.seedBase + i;
      const schedule = planFaults(seed, options.faultsPerSeed);
      for (const step of schedule) scheduled[step.type]++;
      const result = await runScenario(seed, schedule, start, scenario);
      results.push(result);
      for (const [type, n] of Object.entries(result.errors)) errors[type] = (errors[type] ?? 0) + n;
      print(seedLine(result, schedule));
      if (!result.passed) {
        for (const problem of result.problems) print(`    ${problem}`);
        failures.push({ seed, schedule, problems: result.problems });
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const processProblems = (await processWide?.finish()) ?? [];
  for (const problem of processProblems) print(`process: ${problem}`);
  // Shrink one seed at a time, with every check on.
  for (const failure of failures) {
    const shortest = await shortestFailing(
      failure.seed,
      failure.schedule,
      start,
      { ...scenario, checkProcess: options.scenario?.checkProcess ?? true },
      options.shrinkRuns ?? 0,
    );
    print(
      shortest.reproduced
        ? `seed ${failure.seed} fails with ${shortest.schedule.length} fault(s): [${shortest.schedule.map(describeFault).join(', ')}]`
        : `seed ${failure.seed} did not fail again on a rerun (timing-dependent); its schedule: [${failure.schedule.map(describeFault).join(', ')}]`,
    );
    failure.schedule = shortest.schedule;
  }
  results.sort((a, b) => a.seed - b.seed);
  const passed = results.filter((r) => r.passed).length;
  const failed = results.length - passed + (processProblems.length > 0 ? 1 : 0);
  print(`${passed} passed, ${failed} failed`);
  return { passed, failed, results, failures, processProblems, scheduled, errors };
}

async function shortestFailing(
  seed: number,
  schedule: readonly FaultStep[],
  start: StartClient,
  scenario: ScenarioOptions,
  maxRuns: number,
): Promise<{ schedule: readonly FaultStep[]; reproduced: boolean }> {
  if (maxRuns <= 0) return { schedule, reproduced: true };
  const fails = async (candidate: readonly FaultStep[]) =>
    !(await runScenario(seed, candidate, start, scenario)).passed;
  if (!(await fails(schedule))) return { schedule, reproduced: false };
  return { schedule: (await shrink(schedule, fails, maxRuns - 1)).items, reproduced: true };
}

/**
 * The summary line of one seed.
 *
 * @param result - the seed's result.
 * @param schedule - its faults.
 * @returns e.g. `seed 7 PASS 2.4s  faults: … | errors: stream 3 | 812 changes, 9,311 events`.
 */
export function seedLine(result: ScenarioResult, schedule: readonly FaultStep[]): string {
  const errors = Object.entries(result.errors)
    .map(([type, n]) => `${type} ${n}`)
    .join(', ');
  return [
    `seed ${result.seed} ${result.passed ? 'PASS' : 'FAIL'} ${(result.durationMs / 1000).toFixed(1)}s`,
    ` faults: ${schedule.map(describeFault).join(', ') || 'none'}`,
    ` | errors: ${errors || 'none'}`,
    ` | ${result.changes} changes, ${result.events} events`,
    result.freezes > 0 ? ` | event loop froze ${result.freezes}×` : '',
  ].join('');
}
