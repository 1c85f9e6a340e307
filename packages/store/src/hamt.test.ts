import {
  type TrieNode,
  assoc,
  collectKeys,
  collectValues,
  dissoc,
  emptyRoot,
  isEmpty,
  lookup,
} from './hamt.js';
import { diff } from './hamtDiff.js';
import { stringHash } from './stringHash.js';

type Trie = TrieNode<number>;

function build(entries: [string, number][], owner: object = {}): Trie {
  let root: Trie = emptyRoot();
  for (const [key, value] of entries) root = assoc(root, key, stringHash(key), value, owner);
  return root;
}

function contents(root: Trie): [string, number][] {
  const keys = collectKeys(root, []);
  const values = collectValues(root, []);
  return keys.map((key, i): [string, number] => [key, values[i] as number]).sort();
}

function diffs(a: Trie, b: Trie): [string, number | undefined, number | undefined][] {
  const out: [string, number | undefined, number | undefined][] = [];
  diff(a, b, (key, before, after) => {
    out.push([key, before, after]);
    return false;
  });
  return out.sort();
}

const many = Array.from({ length: 2000 }, (_, i): [string, number] => [`ns-${i % 7}/pod-${i}`, i]);

describe('hamt', () => {
  it('stores and finds many keys', () => {
    const root = build(many);
    for (const [key, value] of many) expect(lookup(root, key, stringHash(key))).toBe(value);
    expect(lookup(root, 'missing', stringHash('missing'))).toBeUndefined();
    expect(contents(root)).toEqual([...many].sort());
  });

  it('keeps keys whose hashes are equal apart', () => {
    // Three keys with the same 30-bit hash (found by search).
    const [a, b, c] = ['k534785', 'k737645', 'k870289'] as const;
    expect(new Set([a, b, c].map(stringHash)).size).toBe(1);
    let root = build([
      [a, 1],
      [b, 2],
      [c, 3],
      ['other', 4],
    ]);
    expect([a, b, c].map((k) => lookup(root, k, stringHash(k)))).toEqual([1, 2, 3]);
    root = assoc(root, b, stringHash(b), 20, {});
    root = dissoc(root, a, stringHash(a), {});
    expect(contents(root)).toEqual([
      [b, 20],
      [c, 3],
      ['other', 4],
    ]);
    root = dissoc(dissoc(root, c, stringHash(c), {}), b, stringHash(b), {});
    expect(contents(root)).toEqual([['other', 4]]);
  });

  it('returns the same root when storing the value already held', () => {
    const root = build(many);
    const [key, value] = many[10] as [string, number];
    expect(assoc(root, key, stringHash(key), value, {})).toBe(root);
  });

  it('returns the same root when removing a missing key', () => {
    const root = build(many);
    expect(dissoc(root, 'nope', stringHash('nope'), {})).toBe(root);
  });

  it('never changes a trie edited under another owner', () => {
    const sealed = build(many, {});
    const before = contents(sealed);
    const owner = {};
    let root = sealed;
    for (const [key] of many.slice(0, 500)) root = dissoc(root, key, stringHash(key), owner);
    root = assoc(root, 'new', stringHash('new'), -1, owner);
    expect(contents(sealed)).toEqual(before);
    expect(contents(root)).toHaveLength(many.length - 500 + 1);
  });

  it('edits nodes it owns in place', () => {
    const owner = {};
    const root = build(many, owner);
    const [key] = many[0] as [string, number];
    expect(assoc(root, key, stringHash(key), 99, owner)).toBe(root);
    expect(lookup(root, key, stringHash(key))).toBe(99);
  });

  it('is empty again after removing every key', () => {
    let root = build(many);
    for (const [key] of many) root = dissoc(root, key, stringHash(key), {});
    expect(isEmpty(root)).toBe(true);
    expect(collectKeys(root, [])).toEqual([]);
  });

  it('has the same shape for the same contents, whatever the history', () => {
    const direct = build(many.slice(0, 1000));
    let churned = build([...many].reverse());
    for (const [key] of many.slice(1000)) churned = dissoc(churned, key, stringHash(key), {});
    expect(collectKeys(churned, [])).toEqual(collectKeys(direct, []));
    expect(diffs(direct, churned)).toEqual([]);
  });

  it('diff reports added, removed and changed entries only', () => {
    const before = build(many);
    const owner = {};
    let after = dissoc(before, 'ns-0/pod-0', stringHash('ns-0/pod-0'), owner);
    after = assoc(after, 'ns-1/pod-1', stringHash('ns-1/pod-1'), 100, owner);
    after = assoc(after, 'extra', stringHash('extra'), 7, owner);
    expect(diffs(before, after)).toEqual([
      ['extra', undefined, 7],
      ['ns-0/pod-0', 0, undefined],
      ['ns-1/pod-1', 1, 100],
    ]);
  });

  it('diff stops when the visitor asks', () => {
    const visited: string[] = [];
    const stopped = diff(build([]), build(many.slice(0, 50)), (key) => {
      visited.push(key);
      return true;
    });
    expect(stopped).toBe(true);
    expect(visited).toHaveLength(1);
  });

  it('stringHash is deterministic and fits 30 bits', () => {
    for (const [key] of many) {
      const hash = stringHash(key);
      expect(hash).toBe(stringHash(key));
      expect(hash).toBeGreaterThanOrEqual(0);
      expect(hash).toBeLessThan(2 ** 30);
    }
  });
});
