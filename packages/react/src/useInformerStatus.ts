import type { SharedIndexInformer } from '@rxkube/informer';
import { useSyncExternalStore } from 'react';
import { statusTrackerOf, type InformerStatus } from './informerStatus.js';

/**
 * Whether an informer has synced, and the last failure it reported (typed, for example an
 * `ApiError` with the server's 403). The informer keeps retrying after a failure; the component
 * re-renders only when the status changes.
 *
 * Informers from {@link useInformer} are tracked from their creation. For an informer made
 * elsewhere, tracking begins with the first call, so failures before it are not counted.
 *
 * @param informer - from {@link useInformer}
 * @returns the status, the same object while it is unchanged
 * @example
 * ```ts
 * const { hasSynced, lastError } = useInformerStatus(pods);
 * if (!hasSynced) return lastError === undefined ? 'Loading…' : `Failing: ${lastError.message}`;
 * ```
 */
export function useInformerStatus<T extends object>(
  informer: SharedIndexInformer<T>,
): InformerStatus {
  const tracker = statusTrackerOf(informer);
  return useSyncExternalStore(tracker.subscribe, tracker.getSnapshot, tracker.getSnapshot);
}
