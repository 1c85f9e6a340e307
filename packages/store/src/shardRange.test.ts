import {
  ShardRangeError,
  fnv1a64,
  hashSpaceEnd,
  inShard,
  shardSelectorText,
  splitHashSpace,
  validShard,
} from './shardRange.js';

describe('fnv1a64', () => {
  // The FNV-1a 64 test vectors of Go's hash/fnv (golden64a) and of the FNV reference suite.
  test.each([
    ['', 0xcbf29ce484222325n],
    ['a', 0xaf63dc4c8601ec8cn],
    ['ab', 0x089c4407b545986an],
    ['abc', 0xe71fa2190541574bn],
    ['foobar', 0x85944171f73967e8n],
  ])('hashes %j to the published value', (text, hash) => {
    expect(fnv1a64(text)).toBe(hash);
  });

  test('hashes the UTF-8 bytes of non-ASCII text, as Go hashes []byte(s)', () => {
    // 'é' (U+00E9) is the two UTF-8 bytes C3 A9: the hash is that of those bytes, not of 0xE9.
    const bytes = String.fromCharCode(0xc3, 0xa9);
    expect(fnv1a64('\u00e9')).toBe(
      [...bytes].reduce(
        (h, c) => BigInt.asUintN(64, (h ^ BigInt(c.charCodeAt(0))) * 0x100000001b3n),
        0xcbf29ce484222325n,
      ),
    );
  });
});

describe('splitHashSpace', () => {
  test('splits into contiguous, equal ranges covering [0, 2^64)', () => {
    expect(splitHashSpace(2)).toEqual([
      { start: 0n, end: 0x8000000000000000n },
      { start: 0x8000000000000000n, end: hashSpaceEnd },
    ]);
    const three = splitHashSpace(3);
    expect(three[0]?.start).toBe(0n);
    expect(three[2]?.end).toBe(hashSpaceEnd);
    expect(three[1]?.start).toBe(three[0]?.end);
    expect(three[2]?.start).toBe(three[1]?.end);
    expect(splitHashSpace(1)).toEqual([{ start: 0n, end: hashSpaceEnd }]);
  });

  test.each([0, -1, 1.5, Number.NaN])('refuses %p ranges with a ShardRangeError', (count) => {
    expect(() => splitHashSpace(count)).toThrow(ShardRangeError);
  });
});

describe('inShard', () => {
  const uids = Array.from(
    { length: 200 },
    (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  );
  const pods = uids.map((uid) => ({ metadata: { uid, namespace: `ns-${uid.length % 7}` } }));

  test('each object is in exactly one of the ranges of a split', () => {
    const ranges = splitHashSpace(4);
    for (const pod of pods) {
      const owners = ranges.filter((range) => inShard({ field: 'uid', ranges: [range] }, pod));
      expect(owners).toHaveLength(1);
    }
  });

  test('the start is inclusive and the end exclusive', () => {
    const pod = pods[0]!;
    const hash = fnv1a64(pod.metadata.uid);
    expect(inShard({ field: 'uid', ranges: [{ start: hash, end: hash + 1n }] }, pod)).toBe(true);
    expect(inShard({ field: 'uid', ranges: [{ start: hash + 1n, end: hashSpaceEnd }] }, pod)).toBe(
      false,
    );
    expect(inShard({ field: 'uid', ranges: [{ start: 0n, end: hash }] }, pod)).toBe(false);
  });

  test('several ranges are a union', () => {
    const [a, b, c] = splitHashSpace(3);
    const shard = { field: 'uid' as const, ranges: [a!, c!] };
    for (const pod of pods) {
      expect(inShard(shard, pod)).toBe(!inShard({ field: 'uid', ranges: [b!] }, pod));
    }
  });

  test('namespace shards hash the namespace; cluster-scoped objects hash the empty string', () => {
    const half = { field: 'namespace' as const, ranges: [splitHashSpace(2)[0]!] };
    expect(inShard(half, { metadata: { namespace: 'shop', uid: 'x' } })).toBe(
      inShard(half, { metadata: { namespace: 'shop', uid: 'y' } }),
    );
    // fnv1a64('') = 0xcbf2… is in the upper half.
    expect(inShard(half, { metadata: { name: 'node-1' } })).toBe(false);
  });
});

describe('shardSelectorText', () => {
  test('writes the ranges in the form kube-apiserver echoes', () => {
    expect(shardSelectorText({ field: 'uid', ranges: splitHashSpace(2) })).toBe(
      "shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000') || " +
        "shardRange(object.metadata.uid, '0x8000000000000000', '0x10000000000000000')",
    );
    expect(shardSelectorText({ field: 'namespace', ranges: [{ start: 0xabn, end: 0xcdn }] })).toBe(
      "shardRange(object.metadata.namespace, '0x00000000000000ab', '0x00000000000000cd')",
    );
  });

  test.each([
    ['no range', { field: 'uid' as const, ranges: [] }],
    ['start = end', { field: 'uid' as const, ranges: [{ start: 5n, end: 5n }] }],
    ['end past 2^64', { field: 'uid' as const, ranges: [{ start: 0n, end: hashSpaceEnd + 1n }] }],
    ['negative start', { field: 'uid' as const, ranges: [{ start: -1n, end: 5n }] }],
    ['unknown field', { field: 'name' as unknown as 'uid', ranges: splitHashSpace(1) }],
  ])('refuses %s with a ShardRangeError', (_, shard) => {
    expect(() => shardSelectorText(shard)).toThrow(ShardRangeError);
    expect(() => validShard(shard)).toThrow(ShardRangeError);
  });
});
