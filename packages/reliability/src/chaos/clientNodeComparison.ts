import { planFaults } from '../faults/faultPlan.js';
import { startClientNode } from '../scenario/clientNodeClient.js';
import { runScenario, type ScenarioOptions } from '../scenario/runScenario.js';
import { seedLine } from './chaosRun.js';

/** Options of {@link compareClientNode}. */
interface ComparisonOptions {
  readonly seedBase: number;
  readonly seeds: number;
  readonly faultsPerSeed: number;
  readonly scenario: ScenarioOptions;
  readonly print?: (line: string) => void;
}

/**
 * Runs the same seeds and fault schedules against `@kubernetes/client-node`'s informers, with
 * the checks that apply to it (caches and handler logs against the server; it reports no typed
 * errors, so those are not checked), and prints how many converged.
 *
 * @param options - the seeds and scenario of the rxkube run.
 * @returns how many seeds converged and how many diverged.
 */
export async function compareClientNode(
  options: ComparisonOptions,
): Promise<{ converged: number; diverged: number }> {
  const print = options.print ?? ((line: string) => console.log(line));
  const scenario: ScenarioOptions = {
    ...options.scenario,
    strict: false,
    faultTimeoutMs: 3_000,
    convergeTimeoutMs: 10_000,
  };
  let converged = 0;
  const problemsByKind: Record<string, number> = {};
  for (let i = 0; i < options.seeds; i++) {
    const seed = options.seedBase + i;
    const schedule = planFaults(seed, options.faultsPerSeed);
    const result = await runScenario(seed, schedule, startClientNode, scenario);
    if (result.passed) converged++;
    print(`client-node ${seedLine(result, schedule)}`);
    for (const problem of result.problems) {
      print(`    ${problem}`);
      const kind = problem.replace(/:.*$/, '').replace(/#\d+ /, '');
      problemsByKind[kind] = (problemsByKind[kind] ?? 0) + 1;
    }
  }
  const diverged = options.seeds - converged;
  print(`client-node: ${converged} passed, ${diverged} failed (informational)`);
  for (const [kind, n] of Object.entries(problemsByKind)) print(`    ${n}× ${kind}`);
  return { converged, diverged };
}
