/**
 * 32-bit hash of a string for the store's hash array mapped tries.
 *
 * FNV-1a over UTF-16 code units, followed by MurmurHash3's finaliser: FNV alone mixes the low
 * bits poorly, and the low bits pick the first trie levels, so keys that differ only in their
 * last characters (`ns/pod-1`, `ns/pod-2`) would crowd the same branches.
 *
 * Only 30 bits are kept: they fit V8's small-integer representation on every platform, so
 * hashes are never boxed, and six trie levels of 5 bits use them all.
 *
 * @param text - the string to hash
 * @returns a hash in `[0, 2^30)`
 * @internal
 */
export function stringHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h & 0x3fffffff;
}
