import type { SharedIndexInformer } from '@rxkube/informer';
import { selectKey } from '@rxkube/store';
import { useSelection } from './useSelection.js';

/**
 * The cached object under one key, as `selectKey` answers it: the component re-renders only
 * when that object is replaced, added or deleted, never for a change to another object.
 *
 * @typeParam T - the object type
 * @param informer - from {@link useInformer}
 * @param key - `namespace/name`, or `name` for a cluster-scoped object
 * @returns the object, or `undefined` while there is none
 * @example
 * ```ts
 * const web = useObject(pods, 'shop/web-0');
 * ```
 */
export function useObject<T extends object>(
  informer: SharedIndexInformer<T>,
  key: string,
): T | undefined {
  return useSelection(informer, () => selectKey<T>(key), [key]);
}
