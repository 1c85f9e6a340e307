import type { InformerError, SharedIndexInformer } from '@rxkube/informer';

/** The parts of an informer its status is read from. */
export type StatusSource = Pick<
  SharedIndexInformer<object>,
  'hasSynced' | 'hasSynced$' | 'errors$'
>;

/** What a view needs to know about an informer besides its objects. */
export interface InformerStatus {
  /** `false` until the initial list has been fully processed (client-go's `HasSynced`). */
  readonly hasSynced: boolean;
  /** The latest failure the informer reported, typed; it keeps running and retrying. */
  readonly lastError: InformerError | undefined;
  /** How many failures it reported since it was tracked. */
  readonly errorCount: number;
}

/**
 * Follows an informer's `hasSynced$` and `errors$` and keeps the result as one immutable
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
    this.status = { hasSynced: informer.hasSynced(), lastError: undefined, errorCount: 0 };
    // Both streams complete when the informer stops, which ends these subscriptions.
    informer.hasSynced$.subscribe((hasSynced) => this.change({ ...this.status, hasSynced }));
    informer.errors$.subscribe((lastError) =>
      this.change({ ...this.status, lastError, errorCount: this.status.errorCount + 1 }),
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
    if (
      next.hasSynced === this.status.hasSynced &&
      next.lastError === this.status.lastError &&
      next.errorCount === this.status.errorCount
    ) {
      return;
    }
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
