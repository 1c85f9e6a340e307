import type { SharedIndexInformer } from '@rxkube/informer';
import type { IndexerSnapshot } from '@rxkube/store';
import { useMemo, useSyncExternalStore } from 'react';
import type { OperatorFunction } from 'rxjs';
import { SnapshotSelection } from './snapshotSelection.js';

/**
 * Subscribes a component to one selector's answer over an informer's cache. The selection is
 * made anew only when the informer or one of `deps` changes, so the component re-renders only
 * when the answer does.
 *
 * @param informer - whose cache to read
 * @param select - makes the selector (called again when `deps` change)
 * @param deps - what the selector depends on
 * @returns the answer, the same reference while it is unchanged
 * @internal
 */
export function useSelection<T extends object, A>(
  informer: SharedIndexInformer<T>,
  select: () => OperatorFunction<IndexerSnapshot<T>, A>,
  deps: readonly unknown[],
): A {
  const selection = useMemo(
    () => new SnapshotSelection(informer.indexer$, select()),
    // `select` is a fresh closure each render; what it depends on is in `deps`.
    [informer, ...deps],
  );
  return useSyncExternalStore(selection.subscribe, selection.getSnapshot, selection.getSnapshot);
}
