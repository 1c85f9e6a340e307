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
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  if (Array.isArray(value)) {
    for (const element of value) deepFreeze(element);
  } else {
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
