/**
 * Self time of V8 CPU profiles, summed by package or by function and averaged over the files
 * given: what `--cpu-prof-timed` profiles are read with. Usage:
 * `node dist/profileSummary.js [--by=package|function] [--top=N] FILE…`, e.g. every rxkube
 * profile of a run, then every client-node one, to compare where each spends its time.
 */
import { readFileSync } from 'node:fs';
import { scriptOption } from './scriptOption.js';

/** The parts of a `.cpuprofile` read here. */
interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: {
      readonly functionName: string;
      readonly url: string;
      readonly lineNumber: number;
    };
  }[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

type CallFrame = CpuProfile['nodes'][number]['callFrame'];

/** @returns the workspace package, dependency or `node:` module a frame belongs to, or its native name */
function packageOf({ functionName, url }: CallFrame): string {
  if (url === '') return functionName;
  const own = /\/packages\/([^/]+)\//.exec(url);
  if (own !== null && !url.includes('/node_modules/')) return `@rxkube/${own[1]}`;
  const dependency = /\/node_modules\/((@[^/]+\/)?[^/]+)\//.exec(url);
  if (dependency !== null) return dependency[1] as string;
  return url.startsWith('node:') ? 'node' : url;
}

function functionOf(frame: CallFrame): string {
  const file = frame.url.replace(/^.*\/(packages|node_modules)\//, '');
  return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
}

const args = process.argv.slice(2);
const by = scriptOption('by', 'package');
const top = Number(scriptOption('top', '30'));
const files = args.filter((a) => !a.startsWith('--'));
if (files.length === 0) {
  process.stderr.write('usage: profileSummary [--by=package|function] [--top=N] FILE…\n');
  process.exit(2);
}
const key = by === 'function' ? functionOf : packageOf;
const totals = new Map<string, number>();
for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  profile.samples.forEach((id, i) => {
    const name = key(frames.get(id) as CallFrame);
    totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
}
const rows = [...totals].sort((a, b) => b[1] - a[1]).slice(0, top);
process.stdout.write(`self time in ms, mean of ${files.length} profile(s), by ${by}\n`);
for (const [name, micros] of rows) {
  process.stdout.write(`${(micros / 1000 / files.length).toFixed(1).padStart(9)}  ${name}\n`);
}
