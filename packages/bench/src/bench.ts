/**
 * Comparative benchmark: rxkube's SharedIndexInformer against client-node's informer and the
 * raw protocol floor, against the same fake API servers (one process per dataset), in one run.
 *
 * Usage: `node dist/bench.js [--quick] [--only=a,b] [--cpu-prof]`. Prints Markdown tables and
 * writes `results/latest.json`, `results/latest.md` and one `results/<scenario>.svg` per timed
 * scenario (with `--quick` or `--only`, JSON and plots go to a temporary directory instead).
 * `--cpu-prof` writes V8 CPU profiles of every process to `results/profiles/`; `--cpu-prof-timed`
 * writes profiles of the contenders' timed phases only (see compare/timedProfile.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makePlan } from './compare/plan.js';
import { killForked } from './compare/processes.js';
import { ServerPool } from './compare/serverPool.js';
import { machineLine, markdownTables, resultsDocument, targetsTable } from './compare/results.js';
import { Samples } from './compare/samples.js';
import type { ScenarioContext } from './compare/scenarios/context.js';
import { runInitialSync } from './compare/scenarios/initialSync.js';
import { runRelist } from './compare/scenarios/relist.js';
import { runSlowConsumer } from './compare/scenarios/slowConsumer.js';
import { runThroughput } from './compare/scenarios/throughput.js';
import { runWholeBodyEvents } from './compare/scenarios/wholeBodyEvents.js';
import { runWholeBodySync } from './compare/scenarios/wholeBodySync.js';
import { scenarioPlots } from './compare/scenarioPlots.js';
import { evaluateTargets } from './compare/targets.js';
import { timedProfileDirVariable } from './compare/timedProfile.js';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));
const profileDir = join(resultsDir, 'profiles');
const profiling = args.includes('--cpu-prof') ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
if (args.includes('--cpu-prof-timed')) {
  mkdirSync(profileDir, { recursive: true });
  // Inherited by every contender process, which then profiles its timed phases only.
  process.env[timedProfileDirVariable] = profileDir;
}

const plan = makePlan(quick);
const started = performance.now();
const startLoad = loadavg()[0] ?? Number.NaN;
const log = (message: string): void => {
  const seconds = ((performance.now() - started) / 1000).toFixed(1).padStart(6);
  process.stderr.write(`[${seconds} s] ${message}\n`);
};

// Scenarios sharing a dataset run in this order: syncs before the writes that change it.
const scenarios: ReadonlyArray<readonly [string, (ctx: ScenarioContext) => Promise<void>]> = [
  ['initial-sync-small', (ctx) => runInitialSync(ctx, plan.small, 'initial-sync-small', false)],
  ['initial-sync-large', (ctx) => runInitialSync(ctx, plan.large, 'initial-sync-large', true)],
  ['event-throughput', runThroughput],
  ['relist', runRelist],
  ['slow-consumer', runSlowConsumer],
  // The whole-body workload, on servers of its own (see wholeBodyServer.ts).
  ['whole-body-sync', runWholeBodySync],
  ['whole-body-events', runWholeBodyEvents],
];
const selected = scenarios.filter(([name]) => only === undefined || only.includes(name));
const needsFakeServers = selected.some(([name]) => !name.startsWith('whole-body-'));

const server = new ServerPool(profiling);
const samples = new Samples();
const notes: string[] = [];
try {
  if (needsFakeServers) {
    log(
      `starting the fake API servers (${[plan.small, plan.large, plan.keys].map((d) => d.pods).join(', ')} pods)…`,
    );
    await server.start([plan.small, plan.large, plan.keys]);
  }
  const ctx: ScenarioContext = { server, plan, samples, notes, contenderArgs: profiling, log };
  for (const [, run] of selected) await run(ctx);
} catch (err) {
  killForked();
  throw err;
} finally {
  await server.close();
}

const durationSeconds = (performance.now() - started) / 1000;
const complete = !quick && only === undefined;
const targets = evaluateTargets(samples, { durationSeconds, complete });
const doc = resultsDocument(samples, plan, targets, notes, durationSeconds, startLoad);
const markdown =
  `## Comparative benchmark${quick ? ' (--quick: sizes too small for the targets)' : ''}\n\n` +
  `${machineLine(doc)}\n\n${markdownTables(samples, plan)}\n\n### Targets\n\n${targetsTable(targets)}\n` +
  (notes.length > 0 ? `\nNotes:\n${notes.map((n) => `- ${n}`).join('\n')}\n` : '');
process.stdout.write(`\n${markdown}`);

// A partial or small run must not overwrite the full run's files: its own go to a temporary
// directory.
const outDir = complete ? resultsDir : join(tmpdir(), `rxkube-bench-${quick ? 'quick' : 'only'}`);
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'latest.json'), `${JSON.stringify(doc, null, 2)}\n`);
writeFileSync(join(outDir, 'latest.md'), markdown);
const plots = scenarioPlots(
  samples,
  plan,
  `${doc.date.slice(0, 10)}, Node ${doc.node}, ${doc.machine.cpus} CPUs`,
);
for (const { file, svg } of plots) writeFileSync(join(outDir, file), svg);
log(`results in ${outDir}: latest.json, latest.md, ${plots.map((p) => p.file).join(', ')}`);
