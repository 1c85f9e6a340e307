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
 * The soak's verdict: the heap may not grow by more than `maxGrowth` from the start of the run
 * after `warmupMinutes` to its end. Each end is the median of up to `window` samples, because
 * a single sample lands at a random point of the informers' work: one taken while a relist of
 * thousands of objects is in flight holds both the old cache and the new list, tens of MB that
 * are gone a moment later. A leak raises every sample, and so the median.
 *
 * @param samples - samples in time order.
 * @param warmupMinutes - growth before this is allowed (caches filling, code warming up).
 * @param maxGrowth - allowed growth, e.g. 0.1 for 10 %.
 * @param window - samples per end (fewer when the run is short: at most half of them each).
 * @returns the baseline, final heap, growth and whether it stayed within bounds.
 */
export function judgeHeap(
  samples: readonly HeapSample[],
  warmupMinutes: number,
  maxGrowth: number,
  window = 5,
): { baselineMb: number; finalMb: number; growth: number; ok: boolean } {
  const judged = samples.filter((s) => s.minute >= warmupMinutes).map((s) => s.heapMb);
  if (judged.length === 0) return { baselineMb: 0, finalMb: 0, growth: 0, ok: false };
  const n = Math.max(1, Math.min(window, Math.floor(judged.length / 2)));
  const baselineMb = median(judged.slice(0, n));
  const finalMb = median(judged.slice(-n));
  const growth = (finalMb - baselineMb) / baselineMb;
  return { baselineMb, finalMb, growth, ok: growth <= maxGrowth };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
