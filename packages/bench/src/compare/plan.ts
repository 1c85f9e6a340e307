/**
 * Sizes and repetitions of a run: the full comparison, or `--quick` (small sizes, one
 * repetition: checks that every scenario runs, in CI).
 */
import type { DatasetSpec } from './dataset.js';

/** Everything a run's size depends on. */
export interface Plan {
  readonly quick: boolean;
  /** Initial sync (small size) and event throughput. */
  readonly small: DatasetSpec;
  /** Initial sync (large size), queries and relist. */
  readonly large: DatasetSpec;
  /** Slow consumer: few keys, many events each. */
  readonly keys: DatasetSpec;
  readonly syncReps: number;
  readonly throughput: { readonly events: number; readonly warmup: number; readonly reps: number };
  readonly relist: {
    readonly modify: number;
    readonly remove: number;
    readonly create: number;
    readonly reps: number;
  };
  readonly queries: { readonly minMs: number; readonly label: string; readonly value: string };
  readonly dashboard: {
    readonly own: number;
    readonly others: number;
    readonly perTick: number;
    readonly tickMs: number;
  };
  readonly slow: { readonly events: number; readonly warmup: number; readonly reps: number };
  /**
   * The whole-body workload (`wholeBodyServer.ts`): a sync dataset, and a dataset for the events
   * (as many pods as event throughput's, with as many events).
   */
  readonly wholeBody: {
    readonly sync: DatasetSpec;
    readonly events: DatasetSpec;
    readonly eventCount: number;
    readonly warmup: number;
    readonly reps: number;
  };
  /** A phase that has not converged by then fails the run. */
  readonly timeoutMs: number;
}

/**
 * @param quick - the CI smoke run
 * @returns the plan
 */
export function makePlan(quick: boolean): Plan {
  if (quick) {
    return {
      quick,
      small: { name: 'small', pods: 500, namespaces: 5 },
      large: { name: 'large', pods: 2_000, namespaces: 10 },
      keys: { name: 'keys', pods: 100, namespaces: 2 },
      syncReps: 1,
      throughput: { events: 2_000, warmup: 200, reps: 1 },
      relist: { modify: 12, remove: 4, create: 4, reps: 1 },
      queries: { minMs: 20, label: 'app', value: 'checkout' },
      dashboard: { own: 10, others: 100, perTick: 10, tickMs: 5 },
      slow: { events: 2_000, warmup: 100, reps: 1 },
      wholeBody: {
        sync: { name: 'whole-body-sync', pods: 2_000, namespaces: 10 },
        events: { name: 'whole-body-events', pods: 500, namespaces: 5 },
        eventCount: 2_000,
        warmup: 200,
        reps: 1,
      },
      timeoutMs: 60_000,
    };
  }
  return {
    quick,
    small: { name: 'small', pods: 10_000, namespaces: 20 },
    large: { name: 'large', pods: 50_000, namespaces: 100 },
    keys: { name: 'keys', pods: 1_000, namespaces: 10 },
    syncReps: 3,
    throughput: { events: 100_000, warmup: 2_000, reps: 3 },
    // 1 % of 50,000: 300 modified, 100 deleted (tombstones for rxkube), 100 created.
    relist: { modify: 300, remove: 100, create: 100, reps: 2 },
    queries: { minMs: 300, label: 'app', value: 'checkout' },
    dashboard: { own: 100, others: 2_000, perTick: 21, tickMs: 10 },
    slow: { events: 100_000, warmup: 1_000, reps: 2 },
    wholeBody: {
      sync: { name: 'whole-body-sync', pods: 50_000, namespaces: 100 },
      events: { name: 'whole-body-events', pods: 10_000, namespaces: 20 },
      eventCount: 100_000,
      warmup: 2_000,
      reps: 3,
    },
    timeoutMs: 180_000,
  };
}

/**
 * The first list requests of an initial sync: rxkube's and the floor's, and client-node's. The
 * fake API server answers both alike (the whole latest state: at `resourceVersion=0` the watch
 * cache ignores `limit`), so the replay cache records the answer once for both.
 */
export const syncFirstPages = ['/api/v1/pods?resourceVersion=0&limit=500', '/api/v1/pods'];

/**
 * The first list requests of a relist after a 410: rxkube's and the floor's, at the last
 * version they saw (`{rv}`: the server's version before the change), and client-node's. The fake
 * API server answers them, and {@link syncFirstPages}, alike once the state has changed: a
 * version it has passed reads the latest state, whole, as an unpaged list.
 */
export const relistFirstPages = ['/api/v1/pods?resourceVersion={rv}', '/api/v1/pods'];
