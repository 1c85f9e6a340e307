import type { FifoDelete, FifoWrite } from '@rxkube/queue';

/**
 * A list (or a streaming list's initial events) begins: the {@link ReflectorListItem}s that
 * follow, up to a {@link ReflectorListDone}, are the whole state. A `listStart` that arrives
 * before the previous list's `listDone` abandons that list.
 */
export interface ReflectorListStart {
  readonly type: 'listStart';
}

/**
 * One object of the list being delivered.
 *
 * @typeParam T - the object type
 */
export interface ReflectorListItem<T> {
  readonly type: 'listItem';
  readonly object: T;
}

/**
 * The list is complete: its items, and only they, exist at `resourceVersion`.
 */
export interface ReflectorListDone {
  readonly type: 'listDone';
  readonly resourceVersion: string;
}

/**
 * Progress without a change: a watch bookmark told the Reflector that everything up to
 * `resourceVersion` has been delivered. It moves the resource version and nothing else.
 */
export interface ReflectorBookmark {
  readonly type: 'bookmark';
  readonly resourceVersion: string;
}

/**
 * What a Reflector emits, in the order of the server's answers (kube-rs's watcher events):
 *
 * - after every (re)list: `listStart`, one `listItem` per object, `listDone` with the list's
 *   resource version (`listsToReplace()` turns them into one `replace` input of `deltaFifo`);
 * - for watch events: `add`, `update`, `delete`, shaped as the `deltaFifo` inputs they are;
 * - for watch bookmarks: `bookmark`.
 *
 * @typeParam T - the object type
 */
export type ReflectorEvent<T> =
  | ReflectorListStart
  | ReflectorListItem<T>
  | ReflectorListDone
  | FifoWrite<T>
  | FifoDelete<T>
  | ReflectorBookmark;

/** Creators of {@link ReflectorEvent}s. */
export const ReflectorEvent = {
  /** The one `listStart` value (it carries nothing). */
  listStart: Object.freeze({ type: 'listStart' }) as ReflectorListStart,
  /**
   * @param object - a listed object
   * @returns its `listItem`
   */
  listItem: <T>(object: T): ReflectorListItem<T> => ({ type: 'listItem', object }),
  /**
   * @param resourceVersion - the list's resource version
   * @returns a `listDone`
   */
  listDone: (resourceVersion: string): ReflectorListDone => ({ type: 'listDone', resourceVersion }),
  /**
   * @param resourceVersion - the bookmark's resource version
   * @returns a `bookmark`
   */
  bookmark: (resourceVersion: string): ReflectorBookmark => ({ type: 'bookmark', resourceVersion }),
} as const;
