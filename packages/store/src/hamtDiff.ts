/**
 * Structural comparison of two tries, used by `selectList` to find what changed between two
 * snapshots without scanning them.
 *
 * @internal
 */
import { BITS, MAX_SHIFT, TrieNode, emptyRoot, forEachEntry, popcount } from './hamt.js';

/**
 * Called by {@link diff} for each entry that differs. Returning `true` stops the walk.
 */
export type DiffVisitor<V> = (key: string, before: V | undefined, after: V | undefined) => boolean;

/**
 * Reports the entries that differ between two tries (added, removed, or holding another value
 * reference). Sub-nodes shared by both are skipped by identity, so comparing two snapshots a
 * few writes apart costs O(changes × depth), not O(size).
 *
 * @param before - the older trie
 * @param after - the newer trie
 * @param visit - called once per differing key; return `true` to stop early
 * @returns whether `visit` stopped the walk
 */
export function diff<V>(before: TrieNode<V>, after: TrieNode<V>, visit: DiffVisitor<V>): boolean {
  return diffNodes(before, after, 0, visit);
}

function diffNodes<V>(
  a: TrieNode<V>,
  b: TrieNode<V>,
  shift: number,
  visit: DiffVisitor<V>,
): boolean {
  if (a === b) return false;
  if (shift >= MAX_SHIFT) return diffEntries(a, b, visit);
  let bits = a.dataMap | a.nodeMap | b.dataMap | b.nodeMap;
  while (bits !== 0) {
    const bit = bits & -bits;
    bits ^= bit;
    if ((a.dataMap & bit) !== 0 && (b.dataMap & bit) !== 0) {
      // The common case after an update: the same key, maybe another value.
      const i = 2 * popcount(a.dataMap & (bit - 1));
      const j = 2 * popcount(b.dataMap & (bit - 1));
      if (a.data[i] === b.data[j]) {
        const va = a.data[i + 1] as V;
        const vb = b.data[j + 1] as V;
        if (va !== vb && visit(a.data[i] as string, va, vb)) return true;
        continue;
      }
    }
    if ((a.nodeMap & bit) !== 0 && (b.nodeMap & bit) !== 0) {
      const sa = a.nodes[popcount(a.nodeMap & (bit - 1))] as TrieNode<V>;
      const sb = b.nodes[popcount(b.nodeMap & (bit - 1))] as TrieNode<V>;
      if (diffNodes(sa, sb, shift + BITS, visit)) return true;
    } else if (diffEntries(slotOf(a, bit), slotOf(b, bit), visit)) {
      return true;
    }
  }
  return false;
}

// One slot as a (possibly empty) node, so mixed entry/sub-node slots compare by content.
function slotOf<V>(node: TrieNode<V>, bit: number): TrieNode<V> {
  if ((node.nodeMap & bit) !== 0)
    return node.nodes[popcount(node.nodeMap & (bit - 1))] as TrieNode<V>;
  if ((node.dataMap & bit) === 0) return emptyRoot();
  const i = 2 * popcount(node.dataMap & (bit - 1));
  return new TrieNode(undefined, 0, 0, [node.data[i], node.data[i + 1]], []);
}

function diffEntries<V>(a: TrieNode<V>, b: TrieNode<V>, visit: DiffVisitor<V>): boolean {
  const old = new Map<string, V>();
  forEachEntry(a, (key, value) => old.set(key, value));
  let stopped = false;
  forEachEntry(b, (key, value) => {
    if (stopped) return;
    const had = old.has(key);
    const previous = old.get(key);
    old.delete(key);
    if (!had || previous !== value) stopped = visit(key, previous, value);
  });
  for (const [key, value] of old) {
    if (stopped) break;
    stopped = visit(key, value, undefined);
  }
  return stopped;
}
