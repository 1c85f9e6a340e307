import { deeplyNested, stringifyJson } from '@rxkube/testing';
import { sameWireForm, wireForm } from './wireForm.js';

describe('wireForm', () => {
  it('copies an object as JSON carries it: dates as text, undefined members left out', () => {
    const object = { a: new Date(0), b: undefined, c: [undefined, NaN, 1], d: { e: 'x' } };
    expect(wireForm(object)).toEqual(JSON.parse(JSON.stringify(object)));
  });

  it.each(['objects', 'arrays', 'mixed'] as const)(
    'copies %s nested 10,000 levels deep, where JSON.stringify throws, as JSON would',
    (shape) => {
      const sample = { when: new Date(0), gone: undefined, list: [undefined, Infinity] };
      const value = deeplyNested(10_000, shape, sample);
      const copy = wireForm(value);
      expect(stringifyJson(copy)).toBe(stringifyJson(value));
      expect(sameWireForm(copy, wireForm(value))).toBe(true);
    },
  );

  it('throws on a cycle, at any depth', () => {
    const cycle: Record<string, unknown> = {};
    cycle['self'] = deeplyNested(6_000, 'objects', cycle);
    expect(() => wireForm(cycle)).toThrow(TypeError);
  });
});

describe('sameWireForm', () => {
  it('compares members in any order, at any depth', () => {
    const a = deeplyNested(10_000, 'mixed', { x: 1, y: [2, { z: 3 }] });
    const b = deeplyNested(10_000, 'mixed', { y: [2, { z: 3 }], x: 1 });
    const c = deeplyNested(10_000, 'mixed', { y: [2, { z: 4 }], x: 1 });
    expect(sameWireForm(a, b)).toBe(true);
    expect(sameWireForm(a, c)).toBe(false);
    expect(sameWireForm(deeplyNested(10_000, 'objects'), deeplyNested(10_000, 'arrays'))).toBe(
      false,
    );
    expect(sameWireForm(deeplyNested(9_999, 'objects'), deeplyNested(10_000, 'objects'))).toBe(
      false,
    );
  });
});
