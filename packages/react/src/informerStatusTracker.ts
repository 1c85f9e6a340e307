import type { InformerStatus, SharedIndexInformer } from '@rxkube/informer';
import type { UseInformerStatusResult } from './useInformerStatusResult.js';

/** The parts of an informer its status is read from. */
export type StatusSource = Pick<SharedIndexInformer<object>, 'status' | 'status$'>;

/**
 * Follows an informer's `status$` and keeps the result as one immutable
 * {@link UseInformerStatusResult}, replaced only when something in it changes, so React can
 * compare snapshots by reference. `status$` completes when the informer stops, which ends the
 * tracking: nothing is left subscribed.
 *
 * The failures are counted from `status$` alone: the informer publishes each failure there (a
 * new `lastError`) and on `errors$`, one after the other, and counting from `errors$` made every
 * failure two snapshots, one with the new `lastError` and the old count.
 *
 * @internal
 */
export class InformerStatusTracker {
  private status: UseInformerStatusResult;
  private readonly listeners = new Set<() => void>();

  /** @param informer - the informer to follow */
  constructor(informer: StatusSource) {
    this.status = { ...informer.status(), errorCount: 0 };
    // Completes when the informer stops, which ends this subscription.
    informer.status$.subscribe((status) =>
      this.change({
        ...status,
        errorCount: this.status.errorCount + (failed(this.status, status) ? 1 : 0),
      }),
    );
  }

  /** @returns the current status; the same object until it changes */
  readonly getSnapshot = (): UseInformerStatusResult => this.status;

  /**
   * @param onChange - called after each change
   * @returns a function that stops calling it
   */
  readonly subscribe = (onChange: () => void): (() => void) => {
    this.listeners.add(onChange);
    return () => this.listeners.delete(onChange);
  };

  private change(next: UseInformerStatusResult): void {
    const current = this.status;
    const keys = Object.keys(next) as (keyof UseInformerStatusResult)[];
    if (keys.every((key) => next[key] === current[key])) return;
    this.status = next;
    for (const listener of [...this.listeners]) listener();
  }
}

/**
 * Whether `next` reports a failure after `previous`: a failure, and nothing else, sets
 * `lastError` and `lastErrorAt` (a new error object each time, at its own moment).
 */
function failed(previous: InformerStatus, next: InformerStatus): boolean {
  return next.lastError !== previous.lastError || next.lastErrorAt !== previous.lastErrorAt;
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
