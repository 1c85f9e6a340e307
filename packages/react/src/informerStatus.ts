import type { InformerStatus as InformerLiveness, SharedIndexInformer } from '@rxkube/informer';

/** The parts of an informer its status is read from. */
export type StatusSource = Pick<SharedIndexInformer<object>, 'status' | 'status$' | 'errors$'>;

/**
 * What a view needs to know about an informer besides its objects: the informer's own
 * `InformerStatus` (`hasSynced`; `phase`: syncing, watching, backing off until `retryAt`, or
 * relisting; `staleSince`; `lastError` and `lastErrorAt`) and how many failures it reported.
 */
export interface InformerStatus extends InformerLiveness {
  /** How many failures it reported since it was tracked. */
  readonly errorCount: number;
}

/**
 * Follows an informer's `status$` and `errors$` and keeps the result as one immutable
 * {@link InformerStatus}, replaced only when something in it changes, so React can compare
 * snapshots by reference. Both streams complete when the informer stops, which ends the
 * tracking: nothing is left subscribed.
 *
 * @internal
 */
export class InformerStatusTracker {
  private status: InformerStatus;
  private readonly listeners = new Set<() => void>();

  /** @param informer - the informer to follow */
  constructor(informer: StatusSource) {
    this.status = { ...informer.status(), errorCount: 0 };
    // Both streams complete when the informer stops, which ends these subscriptions.
    informer.status$.subscribe((liveness) =>
      this.change({ ...liveness, errorCount: this.status.errorCount }),
    );
    informer.errors$.subscribe(() =>
      this.change({ ...this.status, errorCount: this.status.errorCount + 1 }),
    );
  }

  /** @returns the current status; the same object until it changes */
  readonly getSnapshot = (): InformerStatus => this.status;

  /**
   * @param onChange - called after each change
   * @returns a function that stops calling it
   */
  readonly subscribe = (onChange: () => void): (() => void) => {
    this.listeners.add(onChange);
    return () => this.listeners.delete(onChange);
  };

  private change(next: InformerStatus): void {
    const current = this.status;
    const keys = Object.keys(next) as (keyof InformerStatus)[];
    if (keys.every((key) => next[key] === current[key])) return;
    this.status = next;
    for (const listener of [...this.listeners]) listener();
  }
}

const trackers = new WeakMap<object, InformerStatusTracker>();

/**
 * The status tracker of an informer, created on first use. Informers made by an
 * {@link InformerRegistry} are tracked from their creation; any other informer from the first
 * time its status is asked for, so failures reported before that are not counted.
 *
 * @param informer - the informer
 * @returns its one tracker
 * @internal
 */
export function statusTrackerOf(informer: StatusSource): InformerStatusTracker {
  let tracker = trackers.get(informer);
  if (tracker === undefined) {
    tracker = new InformerStatusTracker(informer);
    trackers.set(informer, tracker);
  }
  return tracker;
}
