import type { InformerStatus } from '@rxkube/informer';

/**
 * What {@link useInformerStatus} returns: the informer's own `InformerStatus` (`hasSynced`;
 * `phase`: syncing, watching, backing off until `retryAt`, or relisting; `staleSince`;
 * `lastError` and `lastErrorAt`) and how many failures it reported. One value per change, in
 * which `errorCount` always counts the failure `lastError` names.
 */
export interface UseInformerStatusResult extends InformerStatus {
  /** How many failures it reported since it was tracked. */
  readonly errorCount: number;
}
