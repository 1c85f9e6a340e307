import { stringifyJson } from '../json/stringifyJson.js';

/**
 * A deep copy of `value` holding exactly the data `JSON.parse(JSON.stringify(value))` would, that
 * reuses the parts of `previous` (a stored value, never mutated) it would equal: a subtree whose
 * copy would have the same members, in the same order, with the same values, is `previous`'s
 * subtree itself. An update usually changes a few fields of a large object, so the new version
 * allocates only the changed paths and shares the rest with the old one, which keeps writes
 * cheap and the history (every version of every object) small. Being a JSON copy, it shares
 * nothing with `value`, so a writer cannot change stored state through what it still holds.
 *
 * @param value - the value to copy (a JSON value or anything `JSON.stringify` accepts).
 * @param previous - a JSON value to share with, or undefined.
 * @returns the copy; `undefined` where JSON would drop the value (functions, symbols, undefined).
 * @throws TypeError where `JSON.stringify` would (cycles through non-plain objects, BigInt).
 */
export function jsonCopy(value: unknown, previous?: unknown): unknown {
  if (typeof value === 'object' && value !== null && value !== previous) {
    if (nesting >= RECURSION_LIMIT) return copyWithoutRecursion(value);
    nesting += 1;
    try {
      return copyValue(value, previous);
    } finally {
      nesting -= 1;
    }
  }
  return copyValue(value, previous);
}

// The copy recurses, one level of the value per level of calls, while the API server accepts
// objects nested 10,000 levels deep (more than the call stack holds): below this many levels a
// value is copied through its JSON text instead, which is slower and shares nothing with
// `previous` but has no depth limit (JSON.parse keeps its own stack, and so does
// stringifyJson). Real objects are a dozen levels deep.
const RECURSION_LIMIT = 500;
let nesting = 0;

function copyWithoutRecursion(value: object): unknown {
  const text = stringifyJson(value);
  return text === undefined ? undefined : (JSON.parse(text) as unknown);
}

function copyValue(value: unknown, previous: unknown): unknown {
  switch (typeof value) {
    case 'string':
      // Equal strings are the same data: keep the stored one.
      return value === previous ? previous : flattened(value);
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'object':
      if (value === null) return null;
      if (value === previous) return previous;
      if (Array.isArray(value)) return copyArray(value, previous);
      if (isPlainRecord(value)) return copyRecord(value, previous);
      // Dates, class instances with toJSON, boxed primitives: let JSON itself decide.
      return JSON.parse(JSON.stringify(value)) as unknown;
    case 'bigint':
      // Throws the TypeError JSON.stringify throws for a BigInt.
      return JSON.stringify(value);
    default:
      return undefined;
  }
}

// Strings built piece by piece (`a + b`, templates, `+=` in a loop) are trees of their pieces
// until something reads them as a whole; storing one as is keeps every piece alive, which for a
// 64-character container ID built a character at a time is ~2 KB. Reading a character makes V8
// flatten the tree into one string, so the pieces can be collected. (Short strings are never
// trees.)
// The read is stored so that an optimising compiler cannot drop it.
let _lastCharCode = 0;
function flattened(text: string): string {
  if (text.length > 12) _lastCharCode = text.charCodeAt(0);
  return text;
}

function isPlainRecord(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value) as unknown;
  return (proto === Object.prototype || proto === null) && !('toJSON' in value);
}

function copyArray(value: readonly unknown[], previous: unknown): unknown[] {
  const old = Array.isArray(previous) ? (previous as unknown[]) : undefined;
  let out: unknown[] | undefined =
    old !== undefined && old.length === value.length ? undefined : [];
  for (let i = 0; i < value.length; i += 1) {
    const before = old?.[i];
    // JSON writes null for array elements it cannot represent.
    const item = jsonCopy(value[i], before) ?? null;
    if (out === undefined) {
      if (item === before) continue;
      out = (old as unknown[]).slice(0, i);
    }
    out.push(item);
  }
  return out ?? (old as unknown[]);
}

function copyRecord(value: Record<string, unknown>, previous: unknown): Record<string, unknown> {
  if (!isSharable(previous)) return copyNewRecord(value);
  const old = previous;
  const oldKeys = Object.keys(old);
  // `out` stays undefined while every member so far equals `old`'s member at the same position.
  let out: Record<string, unknown> | undefined;
  let count = 0;
  for (const key of Object.keys(value)) {
    // `old.__proto__` would read the prototype when `old` has no such member of its own.
    const before = key !== '__proto__' || Object.hasOwn(old, key) ? old[key] : undefined;
    const item = jsonCopy(value[key], before);
    if (item === undefined) continue;
    if (out === undefined) {
      if (item === before && oldKeys[count] === key) {
        count += 1;
        continue;
      }
      out = {};
      for (let i = 0; i < count; i += 1)
        setMember(out, oldKeys[i] as string, old[oldKeys[i] as string]);
    }
    setMember(out, key, item);
    count += 1;
  }
  return (
    out ??
    (count === oldKeys.length ? (old as Record<string, unknown>) : prefixOf(old, oldKeys, count))
  );
}

// A record with nothing to share: spreading copies it with its hidden class (faster, and the
// copy is smaller than one built member by member), then members JSON would write differently
// are replaced.
function copyNewRecord(value: Record<string, unknown>): Record<string, unknown> {
  const out = { ...value };
  // for…in rather than Object.keys: no array per object; inherited keys are skipped below.
  for (const key in out) {
    const member = out[key];
    const item = jsonCopy(member);
    if ((item === member && item !== undefined) || !Object.hasOwn(out, key)) continue;
    if (item === undefined) delete out[key];
    else out[key] = item;
  }
  // JSON ignores symbol-keyed members; spreading copied them.
  for (const symbol of Object.getOwnPropertySymbols(out)) delete out[symbol as unknown as string];
  return out;
}

function isSharable(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Every member of the copy matched `old` but `old` has more: the copy is `old`'s first members.
function prefixOf(
  old: Record<string, unknown>,
  keys: readonly string[],
  count: number,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < count; i += 1) setMember(out, keys[i] as string, old[keys[i] as string]);
  return out;
}

function setMember(target: Record<string, unknown>, key: string, item: unknown): void {
  // A plain assignment to `__proto__` would set the prototype instead of adding the member
  // JSON.parse adds.
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value: item,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else target[key] = item;
}

/**
 * A deep copy of data that is already in JSON form, such as a stored object (which
 * {@link jsonCopy} made). Spreading copies an object with its hidden class, so this is faster
 * than {@link jsonCopy} and the copies are smaller, and for such data it gives the same result.
 *
 * @param value - a JSON value made of plain objects and arrays.
 * @returns the copy.
 */
export function copyJsonData<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (nesting >= RECURSION_LIMIT) return copyWithoutRecursion(value) as T;
  nesting += 1;
  try {
    return copyJsonObject(value);
  } finally {
    nesting -= 1;
  }
}

function copyJsonObject<T extends object>(value: T): T {
  if (Array.isArray(value)) {
    const out: unknown[] = value.slice();
    for (let i = 0; i < out.length; i += 1) out[i] = copyJsonData(out[i]);
    return out as T;
  }
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  // for…in rather than Object.keys: no array per object; inherited keys are skipped.
  for (const key in out) {
    const member = out[key];
    if (typeof member === 'object' && member !== null && Object.hasOwn(out, key)) {
      out[key] = copyJsonData(member);
    }
  }
  return out as T;
}
