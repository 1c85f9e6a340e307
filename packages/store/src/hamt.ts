/**
 * A persistent hash array mapped trie from string keys to values, in the CHAMP layout, with
 * transient edits.
 *
 * Layout: each node has two bitmaps over the 32 slots of its level. `dataMap` marks slots
 * holding one entry inline (`data` holds `key, value` pairs in slot order); `nodeMap` marks slots
 * holding a sub-node (`nodes`, in slot order). Entries inline in their parent, no per-entry
 * object, and arrays sized exactly make the trie compact and fast to iterate.
 *
 * Canonical form: every node but the root holds at least two entries; a removal that leaves a
 * sub-node with one entry moves that entry up into its parent. Equal contents therefore have
 * equal shapes, which keeps `diff` (see hamtDiff.ts) proportional to the number of changed entries.
 *
 * Transient edits: every node records the `owner` token of the edit that created it. An edit
 * made with the same token mutates that node in place; any other node on the path is copied
 * first. The Indexer keeps one live token and replaces it when it seals a snapshot, so sealing is
 * O(1): sealed nodes never match a later token and are never mutated again, while a burst of
 * writes between two snapshots edits its own fresh nodes in place like a mutable map.
 *
 * Values are compared by reference: storing the value already held returns the same root.
 *
 * @internal
 */

import { stringHash } from './stringHash.js';

/** Identity of one run of transient edits. Only compared by reference. */
export type Owner = object;

/** Hash bits consumed per trie level. */
export const BITS = 5;
const MASK = 0b11111;
/**
 * Shift of the last level. Hashes have 30 bits (see stringHash), so six levels use them all; a
 * node at this depth holds keys with equal hashes and is searched linearly.
 */
export const MAX_SHIFT = 30;

/** A trie node. See the module description for the layout. */
export class TrieNode<V> {
  constructor(
    public owner: Owner | undefined,
    public dataMap: number,
    public nodeMap: number,
    /** `key, value` pairs, by slot. At `MAX_SHIFT`, all pairs (equal hashes), in no order. */
    public data: unknown[],
    public nodes: TrieNode<V>[],
  ) {}

  /** Every value of this subtree, built on first request once the node is sealed. */
  values: readonly V[] | undefined = undefined;
}

// Owned by nobody, so the first edit always copies it and the shared instance never changes.
const EMPTY = new TrieNode<never>(undefined, 0, 0, [], []);

/** @returns the empty trie (a shared, never-mutated root) */
export function emptyRoot<V>(): TrieNode<V> {
  return EMPTY as TrieNode<V>;
}

/** @returns whether the trie rooted at `root` holds no entry */
export function isEmpty(root: TrieNode<unknown>): boolean {
  return root.data.length === 0 && root.nodes.length === 0;
}

/** @returns the number of set bits of `x` (slot index within a node) */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * @param root - the trie
 * @param key - the key to look up
 * @param hash - `stringHash(key)`
 * @returns the value stored under `key`, or `undefined`
 */
export function lookup<V>(root: TrieNode<V>, key: string, hash: number): V | undefined {
  let node = root;
  for (let shift = 0; shift < MAX_SHIFT; shift += BITS) {
    const bit = 1 << ((hash >>> shift) & MASK);
    if ((node.dataMap & bit) !== 0) {
      const i = 2 * popcount(node.dataMap & (bit - 1));
      return node.data[i] === key ? (node.data[i + 1] as V) : undefined;
    }
    if ((node.nodeMap & bit) === 0) return undefined;
    node = node.nodes[popcount(node.nodeMap & (bit - 1))] as TrieNode<V>;
  }
  const { data } = node;
  for (let i = 0; i < data.length; i += 2) if (data[i] === key) return data[i + 1] as V;
  return undefined;
}

/**
 * Stores `value` under `key`.
 *
 * @param root - the trie
 * @param key - the key
 * @param hash - `stringHash(key)`
 * @param value - the value to store (compared by reference with the current one)
 * @param owner - the current edit's token; nodes it owns are mutated in place
 * @returns the new root; `root` itself when nothing changed or the edit happened in place
 */
export function assoc<V>(
  root: TrieNode<V>,
  key: string,
  hash: number,
  value: V,
  owner: Owner,
): TrieNode<V> {
  return assocIn(root, 0, key, hash, value, owner);
}

function assocIn<V>(
  node: TrieNode<V>,
  shift: number,
  key: string,
  hash: number,
  value: V,
  owner: Owner,
): TrieNode<V> {
  if (shift >= MAX_SHIFT) return assocCollision(node, key, value, owner);
  const bit = 1 << ((hash >>> shift) & MASK);
  if ((node.dataMap & bit) !== 0) {
    const i = 2 * popcount(node.dataMap & (bit - 1));
    const other = node.data[i] as string;
    if (other === key) {
      if (node.data[i + 1] === value) return node;
      const target = editable(node, owner);
      target.data[i + 1] = value;
      return target;
    }
    // Two keys share this slot: push both into a new sub-node.
    const sub = pair<V>(
      shift + BITS,
      other,
      stringHash(other),
      node.data[i + 1],
      key,
      hash,
      value,
      owner,
    );
    const target = editable(node, owner);
    target.data = removePair(node.data, i);
    target.nodes = insertAt(node.nodes, popcount(node.nodeMap & (bit - 1)), sub);
    target.dataMap = node.dataMap ^ bit;
    target.nodeMap = node.nodeMap | bit;
    return target;
  }
  if ((node.nodeMap & bit) !== 0) {
    const j = popcount(node.nodeMap & (bit - 1));
    const child = node.nodes[j] as TrieNode<V>;
    const next = assocIn(child, shift + BITS, key, hash, value, owner);
    if (next === child) return node;
    const target = editable(node, owner);
    target.nodes[j] = next;
    return target;
  }
  const target = editable(node, owner);
  target.data = insertPair(node.data, 2 * popcount(node.dataMap & (bit - 1)), key, value);
  target.dataMap = node.dataMap | bit;
  return target;
}

function assocCollision<V>(node: TrieNode<V>, key: string, value: V, owner: Owner): TrieNode<V> {
  const { data } = node;
  for (let i = 0; i < data.length; i += 2) {
    if (data[i] !== key) continue;
    if (data[i + 1] === value) return node;
    const target = editable(node, owner);
    target.data[i + 1] = value;
    return target;
  }
  const target = editable(node, owner);
  target.data = insertPair(data, data.length, key, value);
  return target;
}

// The node itself when the edit owns it, else a copy owned by the edit. An owned node must own
// its arrays too, since later edits write into them; only empty arrays are shared, because
// in-place edits only overwrite existing elements and never grow an array.
function editable<V>(node: TrieNode<V>, owner: Owner): TrieNode<V> {
  if (node.owner === owner) return node;
  const { data, nodes } = node;
  return new TrieNode(
    owner,
    node.dataMap,
    node.nodeMap,
    data.length === 0 ? data : data.slice(),
    nodes.length === 0 ? nodes : nodes.slice(),
  );
}

// The smallest chain of nodes that separates two entries.
function pair<V>(
  shift: number,
  k1: string,
  h1: number,
  v1: unknown,
  k2: string,
  h2: number,
  v2: unknown,
  owner: Owner,
): TrieNode<V> {
  if (shift >= MAX_SHIFT) return new TrieNode(owner, 0, 0, [k1, v1, k2, v2], []);
  const b1 = (h1 >>> shift) & MASK;
  const b2 = (h2 >>> shift) & MASK;
  if (b1 === b2) {
    return new TrieNode(owner, 0, 1 << b1, [], [pair(shift + BITS, k1, h1, v1, k2, h2, v2, owner)]);
  }
  const data = b1 < b2 ? [k1, v1, k2, v2] : [k2, v2, k1, v1];
  return new TrieNode(owner, (1 << b1) | (1 << b2), 0, data, []);
}

/**
 * Removes `key`.
 *
 * @param root - the trie
 * @param key - the key
 * @param hash - `stringHash(key)`
 * @param owner - the current edit's token; nodes it owns are mutated in place
 * @returns the new root; `root` itself when the key was absent or the edit happened in place
 */
export function dissoc<V>(root: TrieNode<V>, key: string, hash: number, owner: Owner): TrieNode<V> {
  return dissocIn(root, 0, key, hash, owner);
}

function dissocIn<V>(
  node: TrieNode<V>,
  shift: number,
  key: string,
  hash: number,
  owner: Owner,
): TrieNode<V> {
  if (shift >= MAX_SHIFT) {
    for (let i = 0; i < node.data.length; i += 2) {
      if (node.data[i] !== key) continue;
      const target = editable(node, owner);
      target.data = removePair(node.data, i);
      return target;
    }
    return node;
  }
  const bit = 1 << ((hash >>> shift) & MASK);
  if ((node.dataMap & bit) !== 0) {
    const i = 2 * popcount(node.dataMap & (bit - 1));
    if (node.data[i] !== key) return node;
    const target = editable(node, owner);
    target.data = removePair(node.data, i);
    target.dataMap = node.dataMap ^ bit;
    return target;
  }
  if ((node.nodeMap & bit) === 0) return node;
  const j = popcount(node.nodeMap & (bit - 1));
  const child = node.nodes[j] as TrieNode<V>;
  const next = dissocIn(child, shift + BITS, key, hash, owner);
  // Checked before identity: an owned child may have lost an entry in place.
  if (next.nodeMap === 0 && next.data.length === 2) {
    // One entry left below: move it up here to keep the trie canonical.
    const target = editable(node, owner);
    target.nodes = removeAt(node.nodes, j);
    target.data = insertPair(
      node.data,
      2 * popcount(node.dataMap & (bit - 1)),
      next.data[0] as string,
      next.data[1],
    );
    target.nodeMap = node.nodeMap ^ bit;
    target.dataMap = node.dataMap | bit;
    return target;
  }
  if (next === child) return node;
  const target = editable(node, owner);
  target.nodes[j] = next;
  return target;
}

// Array helpers that allocate exactly the needed length (growth by push or splice would leave
// spare capacity in every node).
function insertPair(data: unknown[], i: number, key: string, value: unknown): unknown[] {
  const out = new Array<unknown>(data.length + 2);
  for (let k = 0; k < i; k++) out[k] = data[k];
  out[i] = key;
  out[i + 1] = value;
  for (let k = i; k < data.length; k++) out[k + 2] = data[k];
  return out;
}

function removePair(data: unknown[], i: number): unknown[] {
  const out = new Array<unknown>(data.length - 2);
  for (let k = 0; k < i; k++) out[k] = data[k];
  for (let k = i + 2; k < data.length; k++) out[k - 2] = data[k];
  return out;
}

function insertAt<N>(nodes: N[], j: number, node: N): N[] {
  const out = new Array<N>(nodes.length + 1);
  for (let k = 0; k < j; k++) out[k] = nodes[k] as N;
  out[j] = node;
  for (let k = j; k < nodes.length; k++) out[k + 1] = nodes[k] as N;
  return out;
}

function removeAt<N>(nodes: N[], j: number): N[] {
  const out = new Array<N>(nodes.length - 1);
  for (let k = 0; k < j; k++) out[k] = nodes[k] as N;
  for (let k = j + 1; k < nodes.length; k++) out[k - 1] = nodes[k] as N;
  return out;
}

/**
 * Appends every value of the trie to `out`, in trie order (the same for equal contents).
 *
 * @param node - the trie or a subtree
 * @param out - the array to append to
 * @returns `out`
 */
export function collectValues<V>(node: TrieNode<V>, out: V[]): V[] {
  const { data, nodes } = node;
  for (let i = 1; i < data.length; i += 2) out.push(data[i] as V);
  for (let j = 0; j < nodes.length; j++) collectValues(nodes[j] as TrieNode<V>, out);
  return out;
}

/**
 * Every value of a sealed trie (one no edit can change any more), built on the first call and
 * shared by later ones: a bucket read twice between two writes costs one array, not two.
 *
 * The array is shared, not frozen: V8 runs `filter`, `map` and friends several times slower on
 * frozen arrays, and the readonly type already stops typed code from changing it.
 *
 * @param node - a sealed trie or subtree
 * @returns its values, in trie order
 */
export function sealedValues<V>(node: TrieNode<V>): readonly V[] {
  return (node.values ??= collectValues(node, []));
}

/**
 * Appends every key of the trie to `out`, in trie order.
 *
 * @param node - the trie or a subtree
 * @param out - the array to append to
 * @returns `out`
 */
export function collectKeys(node: TrieNode<unknown>, out: string[]): string[] {
  const { data, nodes } = node;
  for (let i = 0; i < data.length; i += 2) out.push(data[i] as string);
  for (let j = 0; j < nodes.length; j++) collectKeys(nodes[j] as TrieNode<unknown>, out);
  return out;
}

/**
 * Calls `visit` for every entry of the trie, in trie order.
 *
 * @param node - the trie or a subtree
 * @param visit - called with each key and value
 */
export function forEachEntry<V>(node: TrieNode<V>, visit: (key: string, value: V) => void): void {
  const { data, nodes } = node;
  for (let i = 0; i < data.length; i += 2) visit(data[i] as string, data[i + 1] as V);
  for (let j = 0; j < nodes.length; j++) forEachEntry(nodes[j] as TrieNode<V>, visit);
}
