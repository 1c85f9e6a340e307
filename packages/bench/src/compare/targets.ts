/**
 * The targets, evaluated on medians measured in the same run.
 */
import type { ContenderName } from './contender.js';
import type { Samples } from './samples.js';

/** One target and its outcome. */
export interface TargetResult {
  readonly target: string;
  /** The measured ratio, e.g. 1.12 (× the floor's time) or 24 (× faster). */
  readonly ratio: number;
  /** The measured figure as the table shows it (`1.12×`, or `287 s` for the run's duration). */
  readonly measured: string;
  /** `≤ 1.3×` or `≥ 2×`. */
  readonly threshold: string;
  readonly status: 'PASS' | 'FAIL' | 'n/a';
  /** How the ratio is computed. */
  readonly how: string;
}

interface Spec {
  readonly target: string;
  readonly scenario: string;
  readonly metric: string;
  /** Ratio = a / b of these contenders' medians (second metric optional). */
  readonly a: ContenderName;
  readonly b: ContenderName;
  readonly bMetric?: string;
  readonly atMost?: number;
  readonly atLeast?: number;
}

/** A workload: which scenarios measure its initial sync and its events. */
interface Workload {
  readonly name: string;
  readonly sync: string;
  readonly events: string;
}

/**
 * The two workloads the targets hold on: the fake API server's list streamed through the replay
 * proxy, and the whole-body server's list written at once (`wholeBodyServer.ts`).
 */
export const workloads: readonly Workload[] = [
  { name: 'Streamed', sync: 'initial-sync-large', events: 'event-throughput' },
  { name: 'Whole body', sync: 'whole-body-sync', events: 'whole-body-events' },
];

/** The whole run's time budget, in seconds (a full run, not `--quick` nor `--only`). */
export const runBudgetSeconds = 300;

function workloadSpecs(w: Workload): Spec[] {
  return [
    {
      target: `${w.name}: initial sync, rxkube time vs the floor`,
      scenario: w.sync,
      metric: 'wallMs',
      a: 'rxkube',
      b: 'floor',
      atMost: 1.2,
    },
    {
      target: `${w.name}: initial sync, rxkube faster than client-node by`,
      scenario: w.sync,
      metric: 'wallMs',
      a: 'client-node',
      b: 'rxkube',
      atLeast: 2,
    },
    {
      target: `${w.name}: events, rxkube time vs client-node`,
      scenario: w.events,
      metric: 'wallMs',
      a: 'rxkube',
      b: 'client-node',
      atMost: 1,
    },
    {
      target: `${w.name}: events, rxkube time vs the floor`,
      scenario: w.events,
      metric: 'wallMs',
      a: 'rxkube',
      b: 'floor',
      atMost: 1.1,
    },
    {
      target: `${w.name}: peak RSS during sync, rxkube vs the floor`,
      scenario: w.sync,
      metric: 'peakRssBytes',
      a: 'rxkube',
      b: 'floor',
      atMost: 1.3,
    },
    {
      target: `${w.name}: retained heap per cached object, rxkube vs the floor`,
      scenario: w.sync,
      metric: 'heapPerObject',
      a: 'rxkube',
      b: 'floor',
      atMost: 1.1,
    },
  ];
}

const specs: readonly Spec[] = [
  ...workloads.flatMap(workloadSpecs),
  {
    target: "byIndex(namespace): faster than client-node's list(namespace) + label filter by",
    scenario: 'queries',
    metric: 'namespaceLabelMicros',
    a: 'client-node',
    b: 'rxkube',
    bMetric: 'namespaceMicros',
    atLeast: 20,
  },
  {
    target: 'byIndex(namespace): faster than a scan of the Map by',
    scenario: 'queries',
    metric: 'namespaceMicros',
    a: 'floor',
    b: 'rxkube',
    atLeast: 50,
  },
];

/** The run itself, for the duration target. */
export interface RunFacts {
  readonly durationSeconds: number;
  /** Every scenario at full size: only then does the duration target apply. */
  readonly complete: boolean;
}

function ratioText(ratio: number): string {
  return Number.isNaN(ratio) ? 'n/a' : `${ratio.toFixed(2)}×`;
}

/**
 * @param samples - the run's samples
 * @param run - the run's duration, and whether it ran everything at full size
 * @returns every target with its measured ratio and verdict, then the run's duration
 */
export function evaluateTargets(samples: Samples, run: RunFacts): TargetResult[] {
  const ratios = specs.map((spec): TargetResult => {
    const a = samples.get(spec.scenario, spec.a, spec.metric)?.median;
    const b = samples.get(spec.scenario, spec.b, spec.bMetric ?? spec.metric)?.median;
    const ratio = a === undefined || b === undefined ? Number.NaN : a / b;
    const threshold = spec.atMost !== undefined ? `≤ ${spec.atMost}×` : `≥ ${spec.atLeast}×`;
    const pass =
      spec.atMost !== undefined ? ratio <= spec.atMost : ratio >= (spec.atLeast as number);
    return {
      target: spec.target,
      ratio,
      measured: ratioText(ratio),
      threshold,
      status: Number.isNaN(ratio) ? 'n/a' : pass ? 'PASS' : 'FAIL',
      how: `${spec.a} ${spec.metric} / ${spec.b} ${spec.bMetric ?? spec.metric} (medians, ${spec.scenario})`,
    };
  });
  const duration = run.durationSeconds / runBudgetSeconds;
  return [
    ...ratios,
    {
      target: 'The whole run (every scenario, full size) takes',
      ratio: duration,
      measured: `${run.durationSeconds.toFixed(0)} s`,
      threshold: `≤ ${runBudgetSeconds} s`,
      status: !run.complete ? 'n/a' : duration <= 1 ? 'PASS' : 'FAIL',
      how: `the run's duration / ${runBudgetSeconds} s (only for a full run: no --quick, no --only)`,
    },
  ];
}
