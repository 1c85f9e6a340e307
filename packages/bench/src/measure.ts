/** Milliseconds elapsed while running `work`. */
export function timeMs(work: () => void): number {
  const start = process.hrtime.bigint();
  work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const collect = (globalThis as { gc?: () => void }).gc;

/** Whether Node runs with `--expose-gc`, which heap figures need. */
export const canCollect = collect !== undefined;

/** @returns heap in use after two forced full collections (NaN without `--expose-gc`) */
export function settledHeap(): number {
  if (collect === undefined) return Number.NaN;
  collect();
  collect();
  return process.memoryUsage().heapUsed;
}

/**
 * Heap retained per object by what `build` returns, beyond the objects themselves (they are
 * allocated before and shared).
 *
 * @param count - number of objects the built structure holds
 * @param build - builds the structure
 * @returns bytes per object
 */
export function retainedBytesPerObject(count: number, build: () => unknown): number {
  const before = settledHeap();
  const held = build();
  const after = settledHeap();
  keep(held);
  return (after - before) / count;
}

let sink: unknown;

/** Keeps a value reachable, so the optimiser cannot drop the work that produced it. */
export function keep(value: unknown): void {
  sink = value;
}

/** @returns the last kept value (read so `keep` has an observable effect) */
export function kept(): unknown {
  return sink;
}
