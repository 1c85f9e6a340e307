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

const specs: readonly Spec[] = [
  {
    target: 'Initial sync (large): rxkube time vs the floor',
    scenario: 'initial-sync-large',
    metric: 'wallMs',
    a: 'rxkube',
    b: 'floor',
    atMost: 1.3,
  },
  {
    target: 'Initial sync (large): rxkube faster than client-node by',
    scenario: 'initial-sync-large',
    metric: 'wallMs',
    a: 'client-node',
    b: 'rxkube',
    atLeast: 2,
  },
  {
    target: 'Event throughput: rxkube time per event vs the floor',
    scenario: 'event-throughput',
    metric: 'wallPerEventMicros',
    a: 'rxkube',
    b: 'floor',
    atMost: 1.5,
  },
  {
    target: 'Event throughput: rxkube time vs client-node (not slower)',
    scenario: 'event-throughput',
    metric: 'wallMs',
    a: 'rxkube',
    b: 'client-node',
    atMost: 1,
  },
  {
    target: 'Retained heap per cached object (large): rxkube vs the floor',
    scenario: 'initial-sync-large',
    metric: 'heapPerObject',
    a: 'rxkube',
    b: 'floor',
    atMost: 1.25,
  },
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

/**
 * @param samples - the run's samples
 * @returns every target with its measured ratio and verdict
 */
export function evaluateTargets(samples: Samples): TargetResult[] {
  return specs.map((spec) => {
    const a = samples.get(spec.scenario, spec.a, spec.metric)?.median;
    const b = samples.get(spec.scenario, spec.b, spec.bMetric ?? spec.metric)?.median;
    const ratio = a === undefined || b === undefined ? Number.NaN : a / b;
    const threshold = spec.atMost !== undefined ? `≤ ${spec.atMost}×` : `≥ ${spec.atLeast}×`;
    const pass =
      spec.atMost !== undefined ? ratio <= spec.atMost : ratio >= (spec.atLeast as number);
    return {
      target: spec.target,
      ratio,
      threshold,
      status: Number.isNaN(ratio) ? 'n/a' : pass ? 'PASS' : 'FAIL',
      how: `${spec.a} ${spec.metric} / ${spec.b} ${spec.bMetric ?? spec.metric} (medians, ${spec.scenario})`,
    };
  });
}
