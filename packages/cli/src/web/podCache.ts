import {
  Indexer,
  NamespaceIndex,
  metaNamespaceIndexFunc,
  type IndexerSubject,
} from '@rxkube/store';
import type { FeedMessage, FeedObject } from '../dashboard/feedProtocol.js';
import { summarizePod, type PodLike } from '../view/podStatus.js';
import { podTroubles } from '../view/podTrouble.js';

/** A pod as the browser keeps it. */
export type Pod = FeedObject & PodLike;

/** Name of the index by `status.phase`. */
export const PhaseIndex = 'phase';

/** Name of the index by trouble (`podTroubles`): crash-looping, image pull, not ready, pending. */
export const TroubleIndex = 'trouble';

/** The phases charted and counted, in display order. */
export const phases = ['Running', 'Pending', 'Succeeded', 'Failed', 'Unknown'] as const;

/** One applied change, for the event feed. */
export interface AppliedChange {
  readonly change: 'add' | 'update' | 'delete';
  readonly key: string;
  /** STATUS before (updates and deletes). */
  readonly before?: string | undefined;
  /** STATUS after (adds and updates). */
  readonly after?: string | undefined;
  readonly at: number;
}

/**
 * The browser's own cache of pods: an `Indexer` from `@rxkube/store` (the very package the
 * server's informer uses), indexed by namespace, phase and trouble, fed by the dashboard's feed. Views
 * read it through selectors on `indexer$`.
 */
export class PodCache {
  private readonly indexer = new Indexer<Pod>({
    indexers: {
      [NamespaceIndex]: metaNamespaceIndexFunc,
      [PhaseIndex]: (pod) => [pod.status?.phase ?? 'Unknown'],
      [TroubleIndex]: (pod) => podTroubles(pod),
    },
    // One snapshot per burst: a replayed backlog renders once.
    coalesce: 'microtask',
  });

  /** Snapshots of the cache. */
  get indexer$(): IndexerSubject<Pod> {
    return this.indexer.indexer$;
  }

  /**
   * Applies a feed message.
   *
   * @param message - a snapshot or a change (status messages are ignored)
   * @returns the change applied, if it was one
   */
  apply(message: FeedMessage): AppliedChange | undefined {
    if (message.type === 'snapshot') {
      this.indexer.replace(message.objects as Pod[], message.id);
      return undefined;
    }
    if (message.type !== 'change') return undefined;
    const previous = this.indexer.getByKey(message.key);
    const pod = message.object as Pod;
    const before = previous === undefined ? undefined : summarizePod(previous).status;
    if (message.change === 'delete') this.indexer.delete(previous ?? pod);
    else this.indexer.update(pod);
    return {
      change: message.change,
      key: message.key,
      before,
      after: message.change === 'delete' ? undefined : summarizePod(pod).status,
      at: Date.now(),
    };
  }
}
