import { isDeepStrictEqual } from 'node:util';

/**
 * An object as the wire carries it, a deep copy: what `JSON.parse(JSON.stringify(object))`
 * gives (client-node's models hold `Date`s, which the wire carries as text). Objects come from
 * the cluster, which accepts them nested 10,000 levels deep, and `JSON.stringify` recurses and
 * throws a `RangeError` at about 4,000 levels in Node 20: such an object is copied by a walk
 * with a stack of its own instead (slower; every other object takes the native path).
 *
 * @typeParam T - the object's type
 * @param object - the object (not modified)
 * @returns the copy
 * @throws TypeError where `JSON.stringify` would (cycles, BigInt)
 */
export function wireForm<T>(object: T): T {
  try {
    return JSON.parse(JSON.stringify(object)) as T;
  } catch (err) {
    if (!isRangeError(err)) throw err;
  }
  return copyWithoutRecursion(object) as T;
}

/**
 * Whether two objects in wire form (see {@link wireForm}) hold the same data, members in any
 * order: `isDeepStrictEqual`, and for objects deeper than its recursion reaches, a walk with a
 * stack of its own.
 *
 * @param a - an object in wire form
 * @param b - another
 * @returns whether they are equal
 */
export function sameWireForm(a: unknown, b: unknown): boolean {
  try {
    return isDeepStrictEqual(a, b);
  } catch (err) {
    if (!isRangeError(err)) throw err;
  }
  const pending: unknown[] = [a, b];
  while (pending.length > 0) {
    const y = pending.pop();
    const x = pending.pop();
    if (Object.is(x, y)) continue;
    if (!isContainer(x) || !isContainer(y) || Array.isArray(x) !== Array.isArray(y)) return false;
    const keys = Object.keys(x);
    if (keys.length !== Object.keys(y).length) return false;
    for (const key of keys) {
      if (!Object.hasOwn(y, key)) return false;
      pending.push(x[key], y[key]);
    }
  }
  return true;
}

// By name: `isDeepStrictEqual` runs in Node's own realm, whose RangeError is not the caller's
// when the caller runs in another (a `vm` context, as under Jest).
function isRangeError(err: unknown): boolean {
  return isContainer(err) && err['name'] === 'RangeError';
}

function isContainer(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

// JSON.stringify's view of a member (ECMA-262 SerializeJSONProperty): toJSON, boxed primitives
// unwrapped, non-finite numbers as null, what JSON cannot carry as undefined.
function wireValue(key: string, value: unknown): unknown {
  if (isContainer(value) || typeof value === 'bigint') {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') value = (toJSON as (key: string) => unknown).call(value, key);
  }
  if (value instanceof Number || value instanceof String || value instanceof Boolean)
    value = value.valueOf();
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    case 'string':
    case 'boolean':
    case 'object':
      return value;
    default:
      return undefined;
  }
}

interface Copying {
  readonly from: Record<string, unknown>;
  readonly to: Record<string, unknown>;
}

function copyWithoutRecursion(root: unknown): unknown {
  const top = wireValue('', root);
  if (!isContainer(top)) return top;
  const open = new Set<object>();
  const start = (from: Record<string, unknown>): Copying => {
    if (open.has(from)) throw new TypeError('Converting circular structure to JSON');
    open.add(from);
    return { from, to: (Array.isArray(from) ? [] : {}) as Record<string, unknown> };
  };
  const first = start(top);
  // Frames stay on the stack until their members are copied, so `open` holds exactly the
  // containers on the path from the root, as JSON.stringify's cycle check does.
  const pending: { frame: Copying; keys: string[]; index: number }[] = [
    { frame: first, keys: Object.keys(top), index: 0 },
  ];
  while (pending.length > 0) {
    const current = pending[pending.length - 1]!;
    const { frame, keys } = current;
    if (current.index >= keys.length) {
      pending.pop();
      open.delete(frame.from);
      continue;
    }
    const key = keys[current.index]!;
    current.index += 1;
    const array = Array.isArray(frame.from);
    const member = wireValue(key, frame.from[key]);
    if (member === undefined) {
      if (array) frame.to[key] = null;
      continue;
    }
    if (!isContainer(member)) {
      setMember(frame.to, key, member);
      continue;
    }
    const child = start(member);
    setMember(frame.to, key, child.to);
    pending.push({ frame: child, keys: Object.keys(member), index: 0 });
  }
  return first.to;
}

function setMember(target: Record<string, unknown>, key: string, value: unknown): void {
  // A plain assignment to `__proto__` would set the prototype instead of adding the member
  // JSON.parse adds.
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else target[key] = value;
}
