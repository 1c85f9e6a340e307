/**
 * Freezes an object and everything reachable from it, so that code holding a cached object
 * cannot corrupt the cache that every other reader shares: in strict-mode code (every ES module)
 * a write to a frozen object throws a `TypeError` at the faulty line.
 *
 * Already-frozen sub-objects are skipped, which makes freezing a relisted object that shares
 * parts with a cached one cheap and cycles harmless.
 *
 * @typeParam V - the value type
 * @param value - a parsed JSON value (objects, arrays, primitives)
 * @returns the same value, frozen
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
function freezeTree(value: object): void {
  Object.freeze(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const child: unknown = value[i];
      if (isThawed(child)) freezeTree(child);
    }
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const child = record[key];
    if (isThawed(child)) freezeTree(child);
  }
}
