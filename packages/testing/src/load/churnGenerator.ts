import type { KubeObject } from '../api/types.js';
import { StatusError } from '../api/status.js';
import type { FakeApiServer } from '../fakeApiServer.js';
import { seededRandom } from '../faults/random.js';
import type { ObjectRef } from '../objectRef.js';
import { pace, type Pacer } from './pacer.js';
import { realisticPod } from './podFactory.js';

/** Relative weights of the operations the churn picks from. */
export interface ChurnMix {
  create: number;
  update: number;
  delete: number;
}

/** Options of a {@link ChurnGenerator}. */
export interface ChurnOptions {
  /** Operations per second for {@link ChurnGenerator.start}. Default 100. */
  ratePerSecond?: number;
  /** Operation weights. Default create 1, update 3, delete 1. */
  mix?: Partial<ChurnMix>;
  /** Namespaces to spread objects over. Default `['default']`. */
  namespaces?: readonly string[];
  /** Upper bound on live objects: at the bound creates turn into updates. Default 1,000. */
  maxObjects?: number;
  /** Seed for a reproducible sequence. Default 1. */
  seed?: number;
  /** Name prefix of created objects. Default `churn`. */
  prefix?: string;
  /** Builds a new object; default a realistic pod. */
  factory?: (namespace: string, name: string, random: () => number) => KubeObject;
}

/** Counts of what a churn generator did. */
export interface ChurnStats {
  created: number;
  updated: number;
  deleted: number;
}

/**
 * Creates, updates and deletes objects at a given rate and mix across namespaces, through the
 * programmatic API. Updates flip the status phase, a label (so label-selector watches see objects
 * enter and leave) and a counter annotation. {@link ChurnGenerator.step} applies operations at
 * once for deterministic tests; {@link ChurnGenerator.start} runs on a timer for demos and
 * benchmarks.
 */
export class ChurnGenerator {
  /** What has been done so far. */
  readonly stats: ChurnStats = { created: 0, updated: 0, deleted: 0 };
  private readonly random: () => number;
  private readonly live: ObjectRef[] = [];
  private readonly mix: ChurnMix;
  private pacer: Pacer | undefined;
  private skippedBefore = 0;
  private serial = 0;

  /**
   * @param server - the server to write to.
   * @param options - rate, mix, namespaces, bounds and seed.
   */
  constructor(
    private readonly server: FakeApiServer,
    private readonly options: ChurnOptions = {},
  ) {
    this.random = seededRandom(options.seed ?? 1);
    this.mix = { create: 1, update: 3, delete: 1, ...options.mix };
  }

  /**
   * Whether the timer of {@link ChurnGenerator.start} is running.
   *
   * @returns true while running.
   */
  get running(): boolean {
    return this.pacer !== undefined;
  }

  /**
   * Objects the generator currently believes exist.
   *
   * @returns their references.
   */
  liveObjects(): readonly ObjectRef[] {
    return this.live;
  }

  /**
   * Applies `count` operations now.
   *
   * @param count - how many.
   * @returns the cumulative stats.
   */
  step(count = 1): ChurnStats {
    for (let i = 0; i < count; i += 1) this.operate();
    return this.stats;
  }

  /**
   * Runs operations at the configured rate (held over real time, see {@link pace}) until
   * {@link ChurnGenerator.stop} or the server stops.
   */
  start(): void {
    if (this.pacer !== undefined) return;
    this.pacer = pace(this.options.ratePerSecond ?? 100, (count) => {
      if (this.server.stopped) {
        this.stop();
        return false;
      }
      this.step(count);
    });
  }

  /**
   * Operations the timer skipped because the process could not keep up with the rate.
   *
   * @returns their count over every run of the timer.
   */
  get skipped(): number {
    return this.skippedBefore + (this.pacer?.skipped ?? 0);
  }

  /** Stops the timer started by {@link ChurnGenerator.start}. */
  stop(): void {
    this.pacer?.stop();
    this.skippedBefore += this.pacer?.skipped ?? 0;
    this.pacer = undefined;
  }

  private operate(): void {
    const max = this.options.maxObjects ?? 1_000;
    const { create, update } = this.mix;
    const total = create + update + this.mix.delete;
    const roll = this.random() * total;
    try {
      if (this.live.length === 0 || (roll < create && this.live.length < max)) this.create();
      else if (roll < create + update || this.live.length <= 1) this.update();
      else this.remove();
    } catch (error) {
      // Someone else deleted or recreated the object: forget it and carry on.
      if (!(error instanceof StatusError)) throw error;
    }
  }

  private create(): void {
    const namespaces = this.options.namespaces ?? ['default'];
    const namespace = namespaces[Math.floor(this.random() * namespaces.length)] ?? 'default';
    const name = `${this.options.prefix ?? 'churn'}-${this.serial}`;
    this.serial += 1;
    const factory =
      this.options.factory ?? ((ns, n, r) => realisticPod({ namespace: ns, name: n, random: r }));
    const obj = factory(namespace, name, this.random);
    this.server.create(obj);
    this.live.push({
      apiVersion: obj.apiVersion ?? 'v1',
      kind: obj.kind ?? 'Pod',
      namespace,
      name,
    });
    this.stats.created += 1;
  }

  private update(): void {
    const index = Math.floor(this.random() * this.live.length);
    const ref = this.live[index];
    if (ref === undefined) return;
    const flip = this.random();
    try {
      this.server.patch(ref, (obj) => {
        const labels = { ...obj.metadata.labels };
        if (flip < 0.3) labels['churn'] = labels['churn'] === 'hot' ? 'cold' : 'hot';
        const count = Number(obj.metadata.annotations?.['rxkube.io/churn'] ?? '0') + 1;
        obj.metadata.labels = labels;
        obj.metadata.annotations = {
          ...obj.metadata.annotations,
          'rxkube.io/churn': String(count),
        };
        const status = obj['status'];
        if (flip >= 0.3 && flip < 0.6 && typeof status === 'object' && status !== null) {
          const s = status as Record<string, unknown>;
          s['phase'] = s['phase'] === 'Running' ? 'Pending' : 'Running';
        }
      });
      this.stats.updated += 1;
    } catch (error) {
      this.live.splice(index, 1);
      throw error;
    }
  }

  private remove(): void {
    const index = Math.floor(this.random() * this.live.length);
    const [ref] = this.live.splice(index, 1);
    if (ref === undefined) return;
    this.server.delete(ref);
    this.stats.deleted += 1;
  }
}
