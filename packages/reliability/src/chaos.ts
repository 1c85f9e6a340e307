/**
 * `npm run chaos -- --seeds N [--seed-base S] [--minutes M] [--faults F] [--objects O]
 * [--shrink R] [--client-node]`: the convergence scenario over a range of seeds. Exits 1 when a
 * seed fails. With `--client-node`, the same seeds then run against `@kubernetes/client-node`'s
 * informers, for comparison only.
 */
import { runChaos } from './chaos/chaosRun.js';
import { compareClientNode } from './chaos/clientNodeComparison.js';
import { parseArgs } from './cli/args.js';
import { ciScenario } from './scenario/runScenario.js';
import { startRxkube } from './scenario/rxkubeClient.js';

const args = parseArgs(process.argv.slice(2));
const minutes = args.number('minutes', 0);
const options = {
  seedBase: args.number('seed-base', 1),
  seeds: args.number('seeds', minutes > 0 ? 1_000_000 : 50),
  maxDurationMs: minutes > 0 ? minutes * 60_000 : undefined,
  faultsPerSeed: args.number('faults', 6),
  scenario: { ...ciScenario, objects: args.number('objects', ciScenario.objects) },
  shrinkRuns: args.number('shrink', 12),
  concurrency: args.number('concurrency', 1),
};
const summary = await runChaos(startRxkube, options);
const totals = Object.entries(summary.scheduled).map(([type, n]) => `${type} ${n}`);
console.log(`faults scheduled: ${totals.join(', ')}`);
console.log(
  `errors reported: ${Object.entries(summary.errors)
    .map(([type, n]) => `${type} ${n}`)
    .join(', ')}`,
);
if (args.flag('client-node')) {
  await compareClientNode({ ...options, seeds: summary.results.length });
}
process.exitCode = summary.failed > 0 ? 1 : 0;
