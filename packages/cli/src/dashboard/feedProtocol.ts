import type { InformerStatus } from '../status/informerStatus.js';

/**
 * The messages of a dashboard feed, as sent over Server-Sent Events (the SSE `event` field is
 * the `type`, `data` is the JSON). Shared by the server and the browser app.
 *
 * - `snapshot` (with an id): every object now; replaces what the browser had.
 * - `change` (with an id): one change after the snapshot. Ids are `<epoch>-<sequence>`; a
 *   browser reconnecting with the last id it saw gets the changes it missed, or a new snapshot
 *   when the server no longer has them (or restarted: a new epoch).
 * - `status` (no id): the server-side informer's status.
 */
export type FeedMessage =
  | { readonly type: 'snapshot'; readonly id: string; readonly objects: readonly FeedObject[] }
  | {
      readonly type: 'change';
      readonly id: string;
      readonly change: 'add' | 'update' | 'delete';
      readonly key: string;
      readonly object: FeedObject;
    }
  | { readonly type: 'status'; readonly status: InformerStatus };

/** An object as the feed carries it: the API server's JSON, without `managedFields`. */
export interface FeedObject {
  metadata?: {
    name?: string;
    namespace?: string;
    resourceVersion?: string;
    creationTimestamp?: string;
    [field: string]: unknown;
  };
  [field: string]: unknown;
}

/** What `/api/info` answers: which cluster the dashboard shows. Never credentials. */
export interface DashboardInfo {
  /** `simulated` or the kubeconfig context. */
  readonly cluster: string;
  /** The banner line, as the terminal shows it. */
  readonly banner: string;
  /** The feeds served, by name (`pods`). */
  readonly feeds: readonly string[];
}

/**
 * Splits a feed event id.
 *
 * @param id - `<epoch>-<sequence>`
 * @returns its parts, or undefined if it is not such an id
 */
export function parseFeedId(id: string): { epoch: string; sequence: number } | undefined {
  const dash = id.lastIndexOf('-');
  if (dash <= 0) return undefined;
  const sequence = Number(id.slice(dash + 1));
  if (!Number.isSafeInteger(sequence) || sequence < 0) return undefined;
  return { epoch: id.slice(0, dash), sequence };
}
