/** How {@link stringifyJson} writes. */
export interface StringifyJsonOptions {
  /** Spaces per level of indentation, as `JSON.stringify`'s third argument (default none). */
  readonly indent?: number;
}

/**
 * `JSON.stringify(value, null, indent)` for a value of any depth. V8's `JSON.stringify` recurses
 * and throws a `RangeError` at about 4,000 levels in Node 20, while the API server accepts
 * objects nested 10,000 levels deep; such a value is written by a walk that keeps its own stack.
 * Shallower values (all but such objects) take the native path, which is faster.
 *
 * @param value - any value `JSON.stringify` accepts.
 * @param options - indentation.
 * @returns the JSON text; `undefined` where `JSON.stringify` returns it (undefined, functions).
 * @throws TypeError where `JSON.stringify` would (cycles, BigInt).
 * @example
 * ```ts
 * stringifyJson(deeplyNested(10_000)); // '{"a":{"a":…"leaf"…}}', where JSON.stringify throws
 * ```
 */
export function stringifyJson(
  value: unknown,
  options: StringifyJsonOptions = {},
): string | undefined {
  const { indent } = options;
  try {
    return JSON.stringify(value, null, indent) as string | undefined;
  } catch (err) {
    // Only a stack overflow is worth another try; the walk below throws any other error again.
    if (!(err instanceof RangeError)) throw err;
  }
  return stringifyWithoutRecursion(value, gapOf(indent));
}

function gapOf(indent: number | undefined): string {
  return indent === undefined ? '' : ' '.repeat(Math.max(0, Math.min(10, Math.floor(indent))));
}

/** An object or array being written: its members not yet written are from `index` on. */
interface Frame {
  readonly container: object;
  /** The object's keys; undefined for an array. */
  readonly keys: readonly string[] | undefined;
  readonly length: number;
  index: number;
  written: boolean;
}

// JSON.stringify's steps (ECMA-262 SerializeJSONProperty) for a member: toJSON, then boxed
// primitives unwrapped.
function jsonValue(key: string, value: unknown): unknown {
  if ((typeof value === 'object' && value !== null) || typeof value === 'bigint') {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') value = (toJSON as (key: string) => unknown).call(value, key);
  }
  if (value instanceof Number || value instanceof String || value instanceof Boolean)
    return value.valueOf();
  return value;
}

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function stringifyWithoutRecursion(root: unknown, gap: string): string | undefined {
  const first = jsonValue('', root);
  // Primitives, and what JSON leaves out, are JSON.stringify's own business (it cannot recurse).
  if (!isContainer(first)) return JSON.stringify(first) as string | undefined;
  const out: string[] = [];
  const stack: Frame[] = [];
  const open = new Set<object>();
  const colon = gap === '' ? ':' : ': ';
  const newline = (depth: number): string => (gap === '' ? '' : `\n${gap.repeat(depth)}`);
  const enter = (container: object): void => {
    if (open.has(container)) throw new TypeError('Converting circular structure to JSON');
    open.add(container);
    const keys = Array.isArray(container) ? undefined : Object.keys(container);
    const length = keys === undefined ? (container as unknown[]).length : keys.length;
    stack.push({ container, keys, length, index: 0, written: false });
    out.push(keys === undefined ? '[' : '{');
  };
  enter(first);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    if (frame.index >= frame.length) {
      stack.pop();
      open.delete(frame.container);
      const close = frame.keys === undefined ? ']' : '}';
      out.push(frame.written ? `${newline(stack.length)}${close}` : close);
      continue;
    }
    const i = frame.index;
    frame.index += 1;
    const key = frame.keys === undefined ? String(i) : (frame.keys[i] as string);
    const member = jsonValue(key, (frame.container as Record<string, unknown>)[key]);
    const prefix = `${frame.written ? ',' : ''}${newline(stack.length)}`;
    if (isContainer(member)) {
      out.push(frame.keys === undefined ? prefix : `${prefix}${JSON.stringify(key)}${colon}`);
      frame.written = true;
      enter(member);
      continue;
    }
    const text = JSON.stringify(member) as string | undefined;
    if (frame.keys === undefined) out.push(`${prefix}${text ?? 'null'}`);
    else if (text !== undefined) out.push(`${prefix}${JSON.stringify(key)}${colon}${text}`);
    else continue;
    frame.written = true;
  }
  return out.join('');
}
