import v8 from 'node:v8';

/** What {@link allocatedBytes} measured over one window. */
export interface Allocation<T> {
  /** Bytes allocated on the V8 heap while the work ran, garbage included. */
  readonly bytes: number;
  /** Collections that ran meanwhile. */
  readonly collections: number;
  /** What the work returned. */
  readonly value: T;
}

const collect = (globalThis as { gc?: () => void }).gc;

/**
 * One collection in `GCProfiler`'s report, as Node returns it: camelCase fields, although
 * `@types/node` describes them with `getHeapStatistics`'s snake_case names.
 */
interface CollectionRecord {
  readonly beforeGC: { readonly heapStatistics: { readonly usedHeapSize: number } };
  readonly afterGC: { readonly heapStatistics: { readonly usedHeapSize: number } };
}

/**
 * Bytes allocated on the V8 heap while `work` runs, including what the collector reclaimed
 * meanwhile: the growth of the used heap over the window plus, from `v8.GCProfiler`'s
 * before/after statistics, the bytes every collection in the window freed. A forced full
 * collection first leaves no older garbage for a collection in the window to free (and be
 * counted); the caller must keep its own inputs reachable until the window closes, for the
 * same reason.
 *
 * @param work - the work to measure (awaited)
 * @returns the bytes allocated, the collections counted, and the work's value
 * @throws `Error` without `--expose-gc`
 */
export async function allocatedBytes<T>(work: () => Promise<T>): Promise<Allocation<T>> {
  if (collect === undefined) throw new Error('run node with --expose-gc');
  collect();
  const profiler = new v8.GCProfiler();
  profiler.start();
  const before = v8.getHeapStatistics().used_heap_size;
  const value = await work();
  const after = v8.getHeapStatistics().used_heap_size;
  const statistics = profiler.stop().statistics as unknown as CollectionRecord[];
  let freed = 0;
  for (const gc of statistics) {
    freed += gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize;
  }
  return { bytes: after - before + freed, collections: statistics.length, value };
}
