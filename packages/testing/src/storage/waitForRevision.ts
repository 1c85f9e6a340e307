import type { ObjectStore } from './objectStore.js';

/**
 * Waits until the store reaches a resourceVersion, as kube-apiserver does (up to 3 s) before
 * answering "too large resource version".
 *
 * @param store - the store.
 * @param revision - the resourceVersion to reach.
 * @param timeoutMs - how long to wait.
 * @param signal - aborts the wait (server shutdown).
 * @returns true once reached, false on timeout or abort.
 */
export function waitForRevision(
  store: ObjectStore,
  revision: number,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<boolean> {
  if (store.resourceVersion >= revision) return Promise.resolve(true);
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const finish = (reached: boolean): void => {
      clearTimeout(timer);
      unsubscribe();
      signal.removeEventListener('abort', onAbort);
      resolve(reached);
    };
    const onAbort = (): void => finish(false);
    const timer = setTimeout(() => finish(false), timeoutMs);
    const unsubscribe = store.subscribe(() => {
      if (store.resourceVersion >= revision) finish(true);
    });
    signal.addEventListener('abort', onAbort);
  });
}
