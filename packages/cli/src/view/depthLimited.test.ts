import { deeplyNested, type NestingShape } from '@rxkube/testing';
import { depthLimited, tooDeep } from './depthLimited.js';

describe('depthLimited', () => {
  it('returns a value that is not that deep as it is', () => {
    const pod = { metadata: { name: 'a', labels: { app: 'x' } }, spec: { containers: [{}] } };
    expect(depthLimited(pod, 3)).toBe(pod);
    expect(depthLimited('text', 0)).toBe('text');
    // An empty container at the cut holds nothing to leave out.
    expect(depthLimited({ a: { b: {} } }, 2)).toEqual({ a: { b: {} } });
  });

  it('cuts non-empty objects and arrays at the depth, leaving the rest and the input as they are', () => {
    const value = { a: { b: { c: 1 } }, d: [[1], 2], e: 'x', f: { g: 1 } };
    const before = JSON.stringify(value);
    expect(depthLimited(value, 2)).toEqual({
      a: { b: tooDeep },
      d: [tooDeep, 2],
      e: 'x',
      f: { g: 1 },
    });
    expect(JSON.stringify(value)).toBe(before);
    expect(depthLimited({ a: 1 }, 0)).toBe(tooDeep);
  });

  it('keeps a __proto__ member as a member', () => {
    const value = JSON.parse('{"__proto__":{"x":{"y":1}}}') as Record<string, unknown>;
    const cut = depthLimited(value, 2);
    expect(Object.getPrototypeOf(cut)).toBe(Object.prototype);
    expect(JSON.stringify(cut)).toBe('{"__proto__":{"x":"<nested too deep>"}}');
  });

  it.each(['objects', 'arrays', 'mixed'] as NestingShape[])(
    'cuts %s nested 100,000 levels deep to a value JSON.stringify writes',
    (shape) => {
      const value = deeplyNested(100_000, shape);
      expect(() => JSON.stringify(value)).toThrow(RangeError);
      const text = JSON.stringify(depthLimited(value, 50));
      expect(text).toBe(JSON.stringify(deeplyNested(50, shape, tooDeep)));
    },
  );
});
