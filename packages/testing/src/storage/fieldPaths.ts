import type { FieldSet } from '../api/types.js';
import { deepEqual } from './deepEqual.js';

/**
 * A path into an object as `FieldsV1` spells it: `f:<field>` segments and `k:<json>` list-item
 * keys, e.g. `['f:spec', 'f:containers', 'k:{"name":"main"}', 'f:image']`.
 */
export type FieldPath = readonly string[];

/**
 * Every node of a field set, leaves and inner nodes (the `.` markers are not nodes).
 *
 * @param set - the field set.
 * @returns the paths, parents before children.
 */
export function nodesOf(set: FieldSet): FieldPath[] {
  return nodesUnder(set, []);
}

function nodesUnder(set: FieldSet, prefix: FieldPath): FieldPath[] {
  const out: FieldPath[] = [];
  for (const [segment, child] of Object.entries(set)) {
    if (segment === '.') continue;
    const path = [...prefix, segment];
    out.push(path, ...nodesUnder(child, path));
  }
  return out;
}

/**
 * The leaves of a field set: the fields a manager owns the value of.
 *
 * @param set - the field set.
 * @returns the paths of nodes without children.
 */
export function leavesOf(set: FieldSet): FieldPath[] {
  return nodesOf(set).filter((path) => isLeaf(childAt(set, path)));
}

/**
 * Whether a field set holds a path.
 *
 * @param set - the field set.
 * @param path - the path.
 * @returns true when every segment is there.
 */
export function hasPath(set: FieldSet, path: FieldPath): boolean {
  return childAt(set, path) !== undefined;
}

/**
 * A field set without one path (and without the parents that held nothing else).
 *
 * @param set - the field set (not modified).
 * @param path - the path to remove.
 * @returns the new set.
 */
export function withoutPath(set: FieldSet, path: FieldPath): FieldSet {
  const [head, ...rest] = path;
  if (head === undefined) return set;
  const { [head]: child, ...others } = set;
  if (child === undefined) return set;
  if (rest.length === 0) return others;
  const pruned = withoutPath(child, rest);
  return isLeaf(pruned) ? others : { ...others, [head]: pruned };
}

/**
 * The value an object holds at a path.
 *
 * @param value - the object.
 * @param path - the path.
 * @returns the value, or undefined when the path leads nowhere.
 */
export function valueAt(value: unknown, path: FieldPath): unknown {
  let node = value;
  for (const segment of path) {
    if (segment.startsWith('f:') && isObject(node)) node = node[segment.slice(2)];
    else if (segment.startsWith('k:') && Array.isArray(node)) node = node[itemIndex(node, segment)];
    else return undefined;
  }
  return node;
}

/**
 * An object without the field (or list item) at a path.
 *
 * @param value - the object (not modified).
 * @param path - the path.
 * @returns the new object; `value` itself when the path leads nowhere.
 */
export function removeAt(value: unknown, path: FieldPath): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (head.startsWith('f:') && isObject(value)) {
    const field = head.slice(2);
    if (!(field in value)) return value;
    const { [field]: child, ...others } = value;
    return rest.length === 0 ? others : { ...others, [field]: removeAt(child, rest) };
  }
  if (head.startsWith('k:') && Array.isArray(value)) {
    const at = itemIndex(value, head);
    if (at < 0) return value;
    const copy = [...(value as unknown[])];
    if (rest.length === 0) copy.splice(at, 1);
    else copy[at] = removeAt(copy[at], rest);
    return copy;
  }
  return value;
}

/**
 * A path as kube-apiserver writes it in a conflict: `.spec.containers[name="main"].image`.
 *
 * @param path - the path.
 * @returns the text.
 */
export function formatPath(path: FieldPath): string {
  return path
    .map((segment) => {
      if (segment.startsWith('f:')) return `.${segment.slice(2)}`;
      const key = JSON.parse(segment.slice(2)) as Record<string, unknown>;
      const parts = Object.entries(key).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
      return `[${parts.join(',')}]`;
    })
    .join('');
}

function itemIndex(list: readonly unknown[], segment: string): number {
  const key = JSON.parse(segment.slice(2)) as Record<string, unknown>;
  return list.findIndex(
    (item) => isObject(item) && Object.entries(key).every(([k, v]) => deepEqual(item[k], v)),
  );
}

function childAt(set: FieldSet, path: FieldPath): FieldSet | undefined {
  let node: FieldSet | undefined = set;
  for (const segment of path) node = node?.[segment];
  return node;
}

function isLeaf(set: FieldSet | undefined): boolean {
  return set === undefined || Object.keys(set).every((key) => key === '.');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
