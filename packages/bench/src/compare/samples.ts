/**
 * Repetition samples per scenario, contender and metric, and their summary (median, min, max).
 */
import type { ContenderName } from './contender.js';

/** Median, minimum and maximum of a metric's samples. */
export interface Summary {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly samples: readonly number[];
}

/**
 * @param samples - at least one value
 * @returns their median (mean of the middle two for an even count), min and max
 */
function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1
      ? (sorted[mid] as number)
      : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  return {
    median,
    min: sorted[0] ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
    samples,
  };
}

/**
 * @param samples - at least one value
 * @returns their median (mean of the middle two for an even count)
 */
export function median(samples: readonly number[]): number {
  return summarize(samples).median;
}

/** Collects samples as the repetitions run. */
export class Samples {
  private readonly data = new Map<string, Map<ContenderName, Map<string, number[]>>>();

  /**
   * @param scenario - scenario id
   * @param contender - contender
   * @param metric - metric name
   * @param value - one repetition's value
   */
  add(scenario: string, contender: ContenderName, metric: string, value: number): void {
    let byContender = this.data.get(scenario);
    if (byContender === undefined) this.data.set(scenario, (byContender = new Map()));
    let byMetric = byContender.get(contender);
    if (byMetric === undefined) byContender.set(contender, (byMetric = new Map()));
    let values = byMetric.get(metric);
    if (values === undefined) byMetric.set(metric, (values = []));
    values.push(value);
  }

  /**
   * @returns the summary of one metric, or undefined when never measured
   */
  get(scenario: string, contender: ContenderName, metric: string): Summary | undefined {
    const values = this.data.get(scenario)?.get(contender)?.get(metric);
    return values === undefined || values.length === 0 ? undefined : summarize(values);
  }

  /** @returns scenario ids, in the order first measured */
  scenarios(): string[] {
    return [...this.data.keys()];
  }

  /** @returns contenders measured in a scenario */
  contenders(scenario: string): ContenderName[] {
    return [...(this.data.get(scenario)?.keys() ?? [])];
  }

  /** @returns metric names measured for a scenario and contender */
  metrics(scenario: string, contender: ContenderName): string[] {
    return [...(this.data.get(scenario)?.get(contender)?.keys() ?? [])];
  }
}
