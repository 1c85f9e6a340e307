import { BehaviorSubject, type Observable } from 'rxjs';
import type { FeedMessage, FeedObject } from '../dashboard/feedProtocol.js';

/**
 * The browser's copy of one resource's feed (any kind but pods, which have their indexed
 * `PodCache`): objects by key, replaced by a snapshot, changed by each change.
 */
export class ObjectCache {
  private readonly objects = new Map<string, FeedObject>();
  private readonly changed = new BehaviorSubject<ReadonlyMap<string, FeedObject>>(this.objects);

  /** The objects by `namespace/name`, after each message (the same map, changed in place). */
  get objects$(): Observable<ReadonlyMap<string, FeedObject>> {
    return this.changed.asObservable();
  }

  /**
   * Applies a feed message.
   *
   * @param message - a snapshot or a change (status messages are ignored)
   */
  apply(message: FeedMessage): void {
    if (message.type === 'snapshot') {
      this.objects.clear();
      for (const object of message.objects) this.objects.set(keyOf(object), object);
    } else if (message.type === 'change') {
      if (message.change === 'delete') this.objects.delete(message.key);
      else this.objects.set(message.key, message.object);
    } else return;
    this.changed.next(this.objects);
  }
}

/**
 * @param object - an object of a feed
 * @returns its key, `namespace/name` or `name`
 */
export function keyOf(object: FeedObject): string {
  const namespace = object.metadata?.namespace;
  const name = object.metadata?.name ?? '';
  return namespace ? `${namespace}/${name}` : name;
}
