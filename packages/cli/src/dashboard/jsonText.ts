/** One array or object being written: its values, and the next one to write. */
interface Open {
  readonly array: readonly unknown[] | undefined;
  readonly record: Record<string, unknown> | undefined;
  readonly keys: readonly string[];
  next: number;
}

/**
 * `JSON.stringify` for data of any depth: V8's own overflows the stack near 5,000 levels, while
 * the API server accepts objects nested 10,000 deep. The native serializer is tried first (it
 * is fast and the usual case); past its depth, an iterative writer gives the same text for
 * plain JSON data (objects, arrays, strings, finite numbers, booleans, null; `undefined` and
 * functions left out of objects and written `null` in arrays, as JSON.stringify does).
 *
 * @param value - plain JSON data
 * @returns its JSON text
 */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
  }
  const out: string[] = [];
  const stack: Open[] = [];
  const write = (item: unknown): void => {
    if (Array.isArray(item)) {
      out.push('[');
      stack.push({ array: item, record: undefined, keys: [], next: 0 });
    } else if (typeof item === 'object' && item !== null) {
      const record = item as Record<string, unknown>;
      const keys = Object.keys(record).filter((key) => writable(record[key]));
      out.push('{');
      stack.push({ array: undefined, record, keys, next: 0 });
    } else {
      out.push(JSON.stringify(writable(item) ? item : null));
    }
  };
  write(value);
  for (let open = stack.at(-1); open !== undefined; open = stack.at(-1)) {
    if (open.array !== undefined) {
      if (open.next === open.array.length) {
        out.push(']');
        stack.pop();
        continue;
      }
      if (open.next > 0) out.push(',');
      write(open.array[open.next++]);
    } else {
      if (open.next === open.keys.length) {
        out.push('}');
        stack.pop();
        continue;
      }
      const key = open.keys[open.next++]!;
      out.push(`${open.next > 1 ? ',' : ''}${JSON.stringify(key)}:`);
      write(open.record![key]);
    }
  }
  return out.join('');
}

function writable(value: unknown): boolean {
  return value !== undefined && typeof value !== 'function' && typeof value !== 'symbol';
}
