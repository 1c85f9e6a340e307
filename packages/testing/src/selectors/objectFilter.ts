import type { KubeObject } from '../api/types.js';
import type { FieldSelector } from './fieldSelector.js';
import { matchesFields } from './fieldSelector.js';
import type { LabelSelector } from './labelSelector.js';
import { matchesLabels } from './labelSelector.js';
import type { ShardSelector } from './shardSelector.js';

/** Which objects a list or watch request wants. */
export interface ObjectFilter {
  /** The namespace of a per-namespace path; undefined for cluster-wide paths. */
  readonly namespace: string | undefined;
  /** The parsed `labelSelector`. */
  readonly labels: LabelSelector;
  /** The parsed `fieldSelector`. */
  readonly fields: FieldSelector;
  /** The parsed `shardSelector`; undefined when absent or when the server ignores it. */
  readonly shard?: ShardSelector | undefined;
}

/**
 * Whether an object is one the request wants.
 *
 * @param filter - namespace and selectors of the request.
 * @param obj - the object.
 * @returns whether it matches.
 */
export function matchesFilter(filter: ObjectFilter, obj: KubeObject): boolean {
  if (filter.namespace !== undefined && obj.metadata.namespace !== filter.namespace) return false;
  return (
    matchesLabels(filter.labels, obj.metadata.labels) &&
    matchesFields(filter.fields, obj) &&
    (filter.shard === undefined || filter.shard.matches(obj))
  );
}

/**
 * Whether the request narrows the set with a selector (which hides `remainingItemCount`).
 *
 * @param filter - the request's filter.
 * @returns true when a label or field selector has a requirement, or a shard selector is applied.
 */
export function hasSelectors(filter: ObjectFilter): boolean {
  return (
    filter.labels.requirements.length > 0 ||
    filter.fields.requirements.length > 0 ||
    filter.shard !== undefined
  );
}
