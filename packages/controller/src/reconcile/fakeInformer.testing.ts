import type { HandlerOptions, InformerEvent } from '@rxkube/informer';
import { DeletedFinalStateUnknown } from '@rxkube/store';
import {
  BehaviorSubject,
  EMPTY,
  Observable,
  Subject,
  filter,
  firstValueFrom,
  interval,
  merge,
  type SchedulerLike,
} from 'rxjs';
import type { PrimaryInformerSource } from './informerSource.js';
import type { ControllerObject } from './objectMeta.js';

/** A test object: namespaced, with the metadata the predicates read. */
export interface Thing extends ControllerObject {
  metadata: NonNullable<ControllerObject['metadata']> & { name: string; namespace: string };
  spec?: Record<string, unknown>;
}

let version = 0;

/** Builds a thing with a fresh resourceVersion. */
export function thing(
  name: string,
  metadata: Partial<Thing['metadata']> = {},
  namespace = 'ns',
): Thing {
  version += 1;
  return {
    metadata: { name, namespace, resourceVersion: String(version), generation: 1, ...metadata },
  };
}

/** The same thing written again: a new resourceVersion, the given metadata changes. */
export function written(previous: Thing, metadata: Partial<Thing['metadata']> = {}): Thing {
  version += 1;
  return {
    ...previous,
    metadata: { ...previous.metadata, resourceVersion: String(version), ...metadata },
  };
}

function keyOf(obj: Thing): string {
  return `${obj.metadata.namespace}/${obj.metadata.name}`;
}

/**
 * An in-memory informer with the delivery rules of `SharedIndexInformer` that the controller
 * relies on: a handler first receives an add for every cached object, then live events; a
 * resync re-delivers every cached object as an update with the same resourceVersion.
 */
export class FakeInformer implements PrimaryInformerSource<Thing> {
  readonly cache = new Map<string, Thing>();
  readonly handlers = new Set<(event: InformerEvent<Thing>) => void>();
  private readonly synced: BehaviorSubject<boolean | 'stopped'>;
  private readonly resyncs = new Subject<void>();

  constructor(
    private readonly scheduler: SchedulerLike,
    synced = true,
  ) {
    this.synced = new BehaviorSubject<boolean | 'stopped'>(synced);
  }

  getIndexer() {
    return { getByKey: (key: string) => this.cache.get(key) };
  }

  handle(options: HandlerOptions = {}): Observable<InformerEvent<Thing>> {
    return new Observable<InformerEvent<Thing>>((subscriber) => {
      const deliver = (event: InformerEvent<Thing>) => subscriber.next(event);
      for (const object of this.cache.values())
        deliver({ type: 'add', object, isInInitialList: true });
      this.handlers.add(deliver);
      const period = options.resyncPeriod ?? 0;
      const schedule = options.resync$ ?? (period > 0 ? interval(period, this.scheduler) : EMPTY);
      const resync = merge(schedule, this.resyncs).subscribe(() => {
        for (const object of this.cache.values())
          deliver({ type: 'update', object, oldObject: object, isInInitialList: false });
      });
      return () => {
        this.handlers.delete(deliver);
        resync.unsubscribe();
      };
    });
  }

  waitForCacheSync(signal?: AbortSignal): Promise<boolean> {
    const done = firstValueFrom(this.synced.pipe(filter((s) => s !== false))).then(
      (s) => s === true,
    );
    if (signal === undefined) return done;
    return Promise.race([
      done,
      new Promise<boolean>((resolve) => {
        if (signal.aborted) resolve(false);
        signal.addEventListener('abort', () => resolve(false), { once: true });
      }),
    ]);
  }

  markSynced(): void {
    this.synced.next(true);
  }

  stop(): void {
    this.synced.next('stopped');
  }

  /** Delivers a resync to every handler now. */
  resync(): void {
    this.resyncs.next();
  }

  /** Adds or updates an object. */
  set(object: Thing): void {
    const old = this.cache.get(keyOf(object));
    this.cache.set(keyOf(object), object);
    this.emit(
      old === undefined
        ? { type: 'add', object, isInInitialList: false }
        : { type: 'update', object, oldObject: old, isInInitialList: false },
    );
  }

  /** Deletes an object; `tombstone` delivers it as a relist would, wrapped. */
  delete(object: Thing, tombstone = false): void {
    this.cache.delete(keyOf(object));
    this.emit({
      type: 'delete',
      object: tombstone ? new DeletedFinalStateUnknown(keyOf(object), object) : object,
      isInInitialList: false,
    });
  }

  private emit(event: InformerEvent<Thing>): void {
    for (const deliver of [...this.handlers]) deliver(event);
  }
}
