import { badRequest } from '../api/status.js';
import type { MergeSchema } from '../registry/strategicMergeSchema.js';
import { deepEqual } from '../storage/deepEqual.js';

type JsonObject = Record<string, unknown>;

const deleteFromList = '$deleteFromPrimitiveList/';
const setElementOrder = '$setElementOrder/';

/**
 * Applies a strategic merge patch, as kube-apiserver does for built-in kinds: objects merge as in
 * a JSON merge patch (`null` deletes); lists the schema keys (containers by `name`, ports by
 * `containerPort`…) merge item by item, scalar sets (`finalizers`) by union, other lists are
 * replaced. Directives: `$patch: replace | delete` on an object or a keyed list item,
 * `$retainKeys`, `$deleteFromPrimitiveList/<field>` and `$setElementOrder/<field>`.
 *
 * @param target - the current value (not modified).
 * @param patch - the patch.
 * @param schema - the merge schema at this level, if any.
 * @returns the patched value; undefined when the patch deletes it.
 * @throws StatusError 400 for a keyed list item without its merge key, or a malformed directive.
 */
export function applyStrategicMergePatch(
  target: unknown,
  patch: unknown,
  schema: MergeSchema | undefined,
): unknown {
  if (!isObject(patch)) return patch;
  if (patch['$patch'] === 'delete') return undefined;
  if (patch['$patch'] === 'replace') return withoutDirectives(patch);
  const base: JsonObject = isObject(target) ? { ...target } : {};
  const orders: Array<[string, unknown]> = [];
  const removals: Array<[string, unknown]> = [];
  for (const [key, value] of Object.entries(patch)) {
    if (key === '$patch' || key === '$retainKeys') continue;
    if (key.startsWith(setElementOrder)) orders.push([key.slice(setElementOrder.length), value]);
    else if (key.startsWith(deleteFromList))
      removals.push([key.slice(deleteFromList.length), value]);
    else if (value === null) delete base[key];
    else {
      const merged = mergeField(base[key], value, schema?.fields?.[key]);
      if (merged === undefined) delete base[key];
      else base[key] = merged;
    }
  }
  for (const [field, values] of removals) {
    const list = base[field];
    if (!Array.isArray(values)) throw badRequest(`${deleteFromList}${field} must be a list`);
    if (Array.isArray(list)) base[field] = list.filter((v) => !values.some((r) => deepEqual(r, v)));
  }
  for (const [field, order] of orders) {
    const list = base[field];
    if (Array.isArray(order) && Array.isArray(list)) {
      base[field] = reorder(list, order, schema?.fields?.[field]?.mergeKey);
    }
  }
  const retain = patch['$retainKeys'];
  if (retain !== undefined) {
    if (!Array.isArray(retain)) throw badRequest('$retainKeys must be a list of field names');
    for (const key of Object.keys(base)) if (!retain.includes(key)) delete base[key];
  }
  return base;
}

function mergeField(current: unknown, value: unknown, schema: MergeSchema | undefined): unknown {
  if (!Array.isArray(value)) return applyStrategicMergePatch(current, value, schema);
  const list = Array.isArray(current) ? current : [];
  if (schema?.mergeKey !== undefined) return mergeKeyedList(list, value, schema, schema.mergeKey);
  if (schema?.mergeScalars === true) {
    return [...list, ...value.filter((v) => !list.some((c) => deepEqual(c, v)))];
  }
  return value.map((item) => (isObject(item) ? withoutDirectives(item) : item));
}

function mergeKeyedList(
  current: unknown[],
  items: unknown[],
  schema: MergeSchema,
  mergeKey: string,
): unknown[] {
  if (items.some((item) => isObject(item) && item['$patch'] === 'replace')) {
    return items
      .filter((item) => !(isObject(item) && item['$patch'] === 'replace'))
      .map((item) => (isObject(item) ? withoutDirectives(item) : item));
  }
  const result = [...current];
  for (const item of items) {
    if (!isObject(item) || item[mergeKey] === undefined) {
      throw badRequest(
        `map: ${JSON.stringify(item)} does not contain declared merge key: ${mergeKey}`,
      );
    }
    const at = result.findIndex((o) => isObject(o) && deepEqual(o[mergeKey], item[mergeKey]));
    if (item['$patch'] === 'delete') {
      if (at >= 0) result.splice(at, 1);
    } else if (at >= 0) result[at] = applyStrategicMergePatch(result[at], item, schema);
    else result.push(applyStrategicMergePatch(undefined, item, schema));
  }
  return result;
}

/** `$setElementOrder`: the listed items first, in the given order, then the others. */
function reorder(list: unknown[], order: unknown[], mergeKey: string | undefined): unknown[] {
  const keyOf = (v: unknown): unknown => (mergeKey !== undefined && isObject(v) ? v[mergeKey] : v);
  const rank = (v: unknown): number => {
    const at = order.findIndex((o) => deepEqual(keyOf(o), keyOf(v)));
    return at < 0 ? order.length : at;
  };
  return list
    .map((v, i) => [v, rank(v), i] as const)
    .sort((a, b) => a[1] - b[1] || a[2] - b[2])
    .map(([v]) => v);
}

function withoutDirectives(value: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !key.startsWith('$')));
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
