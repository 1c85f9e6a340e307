import { failure, StatusError } from '../api/status.js';
import type { FieldSet, KubeObject, ManagedFieldsEntry } from '../api/types.js';
import { applyStrategicMergePatch } from '../patch/strategicMergePatch.js';
import type { MergeSchema } from '../registry/strategicMergeSchema.js';
import { deepEqual } from './deepEqual.js';
import type { FieldPath } from './fieldPaths.js';
import {
  formatPath,
  hasPath,
  leavesOf,
  nodesOf,
  removeAt,
  valueAt,
  withoutPath,
} from './fieldPaths.js';
import { fieldSetOf, managedFieldsEntry } from './managedFields.js';

/** One server-side apply request. */
export interface ApplyRequest {
  /** The applied configuration: the fields the manager wants to own, with their values. */
  readonly configuration: KubeObject;
  /** The field manager (the `fieldManager` parameter, required for apply). */
  readonly manager: string;
  /** Take conflicting fields away from their managers instead of failing. */
  readonly force: boolean;
  /** The kind's merge schema (keyed lists). */
  readonly schema: MergeSchema;
  /** The write's instant. */
  readonly now: Date;
}

/** What an apply writes: the object and its managed fields. */
export interface ApplyResult {
  readonly object: KubeObject;
  readonly managedFields: ManagedFieldsEntry[];
}

/**
 * Server-side apply of a configuration to the live object (or to nothing, which creates it), as
 * kube-apiserver's field manager does:
 *
 * - the configuration is merged into the object (maps by field, keyed lists by key, other
 *   lists replaced);
 * - a field another manager owns whose value the apply would change is a conflict: 409
 *   `Conflict` with a `FieldManagerConflict` cause per field naming it and its manager, unless
 *   `force`, which takes the field away from that manager;
 * - the manager's `Apply` entry becomes exactly the configuration's fields, and a field it owned
 *   before, left out now and owned by no one else, is removed from the object.
 *
 * @param live - the stored object, or undefined when the apply creates it.
 * @param request - configuration, manager, force, schema and time.
 * @returns the object to store and its managed fields.
 * @throws StatusError 409 `Conflict` for conflicts without `force`.
 */
export function serverSideApply(live: KubeObject | undefined, request: ApplyRequest): ApplyResult {
  const { configuration, manager, force, schema, now } = request;
  const applied = fieldSetOf(configuration, schema);
  const own = managedFieldsEntry(manager, configuration.apiVersion ?? '', now, applied, 'Apply');
  if (live === undefined) return { object: configuration, managedFields: [own] };

  const entries = live.metadata.managedFields ?? [];
  const isOwn = (e: ManagedFieldsEntry): boolean =>
    e.manager === manager && e.operation === 'Apply';
  const merged = applyStrategicMergePatch(live, configuration, schema) as KubeObject;
  const conflicts = entries
    .filter((e) => !isOwn(e))
    .flatMap((e) =>
      leavesOf(e.fieldsV1)
        .filter((path) => hasPath(applied, path))
        .filter((path) => !deepEqual(valueAt(live, path), valueAt(merged, path)))
        .map((path) => ({ entry: e, path })),
    );
  if (conflicts.length > 0 && !force) throw applyConflict(conflicts);

  const before = entries.find(isOwn);
  // An entry whose fields did not change keeps its time, so that applying the same
  // configuration again writes nothing.
  const kept = before !== undefined && deepEqual(before.fieldsV1, applied) ? before : own;
  const managedFields = entries.flatMap((e) => {
    if (isOwn(e)) return [kept];
    const taken = conflicts.filter((c) => c.entry === e).map((c) => c.path);
    const fieldsV1 = taken.reduce<FieldSet>((set, path) => withoutPath(set, path), e.fieldsV1);
    return nodesOf(fieldsV1).length > 0 ? [{ ...e, fieldsV1 }] : [];
  });
  if (before === undefined) managedFields.push(own);
  const others = managedFields.filter((e) => !isOwn(e));
  const object = removeAbandoned(merged, before?.fieldsV1 ?? {}, applied, others);
  return { object, managedFields };
}

/** Removes the fields the manager applied before, left out now and that no one else owns. */
function removeAbandoned(
  object: KubeObject,
  before: FieldSet,
  applied: FieldSet,
  others: readonly ManagedFieldsEntry[],
): KubeObject {
  const abandoned = nodesOf(before).filter(
    (path) => !hasPath(applied, path) && !others.some((e) => hasPath(e.fieldsV1, path)),
  );
  // The outermost abandoned paths; their descendants go with them.
  const outermost = abandoned.filter(
    (path) => !abandoned.some((other) => other.length < path.length && isPrefix(other, path)),
  );
  return outermost.reduce<KubeObject>((obj, path) => removeAt(obj, path) as KubeObject, object);
}

function isPrefix(prefix: FieldPath, path: FieldPath): boolean {
  return prefix.every((segment, i) => path[i] === segment);
}

function applyConflict(
  conflicts: ReadonlyArray<{ entry: ManagedFieldsEntry; path: FieldPath }>,
): StatusError {
  const causes = conflicts.map(({ entry, path }) => ({
    reason: 'FieldManagerConflict',
    message: `conflict with "${entry.manager}" using ${entry.apiVersion}`,
    field: formatPath(path),
  }));
  const count = causes.length === 1 ? '1 conflict' : `${causes.length} conflicts`;
  const list =
    causes.length === 1
      ? `${causes[0]?.message ?? ''}: ${causes[0]?.field ?? ''}`
      : causes.map((c) => `${c.message}: ${c.field}`).join('\n');
  return new StatusError(
    failure(409, 'Conflict', `Apply failed with ${count}: ${list}`, { causes }),
  );
}
