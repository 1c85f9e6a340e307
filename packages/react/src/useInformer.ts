import type { ResourceRef, SharedIndexInformer } from '@rxkube/informer';
import type { KubeObject } from '@rxkube/store';
import { useCallback, useSyncExternalStore } from 'react';
import { resourceKey } from './resourceKey.js';
import { MissingRxkubeProviderError, useOptionalInformerRegistry } from './rxkubeProvider.js';

/**
 * The shared informer of a resource, from the nearest {@link RxkubeProvider}. Every component
 * that asks for the same resource gets the same informer: one list, one watch. The first
 * mounted user starts it; it stops a grace period after the last user unmounts.
 *
 * Pass the result to {@link useList}, {@link useByIndex}, {@link useObject} and
 * {@link useInformerStatus}. A new object literal for `resource` on each render is fine: the
 * informer is chosen by the resource's content ({@link resourceKey}), not its identity.
 *
 * @typeParam T - the object type, e.g. client-node's `V1Pod`
 * @param resource - group/version/plural or a collection path
 * @returns the running (once committed) informer
 * @throws MissingRxkubeProviderError outside a provider
 * @example
 * ```ts
 * const pods = useInformer<V1Pod>({ version: 'v1', plural: 'pods' });
 * const all = useList(pods);
 * ```
 */
export function useInformer<T extends object = KubeObject>(
  resource: ResourceRef,
): SharedIndexInformer<T> {
  const registry = useOptionalInformerRegistry();
  if (registry === undefined) throw new MissingRxkubeProviderError('useInformer');
  const key = resourceKey(resource);
  // Keyed by content: the callbacks (and so the subscription) change only with the resource.
  const subscribe = useCallback(
    (onReplaced: () => void) => registry.acquire(resource, onReplaced),
    [registry, key],
  );
  const informer = useCallback(() => registry.informerFor<T>(resource), [registry, key]);
  // A render reads the informer without starting it; the subscription (made once the component
  // is committed) starts and holds it. If the informer read during render was replaced before
  // the commit, React sees the new one when it checks the snapshot after subscribing, and renders
  // again with it.
  return useSyncExternalStore(subscribe, informer, informer);
}
