import {
  SharedIndexInformer,
  type ListerWatcher,
  type ResourceRef,
  type SharedIndexInformerOptions,
} from '@rxkube/informer';
import { NamespaceIndex, metaNamespaceIndexFunc, type KubeObject } from '@rxkube/store';
import { asyncScheduler, type SchedulerLike, type Subscription } from 'rxjs';
import { statusTrackerOf } from './informerStatusTracker.js';
import { resourceKey } from './resourceKey.js';

/** Options of an {@link InformerRegistry}, and the props of `RxkubeProvider` besides children. */
export interface InformerRegistryOptions {
  /**
   * Makes the lister-watcher of a resource, called once per informer the registry creates: for
   * example `(resource) => fetchListerWatcher(baseUrl, resource)` in a page, or a scripted
   * lister-watcher in tests.
   */
  listerWatcherFor: (resource: ResourceRef) => ListerWatcher<KubeObject>;
  /**
   * Options of the informer for a resource (indexers, transform, logger…). Default: the
   * namespace index (`NamespaceIndex`), so `useByIndex(informer, NamespaceIndex, ns)` works.
   */
  informerOptions?: (resource: ResourceRef) => SharedIndexInformerOptions<KubeObject>;
  /**
   * How long an informer nobody uses keeps running before it stops (ms). A user that comes back
   * within it (a remount, `StrictMode`'s effect replay, a route change) finds the cache warm and
   * costs no new list. Default {@link defaultGracePeriodMs}.
   */
  gracePeriodMs?: number;
  /** Clock of the grace period. Default `asyncScheduler`; tests pass a virtual-time scheduler. */
  scheduler?: SchedulerLike;
}

/** The default of {@link InformerRegistryOptions.gracePeriodMs}: one second. */
export const defaultGracePeriodMs = 1_000;

/**
 * One resource's shared informer and who uses it. The entry lives from the first request until
 * its users have been zero for a grace period; its informer may be replaced meanwhile.
 *
 * Invariants: `stopping` is set iff `users === 0` and the informer has been started (the grace
 * period is running); while `users > 0` the informer is running.
 */
interface Entry {
  readonly key: string;
  readonly resource: ResourceRef;
  informer: SharedIndexInformer<KubeObject>;
  users: number;
  stopping: Subscription | undefined;
  /** Told when `informer` is replaced, so its users read the new one. */
  readonly listeners: Set<() => void>;
}

/**
 * Shares one {@link SharedIndexInformer} per resource among its users, with reference counting:
 * the informer is created on first request, started by its first user, and stopped once the last
 * user has released it and the grace period has passed. A later request then creates a new one
 * (an informer cannot be restarted).
 *
 * Reading ({@link InformerRegistry.informerFor}) and using ({@link InformerRegistry.acquire}) are
 * separate because React renders before it commits: a render may only read, and may be thrown
 * away, so it creates the informer without starting it (no request; only a timer that drops it if no
 * component uses it within the grace period); only a committed component, through its
 * subscription, starts it and holds it.
 *
 * An informer in use that stops for any other reason (someone called its `stop()`, or
 * {@link InformerRegistry.restartAll}) is replaced at once by a new, started one, and its users
 * are told to read it: a mounted component never keeps a dead cache.
 *
 * @example
 * ```ts
 * const registry = new InformerRegistry({ listerWatcherFor: (r) => fetchListerWatcher('/k8s', r) });
 * const release = registry.acquire({ version: 'v1', plural: 'pods' });
 * const pods = registry.informerFor({ version: 'v1', plural: 'pods' }); // running, shared
 * release(); // stops it one grace period later unless someone acquires it again
 * ```
 */
export class InformerRegistry {
  private readonly entries = new Map<string, Entry>();
  private readonly scheduler: SchedulerLike;
  private readonly gracePeriodMs: number;

  /** @param options - how informers are made, and the grace period */
  constructor(private readonly options: InformerRegistryOptions) {
    this.scheduler = options.scheduler ?? asyncScheduler;
    this.gracePeriodMs = options.gracePeriodMs ?? defaultGracePeriodMs;
  }

  /**
   * The informer of a resource, created (not started) if there is none. Pure enough for a
   * render: it returns the same informer until that one is stopped, and starts nothing.
   *
   * @param resource - group/version/plural or a collection path
   * @returns the shared informer
   */
  informerFor<T extends object = KubeObject>(resource: ResourceRef): SharedIndexInformer<T> {
    return this.entry(resource).informer as unknown as SharedIndexInformer<T>;
  }

  /**
   * Uses the informer of a resource: starts it if it is not running, and keeps it running until
   * the returned function is called.
   *
   * @param resource - group/version/plural or a collection path
   * @param onReplaced - called when the informer is replaced while acquired, so the user reads
   *   the new one with {@link InformerRegistry.informerFor}
   * @returns release: gives the informer up (idempotent)
   */
  acquire(resource: ResourceRef, onReplaced?: () => void): () => void {
    const entry = this.entry(resource);
    entry.users++;
    entry.stopping?.unsubscribe();
    entry.stopping = undefined;
    if (onReplaced !== undefined) entry.listeners.add(onReplaced);
    if (!entry.informer.isStarted()) entry.informer.start();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (onReplaced !== undefined) entry.listeners.delete(onReplaced);
      entry.users--;
      if (entry.users === 0) {
        entry.stopping = this.scheduler.schedule(() => this.drop(entry), this.gracePeriodMs);
      }
    };
  }

  /**
   * Stops every informer now, without waiting for grace periods. Those in use are replaced by
   * new ones, which list again (for example after the credentials behind the lister-watchers
   * changed); the others are dropped.
   */
  restartAll(): void {
    for (const entry of [...this.entries.values()]) {
      if (entry.users === 0) this.drop(entry);
      else entry.informer.stop(); // replaced as soon as it stops, see `create`
    }
  }

  /** @returns how many resources the registry holds an informer for (started or not) */
  get size(): number {
    return this.entries.size;
  }

  private entry(resource: ResourceRef): Entry {
    const key = resourceKey(resource);
    let entry = this.entries.get(key);
    if (entry === undefined) {
      entry = {
        key,
        resource,
        informer: this.create(resource),
        users: 0,
        stopping: undefined,
        listeners: new Set(),
      };
      this.follow(entry);
      this.entries.set(key, entry);
      this.dropUnlessUsed(entry);
    } else if (entry.informer.isStopped()) {
      // Stopped before anyone used it (no users, so nobody to tell): make a fresh one.
      entry.informer = this.create(resource);
      this.follow(entry);
      this.dropUnlessUsed(entry);
    }
    return entry;
  }

  private create(resource: ResourceRef): SharedIndexInformer<KubeObject> {
    const informer = new SharedIndexInformer<KubeObject>(
      this.options.listerWatcherFor(resource),
      this.options.informerOptions?.(resource) ?? {
        indexers: { [NamespaceIndex]: metaNamespaceIndexFunc },
      },
    );
    // Track from the start, so a failure before the first status reader is not missed.
    statusTrackerOf(informer);
    return informer;
  }

  /** Replaces the entry's informer if it stops while in use. */
  private follow(entry: Entry): void {
    const informer = entry.informer;
    // `hasSynced$` completes when the informer stops, whoever stopped it.
    informer.hasSynced$.subscribe({
      complete: () => {
        if (entry.informer !== informer || entry.users === 0) return;
        entry.informer = this.create(entry.resource);
        this.follow(entry);
        entry.informer.start();
        for (const listener of [...entry.listeners]) listener();
      },
    });
  }

  /**
   * A render may read an informer and then be thrown away (concurrent rendering, Suspense): an
   * entry nobody acquires within the grace period is dropped, as a released one is.
   */
  private dropUnlessUsed(entry: Entry): void {
    if (entry.users > 0 || entry.stopping !== undefined) return;
    entry.stopping = this.scheduler.schedule(() => this.drop(entry), this.gracePeriodMs);
  }

  private drop(entry: Entry): void {
    entry.stopping?.unsubscribe();
    entry.stopping = undefined;
    if (this.entries.get(entry.key) === entry) this.entries.delete(entry.key);
    entry.informer.stop();
  }
}
