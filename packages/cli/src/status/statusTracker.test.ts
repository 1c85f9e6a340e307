import {
  initialInformerStatus,
  type InformerStatus,
  type ListerWatcher,
  type SharedIndexInformer,
} from '@rxkube/informer';
import { BehaviorSubject, Subject, of, throwError } from 'rxjs';
import { StatusTracker } from './statusTracker.js';

/** A lister-watcher whose watches fail at once, and whose lists answer one page of `items`. */
function failingWatches(items: number): ListerWatcher<object> {
  return {
    description: 'pods',
    list: () => of({ items: Array.from({ length: items }, () => ({})), resourceVersion: '7' }),
    watch: () => throwError(() => new Error('connection refused')),
  } as unknown as ListerWatcher<object>;
}

/** An informer as the tracker reads it: synced or not, with `cached` objects. */
function informer(synced: boolean, cached: number): SharedIndexInformer<object> {
  return {
    hasSynced$: new BehaviorSubject(synced),
    status$: new BehaviorSubject<InformerStatus>({ ...initialInformerStatus, hasSynced: synced }),
    errors$: new Subject(),
    metrics: () => ({ cached, events: 0, lastResourceVersion: '7' }),
  } as unknown as SharedIndexInformer<object>;
}

const trackers: StatusTracker[] = [];
afterEach(() => {
  for (const tracker of trackers.splice(0)) tracker.close();
});

/** A tracker closed after the test, whatever it asserted. */
function track(): StatusTracker {
  const tracker = new StatusTracker('pods');
  trackers.push(tracker);
  return tracker;
}

describe('StatusTracker', () => {
  it('counts each failed watch as the next retry attempt', () => {
    const tracker = track();
    const lw = tracker.wrap(failingWatches(0));
    const attempts: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      lw.watch({} as never).subscribe({ error: () => attempts.push(tracker.status.failures) });
    }
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('starts the attempts again once a watch delivers, or a list is read to its end', () => {
    const tracker = track();
    const events = new Subject<never>();
    const lw = tracker.wrap({
      ...failingWatches(2),
      watch: () => events,
    } as unknown as ListerWatcher<object>);
    const failing = tracker.wrap(failingWatches(2));
    const after: number[] = [];
    failing.watch({} as never).subscribe({ error: () => undefined });
    failing.watch({} as never).subscribe({ error: () => undefined });
    lw.watch({} as never).subscribe();
    after.push(tracker.status.failures);
    events.next({ type: 'BOOKMARK' } as never);
    after.push(tracker.status.failures);
    failing.watch({} as never).subscribe({ error: () => undefined });
    failing.list({} as never).subscribe();
    after.push(tracker.status.failures);
    expect(after).toEqual([2, 0, 0]);
  });

  it('has the cache size as soon as the informer is synced, not a second later', () => {
    const tracker = track();
    tracker.attach(informer(true, 193));
    expect(tracker.status.objects).toBe(193);
  });

  it('reads the cache size again when the sync completes', () => {
    const tracker = track();
    const source = informer(false, 0);
    let cached = 0;
    (source as { metrics: () => object }).metrics = () => ({
      cached,
      events: 0,
      lastResourceVersion: '9',
    });
    tracker.attach(source);
    cached = 40;
    (source.hasSynced$ as BehaviorSubject<boolean>).next(true);
    expect({ objects: tracker.status.objects, rv: tracker.status.resourceVersion }).toEqual({
      objects: 40,
      rv: '9',
    });
    // Under the informer's own name for it: the dashboard's page reads the same field.
    expect(tracker.status.hasSynced).toBe(true);
  });

  it("shows what the informer's status$ says: backing off until when, stale since when", () => {
    const tracker = track();
    const source = informer(true, 3);
    tracker.attach(source);
    const status$ = source.status$ as BehaviorSubject<InformerStatus>;
    status$.next({
      ...status$.value,
      phase: 'backingOff',
      retryAt: 62_000,
      staleSince: 50_000,
    });
    const backingOff = tracker.status;
    status$.next({
      ...status$.value,
      phase: 'watching',
      retryAt: undefined,
      staleSince: undefined,
    });
    expect([backingOff, tracker.status]).toMatchObject([
      { phase: 'backingOff', retryAt: 62_000, staleSince: 50_000 },
      { phase: 'watching', retryAt: undefined, staleSince: undefined },
    ]);
  });
});
