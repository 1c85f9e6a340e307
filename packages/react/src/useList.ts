import type { SharedIndexInformer } from '@rxkube/informer';
import { selectList } from '@rxkube/store';
import { useSelection } from './useSelection.js';

/**
 * Every cached object of an informer, or those matching `predicate`, as `selectList` answers it:
 * the component re-renders only when that answer changes, and gets the same array while it
 * does not (so `memo` children and `useMemo` over it skip work).
 *
 * `predicate` must be pure, and stable across renders (defined outside the component, or with
 * `useCallback`): a new function is a new question, answered by a full scan. The array is in no
 * particular order and read-only; copy it before sorting.
 *
 * @typeParam T - the object type
 * @param informer - from {@link useInformer} (or any `SharedIndexInformer`)
 * @param predicate - keeps the objects it returns `true` for; all when omitted
 * @returns the objects
 * @example
 * ```ts
 * const pending = useList(pods, isPending); // const isPending = (p: V1Pod) => p.status?.phase === 'Pending';
 * ```
 */
export function useList<T extends object>(
  informer: SharedIndexInformer<T>,
  predicate?: (obj: T) => boolean,
): readonly T[] {
  return useSelection(informer, () => selectList(predicate), [predicate]);
}
