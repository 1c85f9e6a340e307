import { FIFOClosedError, RequeueError, type PopProcessFunc, type Queue } from '@rxkube/queue';
import { isDeletedFinalStateUnknown } from '@rxkube/store';
import { Subscription, asyncScheduler, interval } from 'rxjs';
import { InternalError, type InformerError } from './errors.js';
import type { ListerWatcher } from './listerWatcher.js';
import { listsToReplace } from './listsToReplace.js';
import { reflector } from './reflector.js';
import type { ReflectorOptions } from './reflectorOptions.js';
import { resourceVersionOf } from './resourceVersion.js';
import { timerDelay } from './timerDelay.js';

/**
 * client-go's `cache.Config` (`Config`): what a {@link CacheController} runs.
 *
 * @typeParam T - the object type
 * @typeParam TItem - what the queue pops (`Deltas<T>` for a `DeltaFIFO`, `T` for a `FIFO`)
 */
export interface CacheControllerConfig<T, TItem> {
  /** The queue the Reflector fills and the loop pops (a `DeltaFIFO` or `FIFO`). */
  queue: Queue<T, TItem>;
  /** What to list and watch. */
  listerWatcher: ListerWatcher<T>;
  /** Handles each popped item; may be async. Throwing reports the error. */
  process: PopProcessFunc<TItem>;
  /** Calls `queue.resync()` this often (ms); 0 (default) for never. */
  fullResyncPeriod?: number;
  /** Asked before each periodic resync; resyncs only when it returns true. Default: always. */
  shouldResync?: () => boolean;
  /** Put an item whose processing failed back into the queue (unless newer changes came). */
  retryOnError?: boolean;
  /** Reflector options (scheduler, backoff, timeouts…); the scheduler also drives resyncs. */
  reflector?: ReflectorOptions;
  /** Receives every failure (Reflector and processing). */
  onError?: (error: InformerError) => void;
}

/**
 * client-go's low-level `Controller` (`cache.New(config)`): a Reflector feeding a queue and a
 * loop popping it into `process`, without handlers, shared caches or snapshots. The building
 * block for users who want the loop and nothing else; `SharedIndexInformer` is the same loop
 * (Reflector, DeltaFIFO, process) expressed with the `deltaFifo` operator.
 *
 * @typeParam T - the object type
 * @typeParam TItem - what the queue pops
 * @example
 * ```ts
 * const indexer = new Indexer<V1Pod>();
 * const queue = new DeltaFIFO<V1Pod>({ knownObjects: indexer, emitDeltaTypeReplaced: true });
 * const controller = new CacheController({
 *   queue,
 *   listerWatcher: listerWatcher<V1Pod>(kc, { version: 'v1', plural: 'pods' }),
 *   process: (deltas, initial) => applyDeltas(indexer, deltas, initial).forEach(log),
 * });
 * const running = controller.run();
 * ```
 */
export class CacheController<T, TItem = T> {
  private lastResourceVersion = '';
  private running: Subscription | undefined;

  /** @param config - queue, lister-watcher, process function, resync and retry policy */
  constructor(private readonly config: CacheControllerConfig<T, TItem>) {}

  /**
   * Starts the Reflector and the pop loop.
   *
   * @returns a subscription whose `unsubscribe()` stops both and closes the queue
   * @throws Error if already running
   */
  run(): Subscription {
    if (this.running !== undefined) throw new Error('the controller is already running');
    const { queue, config } = { queue: this.config.queue, config: this.config };
    const report = (error: InformerError): void => config.onError?.(error);
    const running = new Subscription();
    this.running = running;
    const scheduler = config.reflector?.scheduler ?? asyncScheduler;

    running.add(
      reflector(config.listerWatcher, { ...config.reflector, onError: report })
        .pipe(listsToReplace())
        .subscribe((input) => {
          try {
            switch (input.type) {
              case 'bookmark':
                this.lastResourceVersion = input.resourceVersion;
                return;
              case 'replace':
                this.lastResourceVersion = input.resourceVersion;
                return queue.replace(input.items, input.resourceVersion);
              case 'delete':
                if (!isDeletedFinalStateUnknown(input.object)) queue.delete(input.object);
                break;
              default:
                queue[input.type](input.object);
            }
            this.lastResourceVersion = resourceVersionOf(input.object) ?? this.lastResourceVersion;
          } catch (err) {
            report(new InternalError({ resource: config.listerWatcher.description }, err));
          }
        }),
    );
    const period = config.fullResyncPeriod ?? 0;
    if (period > 0) {
      running.add(
        interval(timerDelay(period), scheduler).subscribe(() => {
          if (config.shouldResync?.() ?? true) queue.resync();
        }),
      );
    }
    running.add(() => queue.close());
    void this.popLoop(running, report);
    return running;
  }

  /** @returns whether the queue has delivered the initial list */
  hasSynced(): boolean {
    return this.config.queue.hasSynced();
  }

  /** @returns the last resource version the Reflector saw */
  lastSyncResourceVersion(): string {
    return this.lastResourceVersion;
  }

  private async popLoop(
    running: Subscription,
    report: (error: InformerError) => void,
  ): Promise<void> {
    const { queue, process, retryOnError, listerWatcher } = this.config;
    const step: PopProcessFunc<TItem> = async (item, isInInitialList, key) => {
      try {
        return await process(item, isInInitialList, key);
      } catch (err) {
        throw retryOnError === true && !(err instanceof RequeueError) ? new RequeueError(err) : err;
      }
    };
    while (!running.closed) {
      try {
        await queue.pop(step);
      } catch (err) {
        if (err instanceof FIFOClosedError) return;
        report(new InternalError({ resource: listerWatcher.description }, err));
      }
    }
  }
}
