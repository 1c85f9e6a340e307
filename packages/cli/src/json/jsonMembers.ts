/**
 * Whether a JSON value is an object with named members (not an array, not `null`).
 *
 * @param value - any value, parsed from cluster input or not
 * @returns true for a plain record
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Sets a member as the target's own, as `JSON.parse` does: a key `__proto__` (a name cluster
 * input may use) becomes a member, where a plain assignment would set the prototype instead.
 *
 * @param target - the record or array being built
 * @param key - the member's name or index
 * @param value - its value
 */
export function setOwn(
  target: Record<string, unknown> | unknown[],
  key: string | number,
  value: unknown,
): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    (target as Record<string | number, unknown>)[key] = value;
  }
}
