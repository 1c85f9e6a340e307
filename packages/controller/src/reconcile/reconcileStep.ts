import type { RateLimitingQueue } from '@rxkube/queue';
import type { KeyGetter } from '@rxkube/store';
import { isObservable, lastValueFrom, Observable, type SchedulerLike } from 'rxjs';
import type { Reconcile, ReconcileContext } from './controllerOptions.js';
import type { KeyedExclusion } from './keyedExclusion.js';
import type { ReconcileOutcome } from './reconcileOutcome.js';
import { requestFor, type ReconcileRequest } from './reconcileRequest.js';
import { TerminalError, type ReconcileResult } from './reconcileResult.js';

/** What one reconcile step needs from its controller. @internal */
export interface StepConfig<T> {
  readonly name: string;
  readonly cache: KeyGetter<T>;
  readonly reconcile: Reconcile<T>;
  readonly scheduler: SchedulerLike;
  readonly exclusion: KeyedExclusion;
  /** Told of every finished reconcile, even one whose run was torn down meanwhile. */
  readonly report: (outcome: ReconcileOutcome) => void;
  /** Keeps the reconciles to this replica's shard, when the controller is sharded. */
  readonly gate?: StepGate;
}

/** Decides whether a key is reconciled here (sharding), and is told when it is done. @internal */
export interface StepGate {
  /** @returns false to drop the key: it is forgotten and not reconciled */
  admit(key: string, object: unknown): boolean;
  /** The admitted key's reconcile ended; `again`: it was queued again. */
  finish(key: string, again: boolean): void;
}

type Verdict = Pick<ReconcileOutcome, 'result' | 'error' | 'requeueAfter'>;

async function settle(value: ReturnType<Reconcile<unknown>>): Promise<ReconcileResult> {
  if (isObservable(value)) return lastValueFrom(value, { defaultValue: undefined });
  return value;
}

/** Backs off through the queue's limiter, as `addRateLimited` does, but tells the delay. */
function backOff(queue: RateLimitingQueue<string>, key: string): number | undefined {
  if (queue.shuttingDown()) return undefined;
  const delay = queue.rateLimiter.when(key);
  queue.addAfter(key, delay);
  return delay;
}

/** Applies controller-runtime's rules for what happens to a key after its reconcile. */
function conclude(queue: RateLimitingQueue<string>, key: string, result: ReconcileResult): Verdict {
  const requeueAfter = result?.requeueAfter ?? 0;
  if (!(requeueAfter >= 0) || !Number.isFinite(requeueAfter))
    throw new RangeError(`requeueAfter must be a finite number ≥ 0, got ${requeueAfter}`);
  if (requeueAfter > 0) {
    // Success with a timer: the backoff starts afresh, the key comes back on schedule.
    queue.forget(key);
    if (queue.shuttingDown()) return { result: 'requeueAfter' };
    queue.addAfter(key, requeueAfter);
    return { result: 'requeueAfter', requeueAfter };
  }
  if (result?.requeue === true) {
    const delay = backOff(queue, key);
    return delay === undefined ? { result: 'requeue' } : { result: 'requeue', requeueAfter: delay };
  }
  queue.forget(key);
  return { result: 'success' };
}

function fail(queue: RateLimitingQueue<string>, key: string, error: unknown): Verdict {
  if (error instanceof TerminalError) {
    queue.forget(key);
    return { result: 'terminalError', error };
  }
  const delay = backOff(queue, key);
  return delay === undefined
    ? { result: 'error', error }
    : { result: 'error', error, requeueAfter: delay };
}

function contextFor<T>(
  request: ReconcileRequest,
  object: T | undefined,
  signal: AbortSignal,
  retries: number,
): ReconcileContext<T> {
  return object === undefined
    ? { ...request, signal, retries, deleted: true, object: undefined }
    : { ...request, signal, retries, deleted: false, object };
}

/**
 * One reconcile of `key`, as the work of a worker: reads the object from the cache, calls the
 * reconcile function, requeues or forgets the key according to the result, and emits the
 * outcome. Unsubscribing (the run was torn down) aborts the context's signal; a reconcile that
 * had not started yet is skipped, and one already running is reported when it ends.
 *
 * @typeParam T - the primary object type
 * @param config - the controller's side
 * @param queue - the run's queue
 * @param key - the key handed out by the queue
 * @returns an Observable of the one outcome
 * @internal
 */
export function reconcileStep<T>(
  config: StepConfig<T>,
  queue: RateLimitingQueue<string>,
  key: string,
): Observable<ReconcileOutcome> {
  return new Observable<ReconcileOutcome>((subscriber) => {
    const abort = new AbortController();
    let finished = false;
    const attempt = async (): Promise<ReconcileOutcome | undefined> => {
      if (abort.signal.aborted) return undefined;
      const { scheduler } = config;
      const startedAt = scheduler.now();
      const retries = queue.numRequeues(key);
      let request: ReconcileRequest = { key, namespace: '', name: key };
      let deleted = true;
      let verdict: Verdict;
      try {
        request = requestFor(key);
      } catch (error) {
        // A malformed key (from a custom source) can never be reconciled: no retries.
        verdict = fail(
          queue,
          key,
          new TerminalError(`malformed key ${JSON.stringify(key)}`, { cause: error }),
        );
        return {
          controller: config.name,
          request,
          deleted,
          ...verdict,
          retries,
          startedAt,
          durationMs: 0,
        };
      }
      const object = config.cache.getByKey(key);
      if (config.gate !== undefined && !config.gate.admit(key, object)) {
        // Its range left this replica: another one reconciles it now.
        queue.forget(key);
        return undefined;
      }
      try {
        deleted = object === undefined;
        const result = await settle(
          config.reconcile(contextFor(request, object, abort.signal, retries)),
        );
        verdict = conclude(queue, key, result);
      } catch (error) {
        verdict = fail(queue, key, error);
      }
      config.gate?.finish(key, verdict.requeueAfter !== undefined);
      const durationMs = scheduler.now() - startedAt;
      return {
        controller: config.name,
        request,
        deleted,
        ...verdict,
        retries,
        startedAt,
        durationMs,
      };
    };
    config.exclusion.run(key, attempt).then(
      (outcome) => {
        finished = true;
        if (outcome === undefined) {
          subscriber.complete();
          return;
        }
        config.report(outcome);
        subscriber.next(outcome);
        subscriber.complete();
      },
      (error: unknown) => subscriber.error(error),
    );
    return () => {
      if (!finished) abort.abort();
    };
  });
}
