import type { KubeConfig } from '@kubernetes/client-node';
import {
  SharedInformerFactory,
  silentLogger,
  type GroupVersionResource,
  type InformerForOptions,
  type SharedIndexInformer,
} from '@rxkube/informer';
import { listerWatcher } from '@rxkube/informer/node';
import type { KubeObject } from '@rxkube/store';
import { StatusTracker } from '../status/statusTracker.js';

/** A shared informer and the tracker of its status. */
interface TrackedInformer<T extends object = KubeObject> {
  readonly informer: SharedIndexInformer<T>;
  readonly tracker: StatusTracker;
}

/**
 * A `SharedInformerFactory` whose informers each come with a {@link StatusTracker}: one list
 * and one watch per resource and selectors, however many views read it.
 */
export class TrackedInformers {
  private readonly factory: SharedInformerFactory;
  private readonly trackers = new Map<SharedIndexInformer<object>, StatusTracker>();
  private created: StatusTracker | undefined;

  /** @param kubeConfig - the cluster */
  constructor(kubeConfig: KubeConfig) {
    this.factory = new SharedInformerFactory(
      (resource, options) => {
        const tracker = new StatusTracker(describe(resource as GroupVersionResource, options));
        this.created = tracker;
        return tracker.wrap(listerWatcher(kubeConfig, resource, options));
      },
      // Failures show in each view's status line; console output would break the table.
      { informer: { transform: withoutManagedFields, logger: silentLogger } },
    );
  }

  /**
   * The shared informer of a resource and selectors, started (created on first request).
   *
   * @typeParam T - the object type
   * @param resource - group, version, plural
   * @param options - namespace, selectors, indexers
   * @returns the informer and its status tracker
   */
  informerFor<T extends object = KubeObject>(
    resource: GroupVersionResource,
    options: InformerForOptions = {},
  ): TrackedInformer<T> {
    this.created = undefined;
    const informer = this.factory.informerFor<T>(resource, options);
    const key = informer as unknown as SharedIndexInformer<object>;
    const created = this.created as StatusTracker | undefined;
    this.created = undefined;
    if (created !== undefined) {
      this.trackers.set(key, created);
      created.attach(key);
    }
    this.factory.start();
    const tracker = this.trackers.get(key);
    if (tracker === undefined) throw new Error('informer created outside TrackedInformers');
    return { informer, tracker };
  }

  /** Stops every informer and tracker. */
  shutdown(): void {
    this.factory.shutdown();
    for (const tracker of this.trackers.values()) tracker.close();
  }
}

function describe(resource: GroupVersionResource, options: InformerForOptions): string {
  const name = resource.group ? `${resource.plural}.${resource.group}` : resource.plural;
  const parts = [name];
  if (options.namespace) parts.push(`in ${options.namespace}`);
  if (options.labelSelector) parts.push(`-l ${options.labelSelector}`);
  if (options.fieldSelector) parts.push(`--field-selector ${options.fieldSelector}`);
  return parts.join(' ');
}

// managedFields is often half of an object and no view shows it: dropping it halves the cache.
function withoutManagedFields(obj: never): never {
  const object = obj as { metadata?: { managedFields?: unknown } };
  if (object.metadata?.managedFields === undefined) return obj;
  const { managedFields: _dropped, ...metadata } = object.metadata;
  return { ...object, metadata } as never;
}
