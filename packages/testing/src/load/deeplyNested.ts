/** How {@link deeplyNested} nests: objects (`{"a":{"a":…}}`), arrays (`[[…]]`) or both in turn. */
export type NestingShape = 'objects' | 'arrays' | 'mixed';

/**
 * A JSON value nested `depth` levels deep around a leaf, built without recursion: the kind of
 * value the API server accepts (it allows 10,000 levels) and every walk of an object must
 * survive.
 *
 * @param depth - how many objects or arrays enclose the leaf.
 * @param shape - what encloses it (default `objects`); `mixed` starts with an object.
 * @param leaf - the innermost value (default `'leaf'`).
 * @returns the value.
 * @example
 * ```ts
 * deeplyNested(2, 'mixed'); // { a: ['leaf'] }
 * ```
 */
export function deeplyNested(
  depth: number,
  shape: NestingShape = 'objects',
  leaf: unknown = 'leaf',
): unknown {
  let value = leaf;
  for (let level = depth - 1; level >= 0; level -= 1) {
    const array = shape === 'arrays' || (shape === 'mixed' && level % 2 === 1);
    value = array ? [value] : { a: value };
  }
  return value;
}
