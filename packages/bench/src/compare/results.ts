/**
 * The run's results: the JSON document (`results/latest.json`) and the Markdown tables.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { contenderNames } from './contender.js';
import type { Plan } from './plan.js';
import type { Samples, Summary } from './samples.js';
import { scenarioViews } from './scenarioTables.js';
import type { TargetResult } from './targets.js';

/** The JSON document. */
interface ResultsDocument {
  readonly date: string;
  readonly node: string;
  readonly machine: {
    readonly cpus: number;
    readonly cpuModel: string;
    readonly memoryBytes: number;
    /** 1-minute load average at the start and the end: other work on the machine skews times. */
    readonly loadAverage: { readonly start: number; readonly end: number };
  };
  readonly quick: boolean;
  readonly durationSeconds: number;
  readonly plan: Plan;
  /** Per scenario and contender: every metric's summary, and ratios of medians to the floor. */
  readonly scenarios: Record<
    string,
    Record<string, { metrics: Record<string, Summary>; ratioToFloor: Record<string, number> }>
  >;
  readonly targets: readonly TargetResult[];
  readonly notes: readonly string[];
}

/** Metrics whose ratio to the floor is recorded in the JSON. */
const ratioMetrics = [
  'wallMs',
  'cpuMs',
  'heapBytes',
  'heapPerObject',
  'peakRssBytes',
  'wallPerEventMicros',
  'cpuPerEventMicros',
];

/**
 * @returns the JSON document
 */
export function resultsDocument(
  samples: Samples,
  plan: Plan,
  targets: readonly TargetResult[],
  notes: readonly string[],
  durationSeconds: number,
  startLoad: number,
): ResultsDocument {
  const scenarios: ResultsDocument['scenarios'] = {};
  for (const scenario of samples.scenarios()) {
    const byContender: ResultsDocument['scenarios'][string] = {};
    for (const contender of samples.contenders(scenario)) {
      const metrics: Record<string, Summary> = {};
      const ratioToFloor: Record<string, number> = {};
      for (const metric of samples.metrics(scenario, contender)) {
        const summary = samples.get(scenario, contender, metric) as Summary;
        metrics[metric] = summary;
        const floor = samples.get(scenario, 'floor', metric);
        if (floor !== undefined && ratioMetrics.includes(metric)) {
          ratioToFloor[metric] = summary.median / floor.median;
        }
      }
      byContender[contender] = { metrics, ratioToFloor };
    }
    scenarios[scenario] = byContender;
  }
  return {
    date: new Date().toISOString(),
    node: process.version,
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      memoryBytes: totalmem(),
      loadAverage: { start: startLoad, end: loadavg()[0] ?? Number.NaN },
    },
    quick: plan.quick,
    durationSeconds,
    plan,
    scenarios,
    targets,
    notes,
  };
}

function cell(summary: Summary | undefined, format: (v: number) => string): string {
  if (summary === undefined) return '—';
  if (summary.samples.length === 1 || summary.min === summary.max) return format(summary.median);
  return `${format(summary.median)} (${format(summary.min)}–${format(summary.max)})`;
}

/**
 * @returns one Markdown table per scenario: median (min–max) per metric, ratio to the floor
 */
export function markdownTables(samples: Samples, plan: Plan): string {
  const out: string[] = [];
  for (const view of scenarioViews(plan)) {
    const measured = samples.contenders(view.id);
    if (measured.length === 0) continue;
    const columns = view.columns.filter((column) =>
      measured.some((c) => samples.get(view.id, c, column.metric) !== undefined),
    );
    const header = ['contender', ...columns.map((c) => c.header)];
    const lines = [
      `### ${view.title}`,
      '',
      `| ${header.join(' | ')} |`,
      `|${header.map(() => ' --- ').join('|')}|`,
    ];
    for (const contender of contenderNames.filter((c) => measured.includes(c))) {
      const cells = columns.map((column) => {
        const summary = samples.get(view.id, contender, column.metric);
        const floor = samples.get(view.id, 'floor', column.metric);
        const ratio =
          column.ratio === true &&
          summary !== undefined &&
          floor !== undefined &&
          contender !== 'floor'
            ? ` **${(summary.median / floor.median).toFixed(2)}×**`
            : '';
        return `${cell(summary, column.format)}${ratio}`;
      });
      lines.push(`| ${contender} | ${cells.join(' | ')} |`);
    }
    out.push(lines.join('\n'));
  }
  return out.join('\n\n');
}

/** @returns the targets as a Markdown table */
export function targetsTable(targets: readonly TargetResult[]): string {
  const lines = ['| target | measured | threshold | status |', '| --- | --- | --- | --- |'];
  for (const t of targets) {
    lines.push(`| ${t.target} | ${t.measured} | ${t.threshold} | ${t.status} |`);
  }
  return lines.join('\n');
}

/** @returns a one-line description of the machine */
export function machineLine(doc: ResultsDocument): string {
  return (
    `${doc.date.slice(0, 10)}, Node ${doc.node}, ${doc.machine.cpus} × ${doc.machine.cpuModel}, ` +
    `${(doc.machine.memoryBytes / 2 ** 30).toFixed(0)} GiB RAM; load average ` +
    `${doc.machine.loadAverage.start.toFixed(1)} → ${doc.machine.loadAverage.end.toFixed(1)}; ` +
    `run took ${doc.durationSeconds.toFixed(0)} s`
  );
}
