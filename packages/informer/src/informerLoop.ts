import {
  type DeltaFifoEvent,
  type Deltas,
  type FifoBookmark,
  FifoInput,
  VersionWatermark,
  applyDelta,
  deltaFifo,
  type ResourceEvent,
} from '@rxkube/queue';
import { isDeletedFinalStateUnknown, type Indexer, type KeyFunc } from '@rxkube/store';
import type { Observable } from 'rxjs';
import { defer, filter, ignoreElements, map, merge, retry, tap, timer } from 'rxjs';
import type { SchedulerLike } from 'rxjs';
import type { ConsistentSnapshots } from './consistentSnapshots.js';
import { deepFreeze } from './deepFreeze.js';
import { InternalError, ObjectError, type ErrorContext, type InformerError } from './errors.js';
import type { ListerWatcher } from './listerWatcher.js';
import type { ProcessorListener } from './processorListener.js';
import { reflector } from './reflector.js';
import type { ReflectorOptions } from './reflectorOptions.js';
import { listsToReplace, type ReflectorInput } from './listsToReplace.js';
import { resourceVersionOf } from './resourceVersion.js';
import type { SharedProcessor } from './sharedProcessor.js';

/** A resync made due by one handler, on its way into the queue. */
type ResyncRequest<T> = { readonly type: 'resync'; readonly due: ProcessorListener<T> };

/** What the loop writes to its queue: the Reflector's changes (bookmarks are handled before). */
type LoopInput<T> = Exclude<FifoInput<T>, FifoBookmark> | ResyncRequest<T>;

/** Everything the informer's cache loop works with. */
export interface InformerLoopParts<T extends object> {
  readonly lw: ListerWatcher<T>;
  readonly indexer: Indexer<T>;
  readonly keyFunc: KeyFunc<T>;
  readonly snapshots: ConsistentSnapshots<T>;
  readonly consistentSnapshots: boolean;
  readonly processor: SharedProcessor<T>;
  readonly transform: ((obj: T) => T) | undefined;
  readonly freeze: boolean;
  readonly scheduler: SchedulerLike;
  readonly reflectorOptions: ReflectorOptions;
  /** Emits a handler each time its resync is due. */
  readonly resyncRequests: Observable<ProcessorListener<T>>;
  readonly report: (error: InformerError) => void;
  readonly onSynced: () => void;
  /** Told the DeltaFIFO's depth whenever it changes; 0 when a run starts with a new queue. */
  readonly onDepth: (depth: number) => void;
  /** Called with every resource version the Reflector reaches. */
  readonly onResourceVersion: (resourceVersion: string) => void;
  readonly errorContext: () => ErrorContext;
}

/**
 * The informer's cache loop: Reflector → transform/freeze → DeltaFIFO → Indexer → handlers.
 * Subscribing runs it; unsubscribing stops the watch, closes the queue and cancels everything.
 *
 * Besides feeding the cache, it keeps three promises, all resting on what the queue reports
 * each write did (`onWrite`):
 * - a relist's deltas are applied with `indexer$` held, released when the last key the relist
 *   queued has been applied;
 * - `Sync` deltas reach only the handlers whose resync made them;
 * - the Indexer's resource version is the version of the last input (list, event, bookmark)
 *   such that it and every input before it, in stream order, have been applied
 *   ({@link VersionWatermark}): it never goes backwards and never claims a change still queued.
 *   Each pop is applied as one Indexer batch carrying that version: one snapshot per pop.
 *
 * A defect in the loop itself is reported as an `InternalError`, and the loop starts over a
 * second later with a new queue rather than going silent.
 *
 * @typeParam T - the object type
 * @param parts - the informer's components
 * @returns an Observable that never emits, errors or completes
 * @internal
 */
export function informerLoop<T extends object>(parts: InformerLoopParts<T>): Observable<never> {
  return cacheLoop(parts).pipe(
    retry({
      delay: (err: unknown) => {
        parts.report(new InternalError(parts.errorContext(), err));
        parts.snapshots.release();
        return timer(1000, parts.scheduler);
      },
    }),
  );
}

/** One run of the loop, with its own queue; errors only on a defect. */
function cacheLoop<T extends object>(parts: InformerLoopParts<T>): Observable<never> {
  return defer(() => {
    const { indexer, snapshots, processor, report } = parts;
    // Keys a relist queued that have not been applied yet; undefined when none is pending.
    let replacing: Set<string> | undefined;
    // Which inputs are still queued, hence which version the Indexer has caught up with. Each
    // run starts with a new queue, so with a new watermark.
    const watermark = new VersionWatermark();
    const settleResourceVersion = (): void => {
      const version = watermark.resourceVersion;
      if (version !== undefined) indexer.setResourceVersion(version);
    };
    parts.onDepth(0);

    const prepareObject = (obj: T, forDeletion: boolean): T | undefined => {
      let out = obj;
      if (parts.transform !== undefined) {
        try {
          out = parts.transform(obj);
        } catch (err) {
          report(new ObjectError(obj, 'transform', parts.errorContext(), err));
          // A deletion only needs the key: keep it rather than leave a ghost in the cache.
          if (!forDeletion) return undefined;
          out = obj;
        }
      }
      return parts.freeze ? deepFreeze(out) : out;
    };

    const prepare = (input: LoopInput<T>): LoopInput<T> | undefined => {
      switch (input.type) {
        case 'resync':
          return input;
        case 'replace': {
          const items: T[] = [];
          for (const item of input.items) {
            const prepared = prepareObject(item, false);
            if (prepared !== undefined) items.push(prepared);
          }
          return FifoInput.replace(items, input.resourceVersion);
        }
        case 'add':
        case 'update': {
          const prepared = prepareObject(input.object, false);
          if (prepared === input.object) return input;
          return prepared === undefined ? undefined : { type: input.type, object: prepared };
        }
        case 'delete':
          if (isDeletedFinalStateUnknown(input.object)) return input;
          return FifoInput.delete(prepareObject(input.object, true) ?? input.object);
      }
    };

    // Runs once the queue has taken `input`, before any key it queued is processed.
    const onWrite = (input: LoopInput<T>, queuedKeys: readonly string[]): void => {
      switch (input.type) {
        case 'resync':
          // A Sync carries the cached object: it changes no version.
          if ('due' in input) processor.planResync(queuedKeys, input.due);
          return;
        case 'replace':
          watermark.wrote(input.resourceVersion, queuedKeys);
          if (parts.consistentSnapshots && queuedKeys.length > 0) {
            replacing ??= new Set();
            for (const key of queuedKeys) replacing.add(key);
            snapshots.hold();
          }
          break;
        default:
          watermark.wrote(resourceVersionOf(input.object), queuedKeys);
      }
      // An input that queued nothing (an empty list, a deletion of an unknown key) is applied
      // already; one that queued keys moves the version only when its last key is applied.
      if (queuedKeys.length === 0) settleResourceVersion();
    };

    const onBookmark = (resourceVersion: string): void => {
      watermark.wrote(resourceVersion, []);
      settleResourceVersion();
    };

    // One array for every pop's events: `distribute` only reads it, synchronously, and pops
    // never overlap (each is synchronous and they take turns). Emptied after each pop.
    const events: ResourceEvent<T>[] = [];
    const process = (deltas: Deltas<T>, isInInitialList: boolean, key: string): void => {
      // Decided as the pop starts, from the changes it took: a relist written after that
      // queues the key afresh, and is complete only once that later pop is applied.
      const completesRelist = replacing?.delete(key) === true && replacing.size === 0;
      watermark.applying(key);
      indexer.batch(() => {
        for (const delta of deltas) {
          try {
            events.push(applyDelta(indexer, delta, isInInitialList));
          } catch (err) {
            report(new ObjectError(delta.object, 'cache', parts.errorContext(), err));
          }
        }
        settleResourceVersion();
      });
      if (completesRelist) {
        replacing = undefined;
        snapshots.release();
      }
      try {
        processor.distribute(key, events);
      } finally {
        // Holds no object past its pop.
        events.length = 0;
      }
    };
    const reflected = reflector(parts.lw, parts.reflectorOptions).pipe(
      listsToReplace(),
      tap((output: ReflectorInput<T>) => {
        const version =
          output.type === 'bookmark' || output.type === 'replace'
            ? output.resourceVersion
            : resourceVersionOf(output.object);
        if (version !== undefined) parts.onResourceVersion(version);
        if (output.type === 'bookmark') onBookmark(output.resourceVersion);
      }),
      filter(
        (output): output is Exclude<ReflectorInput<T>, FifoBookmark> => output.type !== 'bookmark',
      ),
    );
    const resyncs = parts.resyncRequests.pipe(
      map((due): ResyncRequest<T> => ({ type: 'resync', due })),
    );

    // The queue's events, back to the loop's callbacks. A relist's end is tracked by the loop
    // itself (`replacing`), so `relistApplied` is not needed here.
    const onFifoEvent = (event: DeltaFifoEvent<T, LoopInput<T>>): void => {
      switch (event.type) {
        case 'queued':
          return onWrite(event.input, event.keys);
        case 'popped':
          return process(event.deltas, event.isInInitialList, event.key);
        case 'depth':
          return parts.onDepth(event.depth);
        case 'synced':
          return parts.onSynced();
        case 'skipped':
          return report(new ObjectError(event.error.obj, 'key', parts.errorContext(), event.error));
        case 'relistApplied':
          return;
      }
    };

    return merge(reflected, resyncs).pipe(
      map(prepare),
      filter((input): input is LoopInput<T> => input !== undefined),
      deltaFifo<T, LoopInput<T>>({
        knownObjects: indexer,
        keyFunction: parts.keyFunc,
        emitDeltaTypeReplaced: true,
        scheduler: parts.scheduler,
        keyErrors: 'skip',
      }),
      tap(onFifoEvent),
      ignoreElements(),
    );
  });
}
