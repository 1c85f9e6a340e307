/**
 * Any value as text for an error message, without ever throwing: a string is itself, an
 * `Error` its message, a primitive its `String`. An object is not walked (it may be nested
 * thousands of levels deep or hold millions of elements): an array is `[array]`, any other object
 * what its `toString` gives, or `[object]` when that throws or returns something else.
 *
 * @example
 * ```ts
 * textOf(new Error('boom')); // 'boom'
 * textOf({ text: 'x' }); // '[object Object]'
 * textOf(Object.create(null)); // '[object]'
 * ```
 *
 * @param value - a thrown value, a field read from an answer, anything
 * @returns text describing it
 */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' && typeof value !== 'function') return String(value);
  if (value === null) return 'null';
  try {
    // Inside the `try`: `Array.isArray` throws on a revoked proxy.
    if (Array.isArray(value)) return '[array]';
    if (value instanceof Error) {
      const message: unknown = value.message;
      return typeof message === 'string'
        ? message
        : textOf(message === value ? undefined : message);
    }
    const text: unknown = String(value);
    return typeof text === 'string' ? text : '[object]';
  } catch {
    // A throwing getter or `toString`, or an object without a prototype.
    return '[object]';
  }
}
