import type { PrinterColumn } from '../resources/apiResource.js';
import type { InformerSummary } from '../status/informerSummary.js';

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
  | { readonly type: 'status'; readonly status: InformerSummary };

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
  /**
   * Every resource a feed can be opened for (`/api/feeds/<name>`), for the resource picker;
   * absent when the dashboard serves only {@link DashboardInfo.feeds}.
   */
  readonly resources?: readonly FeedResource[];
}

/** A resource the dashboard can show, as the page's resource picker lists it. */
export interface FeedResource {
  /** Its feed's name: the qualified plural, `pods`, `deployments.apps`. */
  readonly name: string;
  readonly kind: string;
  readonly group: string;
  readonly namespaced: boolean;
  /** A custom resource's printer columns, for its table. */
  readonly printerColumns?: readonly PrinterColumn[] | undefined;
}

/**
 * What `/api/details/<feed>/<key>` answers: one object, redacted, as YAML, and a readable
 * summary of it (see `describeObject`).
 */
export interface ObjectDetails {
  readonly object: FeedObject;
  /** The redacted object as YAML. */
  readonly yaml: string;
  readonly summary: ObjectSummary;
}

/** The readable part of an object's details. */
export interface ObjectSummary {
  readonly kind: string;
  readonly conditions: readonly ConditionSummary[];
  /** A pod's containers (init containers first); none for other kinds. */
  readonly containers: readonly ContainerSummary[];
  /** Its owners, nearest first: a pod's ReplicaSet, then that one's Deployment. */
  readonly owners: readonly OwnerSummary[];
  /** Events about the object, latest first. */
  readonly events: readonly EventSummary[];
}

/** One of `status.conditions`. */
export interface ConditionSummary {
  readonly type: string;
  readonly status: string;
  readonly reason?: string | undefined;
  readonly message?: string | undefined;
  readonly lastTransitionTime?: string | undefined;
}

/** One container of a pod and its status. */
export interface ContainerSummary {
  readonly name: string;
  readonly image?: string | undefined;
  readonly init: boolean;
  readonly ready: boolean;
  readonly restarts: number;
  /** `running`, `waiting: CrashLoopBackOff`, `terminated: Completed`, or `unknown`. */
  readonly state: string;
  /** Why it last terminated (`lastState.terminated.reason`), e.g. `OOMKilled`. */
  readonly lastTerminationReason?: string | undefined;
  readonly lastTerminationExitCode?: number | undefined;
}

/** One link of an owner chain. */
export interface OwnerSummary {
  readonly kind: string;
  readonly name: string;
  /** Whether the owner is in the dashboard's caches (else the chain stops at it). */
  readonly found: boolean;
}

/** One event about an object. */
export interface EventSummary {
  readonly type: string;
  readonly reason: string;
  readonly message: string;
  readonly count: number;
  /** When it was last seen (ISO), if known. */
  readonly lastSeen?: string | undefined;
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
