import type { FakeApiServer, ObjectRef, Pacer } from '@rxkube/testing';
import {
  ChurnGenerator,
  loadPods,
  pace,
  realisticPod,
  seededRandom,
  StatusError,
} from '@rxkube/testing';

/** Namespaces the scenario's objects live in. */
const namespaces = ['a', 'b', 'c', 'd'] as const;

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
 * updated, moved across selectors, deleted and created again under the same name). Deletes and
 * re-creations of loaded pods come at the same rate, so the population stays near its size
 * however long the load runs.
 */
export class Workload {
  /** The churn generator (its stats say what it did). */
  readonly churn: ChurnGenerator;
  private readonly loaded: ObjectRef[];
  private readonly removed: ObjectRef[] = [];
  private readonly random: () => number;
  private pacer: Pacer | undefined;
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
    this.pacer ??= pace(this.options.loadedChangesPerSecond, (count) => {
      if (this.server.stopped) return this.stop();
      for (let i = 0; i < count; i++) this.changeLoaded();
    });
  }

  /**
   * Changes made so far by both streams.
   *
   * @returns their count.
   */
  get changes(): number {
    const { created, updated, deleted } = this.churn.stats;
    return created + updated + deleted + this.loadedChanges;
  }

  /**
   * Changes the streams skipped because the process could not keep up with their rates.
   *
   * @returns their count.
   */
  get skipped(): number {
    return this.churn.skipped + (this.pacer?.skipped ?? 0);
  }

  /** Stops both change streams. */
  stop(): void {
    this.churn.stop();
    this.pacer?.stop();
    this.pacer = undefined;
  }

  private changeLoaded(): void {
    const index = Math.floor(this.random() * this.loaded.length);
    const ref = this.loaded[index];
    if (ref === undefined) return;
    const roll = this.random();
    try {
      if (roll < 0.05) {
        this.loaded.splice(index, 1);
        this.server.delete(ref);
        this.removed.push(ref);
      } else if (roll < 0.1 && this.removed.length > 0) {
        this.recreate();
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

  /** Creates the longest-deleted loaded pod again: same key, new uid and resourceVersion. */
  private recreate(): void {
    const ref = this.removed.shift()!;
    const { namespace = 'default', name } = ref;
    // Listed first: should the create fail, the name is taken, so the pod exists either way.
    this.loaded.push(ref);
    this.server.create(realisticPod({ namespace, name, random: this.random }));
  }
}
