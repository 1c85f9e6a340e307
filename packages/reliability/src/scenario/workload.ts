import type { FakeApiServer, ObjectRef } from '@rxkube/testing';
import { ChurnGenerator, loadPods, seededRandom, StatusError } from '@rxkube/testing';

/** Namespaces the scenario's objects live in. */
export const namespaces = ['a', 'b', 'c', 'd'] as const;

/** Options of a {@link Workload}. */
export interface WorkloadOptions {
  /** Objects loaded before the informers start. */
  readonly objects: number;
  /** Churn operations per second on newly created objects. */
  readonly churnPerSecond: number;
  /** Changes per second to the loaded objects (updates and deletes). */
  readonly loadedChangesPerSecond: number;
  /** Upper bound of churn-created objects. */
  readonly maxChurnObjects: number;
  readonly seed: number;
}

/**
 * The scenario's load: a few thousand realistic pods, the churn generator creating, updating
 * and deleting more, and a second seeded stream of changes to the loaded pods (so they too are
 * updated, moved across selectors and deleted).
 */
export class Workload {
  /** The churn generator (its stats say what it did). */
  readonly churn: ChurnGenerator;
  private readonly loaded: ObjectRef[];
  private readonly random: () => number;
  private timer: NodeJS.Timeout | undefined;
  /** Changes made to loaded pods. */
  loadedChanges = 0;

  /**
   * Loads the objects.
   *
   * @param server - the server.
   * @param options - sizes, rates and seed.
   */
  constructor(
    private readonly server: FakeApiServer,
    private readonly options: WorkloadOptions,
  ) {
    this.loaded = loadPods(server, {
      count: options.objects,
      namespaces,
      seed: options.seed,
    });
    this.random = seededRandom(options.seed + 1);
    this.churn = new ChurnGenerator(server, {
      ratePerSecond: options.churnPerSecond,
      namespaces,
      maxObjects: options.maxChurnObjects,
      seed: options.seed + 2,
    });
  }

  /** Starts both change streams. */
  start(): void {
    this.churn.start();
    const tickMs = 10;
    let due = 0;
    this.timer ??= setInterval(() => {
      if (this.server.stopped) return this.stop();
      due += (this.options.loadedChangesPerSecond * tickMs) / 1000;
      for (; due >= 1; due--) this.changeLoaded();
    }, tickMs);
  }

  /** Stops both change streams. */
  stop(): void {
    this.churn.stop();
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private changeLoaded(): void {
    const index = Math.floor(this.random() * this.loaded.length);
    const ref = this.loaded[index];
    if (ref === undefined) return;
    const roll = this.random();
    try {
      if (roll < 0.1) {
        this.loaded.splice(index, 1);
        this.server.delete(ref);
      } else {
        this.server.patch(ref, (pod) => {
          pod.metadata.labels = { ...pod.metadata.labels };
          if (roll < 0.5) {
            pod.metadata.labels['churn'] = pod.metadata.labels['churn'] === 'cold' ? 'hot' : 'cold';
          } else {
            const status = (pod['status'] ?? {}) as { phase?: string };
            pod['status'] = {
              ...status,
              phase: status.phase === 'Running' ? 'Pending' : 'Running',
            };
          }
        });
      }
      this.loadedChanges++;
    } catch (error) {
      if (!(error instanceof StatusError)) throw error;
    }
  }
}
