import { NamespaceIndex, labelIndexFunc, metaNamespaceIndexFunc } from './indexFunc.js';
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
