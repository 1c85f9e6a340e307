/**
 * Freezes an object and everything reachable from it, so that code holding a cached object
 * cannot corrupt the cache that every other reader shares: in strict-mode code (every ES module)
 * a write to a frozen object throws a `TypeError` at the faulty line.
 *
 * Already-frozen sub-objects are skipped, which makes freezing a relisted object that shares
 * parts with a cached one cheap and cycles harmless.
 *
 * An object of any depth is frozen (the API server accepts 10,000 levels of nesting; a walk
 * that only recursed overflowed the call stack at about 9,000): below 256 levels the walk
 * keeps a stack of its own.
 *
 * @typeParam V - the value type
 * @param value - a parsed JSON value (objects, arrays, primitives)
 * @returns the same value, frozen
 * @throws `TypeError` if a reachable value cannot be frozen (a typed array with elements, a
 * proxy that refuses): only a transform can put one there, JSON never does
 * @example
 * ```ts
 * const pod = deepFreeze(JSON.parse(text));
 * pod.metadata.labels.app = 'x'; // TypeError: Cannot assign to read only property
 * ```
 */
export function deepFreeze<V>(value: V): V {
  if (isThawed(value)) freezeTree(value);
  return value;
}

function isThawed(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Object.isFrozen(value);
}

// The hot path of every event: children are tested inline, so a primitive (most of a pod's
// fields) costs no call, and `for…in` walks the keys without allocating an array of them.
// JSON objects have no inherited enumerable keys, so `for…in` sees exactly the own keys.
//
// The walk recurses while it is shallow, and below RECURSION_LIMIT levels goes on with a stack
// of its own, so that no object (the API server accepts 10,000 levels) can overflow the call
// stack. Measured on 100,000 freezes of a 113-object pod, the recursion is 12 % faster than a
// walk with its own stack throughout; a real object never reaches the limit.
const RECURSION_LIMIT = 256;

function freezeTree(value: object, depth = 0): void {
  Object.freeze(value);
  if (depth === RECURSION_LIMIT) return freezeBelow(value);
  const next = depth + 1;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const child: unknown = value[i];
      if (isThawed(child)) freezeTree(child, next);
    }
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const child = record[key];
    if (isThawed(child)) freezeTree(child, next);
  }
}

// Freezes what a frozen value holds, at any depth, without recursion. A value is frozen when
// it is pushed, so one shared by two parents is pushed once.
function freezeBelow(root: object): void {
  const pending: object[] = [root];
  let value: object | undefined;
  while ((value = pending.pop()) !== undefined) {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const child: unknown = value[i];
        if (isThawed(child)) pending.push(Object.freeze(child));
      }
      continue;
    }
    const record = value as Record<string, unknown>;
    for (const key in record) {
      const child = record[key];
      if (isThawed(child)) pending.push(Object.freeze(child));
    }
  }
}
