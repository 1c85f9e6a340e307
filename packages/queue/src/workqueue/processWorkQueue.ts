import { EMPTY, Observable, Subscription, from, type ObservableInput } from 'rxjs';
import type { WorkQueueInterface } from './workQueue.js';

/**
 * The work done for one item by {@link processWorkQueue}: returns anything `from` accepts (a
 * promise, an Observable, an array), whose values are emitted, or nothing for synchronous work.
 * The item is `done` when that input completes or fails.
 *
 * @typeParam T - the item type
 * @typeParam R - what the work emits
 */
export type WorkQueueWork<T, R> = (item: T) => ObservableInput<R> | void;

/** Options of {@link processWorkQueue}. */
export interface ProcessWorkQueueOptions {
  /** How many items are processed at once (client-go's number of workers). Defaults to 1. */
  concurrency?: number;
}

/**
 * Runs `concurrency` workers on `queue`, the RxJS form of a controller's worker loops: each
 * worker gets an item, subscribes to `work(item)`, emits its values, and marks the item `done`
 * when the work completes, then gets the next. The queue's guarantees carry over: an item is
 * never worked on twice at once, and one re-added meanwhile is worked on again afterwards.
 *
 * - The Observable completes once the queue is shut down and every worker has finished.
 * - If `work` throws or its input errors, the item is marked done and the Observable errors,
 *   stopping every worker, like any RxJS operator. To retry instead, catch inside `work` (with a
 *   {@link RateLimitingQueue}: `addRateLimited(item)`).
 * - Unsubscribing stops the workers: pending `get`s are abandoned (no item is lost), running
 *   work is unsubscribed and its items are marked done. The queue itself is left running.
 *
 * @typeParam T - the item type
 * @typeParam R - what the work emits
 * @param queue - the queue to drain (only `get` and `done` are used)
 * @param work - the work for one item
 * @param options - the number of workers
 * @returns the values of every item's work, as they come
 * @throws `RangeError` (on subscription) if `concurrency` is not a positive integer
 * @example
 * ```ts
 * const queue = new RateLimitingQueue<string>();
 * const outcomes$ = processWorkQueue(
 *   queue,
 *   (key) =>
 *     from(reconcile(key)).pipe(
 *       tap(() => queue.forget(key)),
 *       catchError((err) => {
 *         queue.addRateLimited(key);
 *         return of({ key, err });
 *       }),
 *     ),
 *   { concurrency: 4 },
 * );
 * ```
 */
export function processWorkQueue<T, R>(
  queue: Pick<WorkQueueInterface<T>, 'get' | 'done'>,
  work: WorkQueueWork<T, R>,
  options: ProcessWorkQueueOptions = {},
): Observable<R> {
  const { concurrency = 1 } = options;
  return new Observable<R>((subscriber) => {
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      subscriber.error(new RangeError('concurrency must be a positive integer'));
      return undefined;
    }
    const abort = new AbortController();
    // Every running work, whose teardown marks its item done.
    const running = new Subscription();
    let workers = concurrency;

    const runWorker = (): void => {
      queue.get({ signal: abort.signal }).then(
        (result) => {
          if (result.shutdown) {
            workers -= 1;
            if (workers === 0) subscriber.complete();
            return;
          }
          const { item } = result;
          // Handed out just before the teardown: give it back.
          if (subscriber.closed) {
            queue.done(item);
            return;
          }
          const step = new Subscription(() => {
            running.remove(step);
            queue.done(item);
          });
          running.add(step);
          let input: ObservableInput<R> | void;
          try {
            input = work(item);
          } catch (err) {
            step.unsubscribe();
            subscriber.error(err);
            return;
          }
          step.add(
            from(input ?? EMPTY).subscribe({
              next: (value) => subscriber.next(value),
              error: (err: unknown) => {
                step.unsubscribe();
                subscriber.error(err);
              },
              complete: () => {
                step.unsubscribe();
                runWorker();
              },
            }),
          );
        },
        () => {
          // Aborted at teardown: nothing was handed out.
        },
      );
    };

    for (let i = 0; i < concurrency; i += 1) runWorker();
    return () => {
      abort.abort();
      running.unsubscribe();
    };
  });
}
