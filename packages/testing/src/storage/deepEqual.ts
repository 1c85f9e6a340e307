/**
 * Structural equality of JSON values, ignoring object key order. The walk keeps its own stack
 * of pairs still to compare, so values of any depth compare (the API server accepts 10,000
 * levels of nesting, more than a recursive walk's call stack holds).
 *
 * @param a - first value.
 * @param b - second value.
 * @returns whether both hold the same JSON data.
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  const pending: unknown[] = [a, b];
  while (pending.length > 0) {
    const y = pending.pop();
    const x = pending.pop();
    if (x === y) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length) return false;
      for (let i = 0; i < x.length; i += 1) pending.push(x[i], y[i]);
      continue;
    }
    const rx = x as Record<string, unknown>;
    const ry = y as Record<string, unknown>;
    const kx = Object.keys(rx).filter((k) => rx[k] !== undefined);
    const ky = Object.keys(ry).filter((k) => ry[k] !== undefined);
    if (kx.length !== ky.length) return false;
    for (const k of kx) pending.push(rx[k], ry[k]);
  }
  return true;
}
