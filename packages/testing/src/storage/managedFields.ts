import type { FieldSet, KubeObject, ManagedFieldsEntry } from '../api/types.js';
import type { MergeSchema } from '../registry/strategicMergeSchema.js';
import { deepEqual } from './deepEqual.js';
import { timestamp } from './objectMeta.js';

/** The field manager of writes made through the programmatic API (no HTTP request to name one). */
export const defaultFieldManager = 'rxkube-testing';

// Metadata fields the server owns: no manager ever owns them.
const serverOwnedMetadata = new Set([
  'name',
  'namespace',
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'managedFields',
]);

/**
 * The `managedFields` of a newly created object: one `Update` entry of `manager` owning every
 * field it set, as kube-apiserver records a create.
 *
 * @param obj - the object as stored (without managed fields of its own).
 * @param manager - the field manager.
 * @param now - the write's instant.
 * @returns the entries.
 */
export function managedFieldsOfCreate(
  obj: KubeObject,
  manager: string,
  now: Date,
): ManagedFieldsEntry[] {
  const fields = fieldsOf(obj, true);
  return [managedFieldsEntry(manager, obj.apiVersion ?? '', now, fields)];
}

/**
 * The `managedFields` after an update: the updating manager's entry (created if it has none)
 * also owns the fields the update changed, and carries the update's time. Other managers'
 * entries are kept as they are (kube-apiserver also takes the changed fields away from them;
 * only the shape and size matter here).
 *
 * @param previous - the stored object before the update.
 * @param next - the object as it will be stored (its own managed fields ignored).
 * @param manager - the field manager.
 * @param now - the write's instant.
 * @returns the entries.
 */
export function managedFieldsOfUpdate(
  previous: KubeObject,
  next: KubeObject,
  manager: string,
  now: Date,
): ManagedFieldsEntry[] {
  const entries = previous.metadata.managedFields ?? [];
  const changed = changedFields(previous, next, true);
  const own = entries.find((e) => e.manager === manager && e.operation === 'Update');
  const fields = mergeFields(own?.fieldsV1 ?? {}, changed);
  if (Object.keys(fields).length === 0) return entries;
  const updated = managedFieldsEntry(manager, next.apiVersion ?? '', now, fields);
  return own === undefined ? [...entries, updated] : entries.map((e) => (e === own ? updated : e));
}

/**
 * One `managedFields` entry.
 *
 * @param manager - the field manager.
 * @param apiVersion - the apiVersion the fields were written in.
 * @param now - the write's instant.
 * @param fields - the fields it owns.
 * @param operation - `Update` (create, update, patch) or `Apply` (server-side apply).
 * @returns the entry.
 */
export function managedFieldsEntry(
  manager: string,
  apiVersion: string,
  now: Date,
  fields: FieldSet,
  operation: ManagedFieldsEntry['operation'] = 'Update',
): ManagedFieldsEntry {
  return {
    manager,
    operation,
    apiVersion,
    time: timestamp(now),
    fieldsType: 'FieldsV1',
    fieldsV1: fields,
  };
}

/**
 * The `FieldsV1` set of every field an object sets, as server-side apply records what an applied
 * configuration owns: lists the schema keys are maps by that key, as are other lists of named
 * objects; the rest are atomic.
 *
 * @param obj - the object (server-owned metadata, `kind` and `apiVersion` are not fields).
 * @param schema - the kind's merge schema.
 * @returns the field set.
 */
export function fieldSetOf(obj: KubeObject, schema: MergeSchema | undefined): FieldSet {
  return fieldsOf(obj, true, schema);
}

// Field sets are walked by recursion, and the API server accepts objects nested 10,000 levels
// deep (more than the call stack holds): a member this deep is owned as one leaf field, its
// inside not itemised. Real schemas are a dozen levels deep; the field sets built from these
// are bounded by this depth, so every later walk of them (merge, paths) is too.
const FIELD_SET_DEPTH = 64;

/** The field set of a value: every leaf of an object, lists of named items by their name. */
function fieldsOf(value: unknown, top = false, schema?: MergeSchema, depth = 0): FieldSet {
  // Deeper than any real schema: the whole value is one field (see FIELD_SET_DEPTH).
  if (depth >= FIELD_SET_DEPTH) return {};
  if (Array.isArray(value)) {
    const set: FieldSet = {};
    const mergeKey = schema?.mergeKey ?? 'name';
    for (const item of value) {
      const key = (item as Record<string, unknown> | null)?.[mergeKey];
      // Lists of keyed objects are maps by that key; other lists are atomic.
      if (typeof key !== 'string' && typeof key !== 'number') return {};
      set[`k:${JSON.stringify({ [mergeKey]: key })}`] = {
        '.': {},
        ...fieldsOf(item, false, schema, depth + 1),
      };
    }
    return set;
  }
  if (typeof value !== 'object' || value === null) return {};
  const set: FieldSet = {};
  for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
    if (member === undefined || (top && (key === 'kind' || key === 'apiVersion'))) continue;
    const memberSchema = schema?.fields?.[key];
    if (top && key === 'metadata') {
      const meta = fieldsOf(managerOwned(member), false, memberSchema, depth + 1);
      if (Object.keys(meta).length > 0) set['f:metadata'] = meta;
      continue;
    }
    const child = fieldsOf(member, false, memberSchema, depth + 1);
    set[`f:${key}`] = isNode(member) && !top ? { '.': {}, ...child } : child;
  }
  return set;
}

/** The metadata fields a manager can own. */
function managerOwned(meta: unknown): Record<string, unknown> {
  if (!isPlainObject(meta)) return {};
  return Object.fromEntries(Object.entries(meta).filter(([key]) => !serverOwnedMetadata.has(key)));
}

/** The field set of what `next` changed or added relative to `previous`. */
function changedFields(previous: unknown, next: unknown, top = false, depth = 0): FieldSet {
  if (depth >= FIELD_SET_DEPTH) return {};
  if (!isPlainObject(previous) || !isPlainObject(next))
    return fieldsOf(next, top, undefined, depth);
  const set: FieldSet = {};
  for (const [key, member] of Object.entries(next)) {
    if (member === undefined || (top && (key === 'kind' || key === 'apiVersion'))) continue;
    const before = previous[key];
    if (deepEqual(before, member)) continue;
    if (top && key === 'metadata') {
      const meta = changedFields(managerOwned(before), managerOwned(member), false, depth + 1);
      if (Object.keys(meta).length > 0) set['f:metadata'] = meta;
      continue;
    }
    set[`f:${key}`] = changedFields(before, member, false, depth + 1);
  }
  return set;
}

function mergeFields(a: FieldSet, b: FieldSet): FieldSet {
  const out: FieldSet = { ...a };
  for (const [key, child] of Object.entries(b)) {
    const mine = out[key];
    out[key] = mine === undefined ? child : mergeFields(mine, child);
  }
  return out;
}

function isNode(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
