import { deeplyNested, type NestingShape } from '@rxkube/testing';
import { deepFreeze } from './deepFreeze.js';

/** Every object and array of a value, found without recursion. */
function containers(value: unknown): object[] {
  const out: object[] = [];
  const pending = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null) continue;
    out.push(next);
    pending.push(...Object.values(next));
  }
  return out;
}

describe('deepFreeze', () => {
  it('freezes every object and array of a pod', () => {
    const pod = {
      metadata: { name: 'a', labels: { app: 'web' } },
      spec: { containers: [{ name: 'c', ports: [{ containerPort: 80 }] }] },
    };
    expect(deepFreeze(pod)).toBe(pod);
    expect(containers(pod).every((o) => Object.isFrozen(o))).toBe(true);
    expect(containers(pod)).toHaveLength(8);
  });

  // kube-apiserver accepts 10,000 levels of JSON nesting: one such object must not stop the
  // informer of its resource (a recursive freeze overflows the stack at about 9,000).
  it.each(['objects', 'arrays', 'mixed'] as NestingShape[])(
    'freezes %s nested 10,000 and 100,000 levels deep',
    (shape) => {
      for (const depth of [10_000, 100_000]) {
        const value = deeplyNested(depth, shape, { leaf: [1] });
        deepFreeze(value);
        const all = containers(value);
        expect(all).toHaveLength(depth + 2);
        expect(all.every((o) => Object.isFrozen(o))).toBe(true);
      }
    },
  );

  it('freezes every branch of a wide value whose branches run past the depth where the walk stops recursing', () => {
    const branches = Array.from({ length: 5 }, (_, i) => deeplyNested(300 + i * 200, 'mixed'));
    const value = { branches, again: branches[2] };
    deepFreeze(value);
    expect(containers(value).every((o) => Object.isFrozen(o))).toBe(true);
  });

  it('freezes what the API server accepts as JSON text, parsed', () => {
    const text = `${'{"a":['.repeat(5_000)}{"x":{}}${']}'.repeat(5_000)}`;
    const value: unknown = deepFreeze(JSON.parse(text));
    expect(containers(value).every((o) => Object.isFrozen(o))).toBe(true);
  });

  it('freezes a part shared by two parents once, skips frozen parts, and survives cycles', () => {
    const shared = { x: 1 };
    const cyclic: Record<string, unknown> = { a: shared, b: [shared] };
    cyclic['self'] = cyclic;
    const frozenPart = Object.freeze({ inner: { y: 2 } });
    cyclic['frozen'] = frozenPart;
    deepFreeze(cyclic);
    expect([cyclic, shared, cyclic['b']].every((o) => Object.isFrozen(o))).toBe(true);
    // Already frozen: its inside is left as it is (a relisted object shares frozen parts).
    expect(Object.isFrozen(frozenPart.inner)).toBe(false);
  });

  it('returns primitives as they are', () => {
    expect(deepFreeze(1)).toBe(1);
    expect(deepFreeze(null)).toBe(null);
    expect(deepFreeze('x')).toBe('x');
  });

  it('throws on a value that cannot be frozen (only a transform can put one there)', () => {
    expect(() => deepFreeze({ a: [new Uint8Array(1)] })).toThrow(TypeError);
  });
});
