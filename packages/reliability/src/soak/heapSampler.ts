/** One heap sample. */
export interface HeapSample {
  /** Minutes since the start. */
  readonly minute: number;
  /** `heapUsed` after a forced GC, in MB. */
  readonly heapMb: number;
  /** Resident set size, in MB. */
  readonly rssMb: number;
}

/**
 * Forces a full garbage collection (the process must run with `--expose-gc`) and reads the
 * heap.
 *
 * @param minute - the sample's time, for the record.
 * @returns the sample.
 * @throws Error when `gc` is not exposed.
 */
export function sampleHeap(minute: number): HeapSample {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('run node with --expose-gc to sample the heap');
  gc();
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  return { minute, heapMb: heapUsed / 2 ** 20, rssMb: rss / 2 ** 20 };
}

/**
 * The soak's verdict: the heap may not grow by more than `maxGrowth` between the first sample
 * taken at or after `warmupMinutes` and the last one.
 *
 * @param samples - samples in time order.
 * @param warmupMinutes - growth before this is allowed (caches filling, code warming up).
 * @param maxGrowth - allowed growth, e.g. 0.1 for 10 %.
 * @returns the baseline, final heap, growth and whether it stayed within bounds.
 */
export function judgeHeap(
  samples: readonly HeapSample[],
  warmupMinutes: number,
  maxGrowth: number,
): { baselineMb: number; finalMb: number; growth: number; ok: boolean } {
  const baseline = samples.find((s) => s.minute >= warmupMinutes) ?? samples[0];
  const last = samples.at(-1);
  if (baseline === undefined || last === undefined) {
    return { baselineMb: 0, finalMb: 0, growth: 0, ok: false };
  }
  const growth = (last.heapMb - baseline.heapMb) / baseline.heapMb;
  return { baselineMb: baseline.heapMb, finalMb: last.heapMb, growth, ok: growth <= maxGrowth };
}
