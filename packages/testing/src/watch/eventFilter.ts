import type { KubeObject } from '../api/types.js';
import { withResourceVersion } from '../storage/objectMeta.js';
import type { StoredEvent } from '../storage/eventHistory.js';
import type { ObjectFilter } from '../selectors/objectFilter.js';
import { matchesFilter } from '../selectors/objectFilter.js';

/** An object event as one watcher sees it. */
export interface FilteredEvent {
  readonly type: 'ADDED' | 'MODIFIED' | 'DELETED';
  readonly object: KubeObject;
}

/**
 * What a committed write looks like to a watcher with a namespace/selector filter: an update
 * that makes an object match is ADDED, one that keeps it matching MODIFIED, one that makes it
 * stop matching DELETED (previous state, new resourceVersion).
 *
 * @param event - the committed write (already known to be of the watched resource).
 * @param filter - the watcher's namespace and selectors.
 * @returns the event to send, or undefined when the watcher does not see this write.
 */
export function filterEvent(event: StoredEvent, filter: ObjectFilter): FilteredEvent | undefined {
  const wasMatching = event.previous !== undefined && matchesFilter(filter, event.previous);
  if (event.type === 'DELETED') {
    return wasMatching ? { type: 'DELETED', object: event.object } : undefined;
  }
  const isMatching = matchesFilter(filter, event.object);
  if (isMatching) return { type: wasMatching ? 'MODIFIED' : 'ADDED', object: event.object };
  if (wasMatching && event.previous !== undefined) {
    return {
      type: 'DELETED',
      object: withResourceVersion(event.previous, event.object.metadata.resourceVersion),
    };
  }
  return undefined;
}
