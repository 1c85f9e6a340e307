import { seededRandom } from '@rxkube/testing';

/** Every fault the convergence scenario can inject. */
export type FaultType =
  | 'closeWatches'
  | 'dropConnections'
  | 'closeWatch'
  | 'resetConnection'
  | 'malformedLine'
  | 'stallWatch'
  | 'error500'
  | 'error503'
  | 'error429'
  | 'delay'
  | 'compaction'
  | 'restart';

/** Every fault type, in the order summaries list them. */
export const faultTypes: readonly FaultType[] = [
  'closeWatches',
  'dropConnections',
  'closeWatch',
  'resetConnection',
  'malformedLine',
  'stallWatch',
  'error500',
  'error503',
  'error429',
  'delay',
  'compaction',
  'restart',
];

/**
 * One fault of a schedule. `afterEvents` applies to stream faults (how many events the next
 * watch sends first), `times` to request faults (how many requests fail or wait), `ms` to
 * delays and restarts (delay or downtime).
 */
export interface FaultStep {
  readonly type: FaultType;
  readonly afterEvents: number;
  readonly times: number;
  readonly ms: number;
}

/**
 * Draws a fault schedule from a seed: the same seed always gives the same schedule.
 *
 * @param seed - the seed.
 * @param length - how many faults.
 * @param types - the fault types to draw from (uniformly).
 * @returns the schedule, in firing order.
 */
export function planFaults(
  seed: number,
  length: number,
  types: readonly FaultType[] = faultTypes,
): FaultStep[] {
  const random = seededRandom(seed * 7919 + 17);
  const int = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
  const steps: FaultStep[] = [];
  for (let i = 0; i < length; i++) {
    const type = types[Math.floor(random() * types.length)] ?? 'closeWatches';
    steps.push({
      type,
      afterEvents: int(0, 8),
      times: int(1, 3),
      ms: type === 'restart' ? int(0, 300) : int(20, 250),
    });
  }
  return steps;
}

/**
 * A one-line description of a fault step, as failure reports print it.
 *
 * @param step - the step.
 * @returns e.g. `resetConnection(after 3 events)`.
 */
export function describeFault(step: FaultStep): string {
  switch (step.type) {
    case 'closeWatch':
    case 'resetConnection':
    case 'malformedLine':
    case 'stallWatch':
      return `${step.type}(after ${step.afterEvents} events)`;
    case 'error500':
    case 'error503':
    case 'error429':
      return `${step.type}(×${step.times})`;
    case 'delay':
      return `delay(${step.ms} ms ×${step.times})`;
    case 'restart':
      return `restart(down ${step.ms} ms)`;
    default:
      return step.type;
  }
}
