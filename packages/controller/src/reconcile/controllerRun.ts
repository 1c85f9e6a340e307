import { processWorkQueue, RateLimitingQueue, type RateLimitingQueueOptions } from '@rxkube/queue';
import { EMPTY, Observable, Subscription } from 'rxjs';
import type { EventHandlerError } from './eventHandlerError.js';
import type { EventSource } from './eventSource.js';
import type { ReconcileOutcome } from './reconcileOutcome.js';
import { reconcileStep, type StepConfig } from './reconcileStep.js';

/** A run in progress, as its controller sees it (to drain it and read its metrics). @internal */
export interface ActiveRun {
  readonly queue: RateLimitingQueue<string>;
  /** Stops taking events and new keys; resolves once the keys being reconciled are done. */
  drain(): Promise<void>;
}

/** What a run needs. @internal */
export interface RunConfig<T> {
  readonly sources: readonly EventSource[];
  readonly step: StepConfig<T>;
  readonly concurrency: number;
  readonly queueOptions: RateLimitingQueueOptions<string>;
  /** Told of every event a source's predicate or mapper threw on (the run goes on). */
  readonly reportError: (error: EventHandlerError) => void;
  /** Called when the run starts and ends. */
  readonly track: (run: ActiveRun, active: boolean) => void;
}

/** The caches never synced: an informer stopped first. */
export class CacheSyncError extends Error {
  constructor() {
    super('an informer stopped before its cache synced');
    this.name = 'CacheSyncError';
  }
}

/**
 * One run of a controller, as a cold Observable of its outcomes: a fresh work queue, a handler
 * on every source (its keys are queued from the start, de-duplicated), and once every cache
 * has synced, `concurrency` workers reconciling what the queue hands out.
 *
 * - Unsubscribing tears the run down at once: handlers removed, queue shut down, running
 *   reconciles' signals aborted.
 * - `drain()` ends it gracefully: handlers removed, queue shut down, keys still queued left
 *   (every key is reconciled again by the next run, from its initial list), reconciles in
 *   flight finished; then the Observable completes.
 *
 * @typeParam T - the primary object type
 * @param config - sources, reconcile step, workers, queue options
 * @returns the run
 * @internal
 */
export function controllerRun<T>(config: RunConfig<T>): Observable<ReconcileOutcome> {
  return new Observable<ReconcileOutcome>((subscriber) => {
    const queue = new RateLimitingQueue<string>(config.queueOptions);
    const sync = new AbortController();
    const events = new Subscription();
    let draining = false;
    let workers: Subscription | undefined;

    const run: ActiveRun = {
      queue,
      drain: () => {
        draining = true;
        events.unsubscribe();
        const drained = queue.shutDownWithDrain();
        // Not synced yet: no worker will ever complete the run.
        if (workers === undefined) {
          sync.abort();
          subscriber.complete();
        }
        return drained;
      },
    };
    config.track(run, true);

    for (const source of config.sources)
      events.add(
        source.keys$.subscribe({
          next: (key) => (typeof key === 'string' ? queue.add(key) : config.reportError(key)),
          error: (error: unknown) => subscriber.error(error),
        }),
      );

    Promise.all(config.sources.map((source) => source.waitForSync(sync.signal))).then(
      (synced) => {
        if (subscriber.closed) return;
        if (!synced.every(Boolean)) {
          subscriber.error(new CacheSyncError());
          return;
        }
        workers = processWorkQueue(
          queue,
          // Keys handed out after a drain began are left for the next run.
          (key) => (draining ? EMPTY : reconcileStep(config.step, queue, key)),
          { concurrency: config.concurrency },
        ).subscribe(subscriber);
      },
      (error: unknown) => subscriber.error(error),
    );

    return () => {
      sync.abort();
      events.unsubscribe();
      workers?.unsubscribe();
      queue.shutDown();
      config.track(run, false);
    };
  });
}
