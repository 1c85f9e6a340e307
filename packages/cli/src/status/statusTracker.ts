import type { InformerError, ListerWatcher, SharedIndexInformer } from '@rxkube/informer';
import { BehaviorSubject, Subject, Subscription, interval, type Observable } from 'rxjs';
import type { InformerSummary } from './informerSummary.js';
import { failedOutcome, type LinkOutcome } from './linkOutcome.js';
import { trackListerWatcher, type LinkActivity } from './trackedListerWatcher.js';

const rateWindow = 5;

/**
 * Follows one informer and publishes its {@link InformerSummary}: sync, phase (backing off until
 * when, stale since when), list progress, events per second, reconnects, relists and the last error.
 *
 * Create it first, build the informer on {@link StatusTracker.wrap}'s lister-watcher, then
 * {@link StatusTracker.attach} the informer.
 */
export class StatusTracker {
  private readonly subject: BehaviorSubject<InformerSummary>;
  private readonly outcomes = new Subject<LinkOutcome>();
  private readonly subscriptions = new Subscription();
  private readonly samples: number[] = [];
  private informer: SharedIndexInformer<object> | undefined;
  private lists = 0;
  private watches = 0;

  /** @param resource - the resource's description */
  constructor(resource: string) {
    this.subject = new BehaviorSubject<InformerSummary>({
      resource,
      hasSynced: false,
      phase: 'syncing',
      listPages: 0,
      listItems: 0,
      objects: 0,
      resourceVersion: '',
      eventsPerSecond: 0,
      reconnects: 0,
      relists: 0,
      failures: 0,
    });
  }

  /** The current status, then every change (and a refresh every second). */
  get status$(): Observable<InformerSummary> {
    return this.subject.asObservable();
  }

  /**
   * Each failure the informer reports and each request that worked (a list read to its end, a
   * watch's first event), as they happen: for reports of failures and recoveries. Completes on
   * {@link StatusTracker.close}.
   */
  get outcomes$(): Observable<LinkOutcome> {
    return this.outcomes.asObservable();
  }

  /** @returns the current status */
  get status(): InformerSummary {
    return this.subject.value;
  }

  /**
   * @typeParam T - the object type
   * @param lw - the informer's lister-watcher
   * @returns the same, reporting its activity here
   */
  wrap<T>(lw: ListerWatcher<T>): ListerWatcher<T> {
    return trackListerWatcher(lw, (activity) => this.onActivity(activity));
  }

  /**
   * Starts following an informer built on {@link StatusTracker.wrap}.
   *
   * @param informer - the informer
   */
  attach(informer: SharedIndexInformer<object>): void {
    this.informer = informer;
    // The cache size is read when the sync completes, not at the next second's sample: the
    // first frame under a full table must not say `0 objects`.
    this.subscriptions.add(
      informer.hasSynced$.subscribe((synced) => {
        this.update({ hasSynced: synced });
        if (synced) this.sample();
      }),
    );
    // What the informer is doing, from the Reflector itself: only it knows that it is waiting
    // out a backoff, and since when its cache is stale.
    this.subscriptions.add(
      informer.status$.subscribe(({ phase, retryAt, staleSince }) =>
        this.update({ phase, retryAt, staleSince }),
      ),
    );
    this.subscriptions.add(
      informer.errors$.subscribe((error: InformerError) => {
        // The message may quote a Status of any size and content: kept escaped and capped.
        const outcome = failedOutcome(error);
        this.update({ lastError: { message: outcome.message, at: Date.now() } });
        this.outcomes.next(outcome);
      }),
    );
    this.subscriptions.add(interval(1000).subscribe(() => this.sample()));
  }

  /** Stops following; `status$` completes. */
  close(): void {
    this.subscriptions.unsubscribe();
    this.subject.complete();
    this.outcomes.complete();
  }

  private onActivity(activity: LinkActivity): void {
    const status = this.subject.value;
    switch (activity.type) {
      case 'listPage':
        if (activity.pages === 0) this.lists += 1;
        this.update({
          relists: Math.max(0, this.lists - 1),
          listPages: activity.pages,
          listItems: activity.items,
        });
        return;
      case 'listed':
        this.update({ listPages: activity.pages, listItems: activity.items, failures: 0 });
        this.outcomes.next({ type: 'succeeded', verb: 'list' });
        return;
      case 'watching':
        // Opening a watch is no success yet: a refused one fails right after, and resetting
        // the count here kept every retry at `attempt 1`.
        this.watches += 1;
        this.update({ reconnects: Math.max(0, this.watches - 1) });
        return;
      case 'watched':
        this.update({ failures: 0 });
        this.outcomes.next({ type: 'succeeded', verb: 'watch' });
        return;
      case 'failed':
        this.update({ failures: status.failures + 1 });
        return;
    }
  }

  private sample(): void {
    const informer = this.informer;
    if (informer === undefined) return;
    const metrics = informer.metrics();
    this.samples.push(metrics.events);
    if (this.samples.length > rateWindow + 1) this.samples.shift();
    const first = this.samples[0] ?? metrics.events;
    const seconds = Math.max(1, this.samples.length - 1);
    this.update({
      objects: metrics.cached,
      resourceVersion: metrics.lastResourceVersion,
      eventsPerSecond: (metrics.events - first) / seconds,
    });
  }

  private update(change: Partial<InformerSummary>): void {
    if (this.subject.closed) return;
    this.subject.next({ ...this.subject.value, ...change });
  }
}
