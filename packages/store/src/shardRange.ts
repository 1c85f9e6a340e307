import type { KubeObject } from './kubeObject.js';

/**
 * The metadata field whose hash places an object in a shard: `metadata.uid` spreads objects
 * evenly; `metadata.namespace` keeps a namespace's objects together (cluster-scoped objects
 * hash the empty string, as kube-apiserver does).
 */
export type ShardField = 'uid' | 'namespace';

/**
 * A half-open range `[start, end)` of the 64-bit hash space. `end` may be `2n ** 64n`
 * ({@link hashSpaceEnd}), the exclusive bound that takes in the largest hash.
 */
export interface ShardRange {
  /** First hash in the range (inclusive), in `[0, 2^64)`. */
  readonly start: bigint;
  /** First hash past the range (exclusive), in `(start, 2^64]`. */
  readonly end: bigint;
}

/**
 * Which objects a sharded informer holds: those whose field's FNV-1a 64 hash falls in any of
 * the ranges. The ranges of the replicas of a controller partition the hash space, e.g. the
 * ranges of {@link splitHashSpace}.
 */
export interface Shard {
  /** The hashed field. */
  readonly field: ShardField;
  /** One or more ranges (an object in any of them belongs to the shard). */
  readonly ranges: readonly ShardRange[];
}

/** `2^64`: the exclusive end of the hash space. */
export const hashSpaceEnd = 1n << 64n;

/**
 * Thrown for a {@link Shard} that cannot be sent to an API server: no ranges, a bound outside
 * `[0, 2^64]`, a range whose start is not below its end, or an unknown field. Nothing is sent.
 */
export class ShardRangeError extends RangeError {
  override readonly name = 'ShardRangeError';
}

const offsetBasisHigh = 0xcbf29ce4;
const offsetBasisLow = 0x84222325;
// The FNV 64 prime is 2^40 + 0x1b3: multiplying is a 40-bit shift plus a small product, done
// on two 32-bit halves so that no BigInt is allocated per byte.
const primeLow = 0x1b3;
const two32 = 2 ** 32;
const utf8 = new TextEncoder();

/**
 * The 64-bit FNV-1a hash of a string's UTF-8 bytes: the hash kube-apiserver's sharded list and
 * watch (`shardRange`, KEP-5866) computes for `metadata.uid` or `metadata.namespace`, as Go's
 * `hash/fnv.New64a`.
 *
 * @example
 * ```ts
 * fnv1a64(''); // 0xcbf29ce484222325n
 * ```
 * @param text - the field's value
 * @returns the hash, in `[0, 2^64)`
 */
export function fnv1a64(text: string): bigint {
  let high = offsetBasisHigh;
  let low = offsetBasisLow;
  const mix = (byte: number): void => {
    low = (low ^ byte) >>> 0;
    const lowProduct = low * primeLow; // below 2^41: exact
    const carry = Math.floor(lowProduct / two32);
    // (h * 2^40) mod 2^64 moves the low half up by 8 bits into the high half.
    high = (Math.imul(high, primeLow) + (low << 8) + carry) >>> 0;
    low = lowProduct >>> 0;
  };
  // UIDs and namespace names are ASCII, whose UTF-8 bytes are the char codes; anything else is
  // encoded as UTF-8 first.
  if (isAscii(text)) {
    for (let i = 0; i < text.length; i++) mix(text.charCodeAt(i));
  } else {
    for (const byte of utf8.encode(text)) mix(byte);
  }
  return (BigInt(high) << 32n) | BigInt(low);
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/**
 * The value of an object's shard field (`''` when absent).
 *
 * @param field - the field
 * @param obj - the object
 * @returns `metadata.uid` or `metadata.namespace`
 */
export function shardFieldValue(field: ShardField, obj: KubeObject): string {
  return (field === 'uid' ? obj.metadata?.uid : obj.metadata?.namespace) ?? '';
}

/**
 * Whether an object belongs to a shard: its field's hash is in one of the ranges.
 *
 * @param shard - the shard
 * @param obj - the object
 * @returns true when some range holds the hash
 */
export function inShard(shard: Shard, obj: KubeObject): boolean {
  const hash = fnv1a64(shardFieldValue(shard.field, obj));
  return shard.ranges.some((range) => range.start <= hash && hash < range.end);
}

/**
 * Splits the hash space into `count` contiguous ranges of equal size (the last takes the
 * remainder of the division), in order: replica `i` of `count` takes range `i`. The bounds
 * are those of client-go's `NewShardRangeSelector`.
 *
 * @example
 * ```ts
 * splitHashSpace(2); // [{ start: 0n, end: 2n ** 63n }, { start: 2n ** 63n, end: 2n ** 64n }]
 * ```
 * @param count - how many ranges, a positive integer
 * @returns the ranges, covering `[0, 2^64)` with no gap or overlap
 * @throws ShardRangeError when `count` is not a positive safe integer
 */
export function splitHashSpace(count: number): ShardRange[] {
  if (!Number.isSafeInteger(count) || count < 1) {
    throw new ShardRangeError(`the hash space splits into a positive integer count, not ${count}`);
  }
  const n = BigInt(count);
  return Array.from({ length: count }, (_, i) => ({
    start: (BigInt(i) * hashSpaceEnd) / n,
    end: i === count - 1 ? hashSpaceEnd : (BigInt(i + 1) * hashSpaceEnd) / n,
  }));
}

/**
 * Checks a shard before it is used: one or more ranges, each with `0 <= start < end <= 2^64`,
 * and a known field.
 *
 * @param shard - the shard
 * @returns the shard
 * @throws ShardRangeError naming the first problem
 */
export function validShard(shard: Shard): Shard {
  if (shard.field !== 'uid' && shard.field !== 'namespace') {
    throw new ShardRangeError(
      `shard field must be 'uid' or 'namespace', not ${String(shard.field)}`,
    );
  }
  if (shard.ranges.length === 0) throw new ShardRangeError('a shard needs at least one range');
  for (const { start, end } of shard.ranges) {
    if (typeof start !== 'bigint' || typeof end !== 'bigint') {
      throw new ShardRangeError('shard range bounds must be bigints');
    }
    if (start < 0n || end > hashSpaceEnd || start >= end) {
      throw new ShardRangeError(
        `shard range [${hexBound(start)}, ${hexBound(end)}) must satisfy 0 <= start < end <= 2^64`,
      );
    }
  }
  return shard;
}

/**
 * The `shardSelector` query parameter for a shard, in the form kube-apiserver echoes in
 * `metadata.shardInfo.selector`: `shardRange(object.metadata.uid, '0x…', '0x…')`, the
 * ranges joined by ` || `, each bound 16 hex digits (`0x10000000000000000` for `2^64`).
 *
 * @param shard - the shard (checked with {@link validShard})
 * @returns the selector text
 * @throws ShardRangeError for an invalid shard
 */
export function shardSelectorText(shard: Shard): string {
  validShard(shard);
  return shard.ranges
    .map(
      ({ start, end }) =>
        `shardRange(object.metadata.${shard.field}, '${hexBound(start)}', '${hexBound(end)}')`,
    )
    .join(' || ');
}

function hexBound(value: bigint): string {
  return `0x${value.toString(16).padStart(16, '0')}`;
}
