import {
  EMPTY,
  Observable,
  Subscription,
  asapScheduler,
  from,
  type ObservableInput,
  type SchedulerLike,
} from 'rxjs';
import type { WorkQueueGetResult, WorkQueueInterface } from './workQueue.js';

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
  /**
   * Where a worker starts the work for an item the queue handed it (and learns of the
   * shutdown). Defaults to `asapScheduler`: a microtask, as a promise from `get` would, so the
   * work never runs inside the `add` that queued its item. Under `TestScheduler.run` that
   * scheduler runs in virtual time, so marble tests drive the workers without passing one.
   * Must not be synchronous (`queueScheduler` outside an action), or a worker's loop recurses.
   */
  scheduler?: SchedulerLike;
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
 * - Unsubscribing stops the workers: pending `get$`s are abandoned (no item is lost; one
 *   handed out whose work has not started yet is marked done and added again), running work
 *   is unsubscribed and its items are marked done. The queue itself is left running.
 *
 * Workers take items with `get$`, not with promises, and start the work on `scheduler`, so the
 * whole loop runs in virtual time under RxJS's `TestScheduler`.
 *
 * @typeParam T - the item type
 * @typeParam R - what the work emits
 * @param queue - the queue to drain (only `get$`, `done` and, for an item handed out at the
 *   moment of unsubscribing, `add` are used)
 * @param work - the work for one item
 * @param options - the number of workers, and the scheduler that starts the work
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
  queue: Pick<WorkQueueInterface<T>, 'get$' | 'done' | 'add'>,
  work: WorkQueueWork<T, R>,
  options: ProcessWorkQueueOptions = {},
): Observable<R> {
  const { concurrency = 1, scheduler = asapScheduler } = options;
  return new Observable<R>((subscriber) => {
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      subscriber.error(new RangeError('concurrency must be a positive integer'));
      return undefined;
    }
    // Every worker's wait for an item and the start of its work. Torn down before `running`,
    // so that the items the running work marks done cannot be handed to a worker meanwhile.
    const waiting = new Subscription();
    // Every running work, whose teardown marks its item done.
    const running = new Subscription();
    let workers = concurrency;

    const runWork = (item: T): void => {
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
    };

    const finishWorker = (): void => {
      workers -= 1;
      if (workers === 0) subscriber.complete();
    };

    const runWorker = (): void => {
      const turn = new Subscription();
      waiting.add(turn);
      const take = (result: WorkQueueGetResult<T>): void => {
        if (result.shutdown) {
          turn.add(
            scheduler.schedule(() => {
              waiting.remove(turn);
              finishWorker();
            }),
          );
          return;
        }
        const { item } = result;
        // The item is ours from now on: if the work never starts, it goes back to the queue.
        const giveBack = (): void => {
          queue.done(item);
          queue.add(item);
        };
        turn.add(giveBack);
        turn.add(
          scheduler.schedule(() => {
            turn.remove(giveBack);
            waiting.remove(turn);
            runWork(item);
          }),
        );
      };
      turn.add(queue.get$().subscribe(take));
    };

    for (let i = 0; i < concurrency; i += 1) runWorker();
    return () => {
      waiting.unsubscribe();
      running.unsubscribe();
    };
  });
}
