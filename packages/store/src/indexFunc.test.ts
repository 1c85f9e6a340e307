import {
  type IndexFunc,
  NamespaceIndex,
  labelIndexFunc,
  metaNamespaceIndexFunc,
  singleFormOf,
} from './indexFunc.js';
import type { KubeObject } from './kubeObject.js';
import { pod } from './pods.testing.js';

describe('metaNamespaceIndexFunc', () => {
  it('indexes by namespace', () => {
    expect(metaNamespaceIndexFunc(pod('default', 'web'))).toEqual(['default']);
  });

  it("indexes cluster-scoped objects under ''", () => {
    expect(metaNamespaceIndexFunc(pod('', 'node-1'))).toEqual(['']);
  });

  it('throws for an object without metadata', () => {
    expect(() => metaNamespaceIndexFunc({})).toThrow(TypeError);
  });

  it("is conventionally registered as 'namespace'", () => {
    expect(NamespaceIndex).toBe('namespace');
  });
});

describe('labelIndexFunc', () => {
  const byApp = labelIndexFunc('app');

  it("indexes by the label's value", () => {
    expect(byApp(pod('a', 'b', { labels: { app: 'web', tier: 'x' } }))).toEqual(['web']);
  });

  it('leaves out objects without the label', () => {
    expect(byApp(pod('a', 'b', { labels: { tier: 'x' } }))).toEqual([]);
    expect(byApp(pod('a', 'b'))).toEqual([]);
  });
});

describe('singleFormOf', () => {
  const objects = [
    pod('default', 'web'),
    pod('', 'node-1'),
    pod('a', 'b', { labels: { app: 'web' } }),
    pod('a', 'b', { labels: { tier: 'x' } }),
  ];
  // What the store relies on when it calls the single form in place of the function.
  const agrees = (func: IndexFunc, obj: KubeObject): void => {
    const single = singleFormOf(func);
    expect(single).toBeDefined();
    const value = single?.(obj);
    expect(value === undefined ? [] : [value]).toEqual(func(obj));
  };

  it('gives the built-in single-valued functions a form that agrees with them', () => {
    for (const obj of objects) {
      agrees(metaNamespaceIndexFunc, obj);
      agrees(labelIndexFunc('app'), obj);
    }
  });

  it('throws what the function throws', () => {
    expect(() => singleFormOf(metaNamespaceIndexFunc)?.({})).toThrow(TypeError);
  });

  it('has no form for a function it does not know', () => {
    expect(singleFormOf((obj: KubeObject) => [obj.metadata?.name ?? ''])).toBeUndefined();
  });
});
