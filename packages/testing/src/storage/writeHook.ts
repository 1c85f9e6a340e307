import type { KubeObject } from '../api/types.js';

/**
 * Resource-specific work the store runs on a write at the last step before committing it, as
 * kube-apiserver's registry strategies (validate, complete) and the controllers that act on an
 * object's arrival or departure do. Every check of the store itself (name, precondition,
 * conflict) has passed by then, so once a hook returns the write is committed: a hook may act on
 * the rest of the server. A hook that throws refuses the write and must leave nothing changed.
 */
export interface WriteHook {
  /**
   * Checks and completes an object about to be created or updated.
   *
   * @param object - the object as it would be stored (server fields already stamped).
   * @param previous - the stored object an update replaces; undefined for a create.
   * @returns the object to store: `object` itself or a new object, never a mutated one.
   * @throws StatusError to refuse the write (422 `Invalid`…).
   */
  admit(object: KubeObject, previous: KubeObject | undefined): KubeObject;
  /**
   * Runs before a deletion is committed. Writes it makes (deleting dependent objects) are
   * committed, and seen by watchers, before the deletion itself.
   *
   * @param object - the stored object about to be deleted.
   */
  deleting(object: KubeObject): void;
}
