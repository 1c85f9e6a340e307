import type { SharedIndexInformer } from '@rxkube/informer';
import { useSyncExternalStore } from 'react';
import { statusTrackerOf } from './informerStatusTracker.js';
import type { UseInformerStatusResult } from './useInformerStatusResult.js';

/**
 * Whether an informer has synced, whether what it holds is current, and the last failure it
 * reported (typed, for example an `ApiError` with the server's 403): its `InformerStatus`
 * (`phase`: `syncing`, `watching`, `backingOff` until `retryAt`, or `relisting`; `staleSince`,
 * since when the cache is no longer known to be current) and a count of failures. The informer
 * keeps retrying after a failure; the component re-renders only when the status changes (a
 * countdown to `retryAt` is the component's own timer).
 *
 * Informers from {@link useInformer} are tracked from their creation. For an informer made
 * elsewhere, tracking begins with the first call, so failures before it are not counted.
 *
 * @param informer - from {@link useInformer}
 * @returns the status, the same object while it is unchanged
 * @example
 * ```ts
 * const { hasSynced, lastError, staleSince } = useInformerStatus(pods);
 * if (!hasSynced) return lastError === undefined ? 'Loading…' : `Failing: ${lastError.message}`;
 * if (staleSince !== undefined) return `Stale since ${new Date(staleSince).toLocaleTimeString()}`;
 * ```
 */
export function useInformerStatus<T extends object>(
  informer: SharedIndexInformer<T>,
): UseInformerStatusResult {
  const tracker = statusTrackerOf(informer);
  return useSyncExternalStore(tracker.subscribe, tracker.getSnapshot, tracker.getSnapshot);
}
