import { deeplyNested } from '../load/deeplyNested.js';
import { stringifyJson } from './stringifyJson.js';

function nestedText(depth: number, open: string, close: string): string {
  return `${open.repeat(depth)}"leaf"${close.repeat(depth)}`;
}

describe('stringifyJson', () => {
  it.each([
    ['objects', '{"a":', '}'],
    ['arrays', '[', ']'],
  ] as const)(
    'writes %s nested 10,000 levels deep, where JSON.stringify throws',
    (shape, open, close) => {
      const value = deeplyNested(10_000, shape);
      expect(() => JSON.stringify(value)).toThrow(RangeError);
      expect(stringifyJson(value)).toBe(nestedText(10_000, open, close));
    },
  );

  it('writes mixed nesting 100,000 levels deep, which JSON.parse reads back', () => {
    const text = stringifyJson(deeplyNested(100_000, 'mixed')) as string;
    expect(text.startsWith('{"a":[{"a":[')).toBe(true);
    expect(stringifyJson(JSON.parse(text))).toBe(text);
  });

  // The walk must write what JSON.stringify writes; deep nesting forces it, around each case.
  const cases: [string, unknown][] = [
    ['undefined members left out', { a: undefined, b: 1, c: () => 1, d: Symbol('s') }],
    ['array holes and undefined as null', [undefined, () => 1, , 2]], // eslint-disable-line no-sparse-arrays
    ['non-finite numbers as null', { a: NaN, b: -Infinity, c: [Infinity] }],
    [
      'toJSON and boxed primitives',
      { d: new Date(0), n: Object(3), s: Object('x'), b: Object(false) },
    ],
    ['empty containers', { a: {}, b: [], c: [[], {}] }],
    ['escaped keys and strings', { 'k"\n\u2028': 'v"\\\u0001', __proto__x: 1 }],
    ['nested members', { a: [1, { b: [true, null, 'x'] }], c: { d: {} } }],
  ];
  it.each(cases)('writes %s as JSON.stringify does, at any depth', (_, sample) => {
    expect(stringifyJson(sample)).toBe(JSON.stringify(sample));
    expect(stringifyJson(sample, { indent: 2 })).toBe(JSON.stringify(sample, null, 2));
    // 6,000 levels of `{"a":[` around the sample: past where JSON.stringify throws.
    const wrap = (inner: string): string =>
      `${'{"a":['.repeat(3_000)}${inner}${']}'.repeat(3_000)}`;
    expect(stringifyJson(deeplyNested(6_000, 'mixed', sample))).toBe(
      wrap(JSON.stringify(sample) ?? 'null'),
    );
  });

  it('indents as JSON.stringify does, past the depth where it throws', () => {
    const text = stringifyJson(deeplyNested(5_000, 'mixed', { x: [1, {}] }), {
      indent: 2,
    }) as string;
    const lines = text.split('\n');
    expect(lines[0]).toBe('{');
    expect(lines[1]).toBe('  "a": [');
    expect(lines[2]).toBe('    {');
    // Depth 5,000 holds the leaf object, its members one level further in.
    expect(lines[5_001]).toBe(`${'  '.repeat(5_001)}"x": [`);
    expect(JSON.parse(text)).toBeDefined();
  });

  it('throws as JSON.stringify does on a cycle and on a BigInt, at any depth', () => {
    const cycle: Record<string, unknown> = {};
    cycle['self'] = deeplyNested(6_000, 'objects', cycle);
    expect(() => stringifyJson(cycle)).toThrow(TypeError);
    expect(() => stringifyJson(deeplyNested(6_000, 'arrays', 1n))).toThrow(TypeError);
  });

  it('returns undefined where JSON.stringify does', () => {
    expect(stringifyJson(undefined)).toBeUndefined();
    expect(stringifyJson(() => 1)).toBeUndefined();
  });
});
