import type { SharedIndexInformer } from '@rxkube/informer';
import { selectByIndex } from '@rxkube/store';
import { useSelection } from './useSelection.js';

/**
 * The cached objects under one value of an index, as `selectByIndex` answers it: one bucket
 * lookup per cache change, and a re-render only when that bucket's objects change. The informer
 * must have the index (the provider's informers have `NamespaceIndex` by default; add others
 * with the provider's `informerOptions`).
 *
 * @typeParam T - the object type
 * @param informer - from {@link useInformer}
 * @param indexName - a registered index, e.g. `NamespaceIndex`
 * @param value - the indexed value, e.g. a namespace
 * @returns the objects, the same array while they are unchanged
 * @throws IndexNotFoundError (to the nearest error boundary) when the informer has no such index
 * @example
 * ```ts
 * const shopPods = useByIndex(pods, NamespaceIndex, 'shop');
 * ```
 */
export function useByIndex<T extends object>(
  informer: SharedIndexInformer<T>,
  indexName: string,
  value: string,
): readonly T[] {
  return useSelection(informer, () => selectByIndex<T>(indexName, value), [indexName, value]);
}
