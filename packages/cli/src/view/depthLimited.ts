import { setOwn } from '../json/jsonMembers.js';

/**
 * What stands for the part of a value {@link depthLimited} leaves out: a string, so that the
 * value stays JSON and every view (a table cell, the details' YAML and JSON) shows where the
 * cut is.
 */
export const tooDeep = '<nested too deep>';

/**
 * A JSON value cut at a depth: every non-empty object or array `maxDepth` levels down is
 * replaced by {@link tooDeep}. The API server accepts objects nested 10,000 levels deep, and
 * what shows one (`JSON.stringify`, a YAML dump, a redacting copy) recurses and throws a
 * `RangeError` at a few thousand levels in V8; nobody reads a value that deep on a screen.
 * Neither the check nor the copy recurses, and a value that is not that deep is returned as
 * it is (no copy).
 *
 * @typeParam T - the value's type
 * @param value - a JSON value (not modified)
 * @param maxDepth - how many levels to keep: 1 keeps the value's own members
 * @returns `value` itself when nothing is that deep, else a copy cut at `maxDepth`
 * @example
 * ```ts
 * depthLimited({ a: { b: { c: 1 } } }, 2); // { a: { b: '<nested too deep>' } }
 * ```
 */
export function depthLimited<T>(value: T, maxDepth: number): T {
  return reaches(value, maxDepth) ? (cut(value, maxDepth) as T) : value;
}

function isContainer(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function hasMembers(value: Record<string, unknown>): boolean {
  for (const _ in value) return true;
  return false;
}

// Whether a non-empty container sits `maxDepth` levels down.
function reaches(root: unknown, maxDepth: number): boolean {
  const pending: unknown[] = [root];
  const depths: number[] = [0];
  while (pending.length > 0) {
    const value = pending.pop();
    const depth = depths.pop() as number;
    if (!isContainer(value)) continue;
    if (depth >= maxDepth) {
      if (hasMembers(value)) return true;
      continue;
    }
    for (const key in value) {
      const member = value[key];
      if (isContainer(member)) {
        pending.push(member);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

interface Copying {
  readonly from: Record<string, unknown>;
  readonly to: Record<string, unknown>;
  readonly depth: number;
}

function cut(root: unknown, maxDepth: number): unknown {
  if (!isContainer(root)) return root;
  if (maxDepth <= 0) return hasMembers(root) ? tooDeep : root;
  const top = emptyLike(root);
  const pending: Copying[] = [{ from: root, to: top, depth: 0 }];
  let next: Copying | undefined;
  while ((next = pending.pop()) !== undefined) {
    const { from, to, depth } = next;
    for (const key of Object.keys(from)) {
      const member = from[key];
      let copy: unknown = member;
      if (isContainer(member) && hasMembers(member)) {
        if (depth + 1 >= maxDepth) copy = tooDeep;
        else {
          copy = emptyLike(member);
          pending.push({ from: member, to: copy as Record<string, unknown>, depth: depth + 1 });
        }
      }
      setOwn(to, key, copy);
    }
  }
  return top;
}

function emptyLike(value: Record<string, unknown>): Record<string, unknown> {
  return (Array.isArray(value) ? [] : {}) as Record<string, unknown>;
}
