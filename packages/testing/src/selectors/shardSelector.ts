import { badRequest } from '../api/status.js';
import type { KubeObject } from '../api/types.js';

/** The fields kube-apiserver's `shardRange()` can hash (KEP-5866, alpha in 1.36). */
const fieldPaths = ['object.metadata.uid', 'object.metadata.namespace'] as const;
type FieldPath = (typeof fieldPaths)[number];

/** `2^64`, the one 17-digit bound: the exclusive end of the hash space. */
const hashSpaceEndText = '0x10000000000000000';

/**
 * A parsed `shardSelector`: objects whose field's FNV-1a 64 hash falls in `[start, end)` of
 * any range. Serialises (for list caching) as its canonical text.
 */
export class ShardSelector {
  private constructor(
    /** The hashed field path. */
    readonly field: FieldPath,
    /** The ranges, as `[start, end)` pairs. */
    readonly ranges: readonly (readonly [bigint, bigint])[],
    /** The selector as kube-apiserver echoes it in `metadata.shardInfo.selector`. */
    readonly text: string,
  ) {}

  /**
   * Parses a `shardSelector` query value: `shardRange(<field>, '<hexStart>', '<hexEnd>')`,
   * several joined by `||`, with kube-apiserver's rules: the field is `object.metadata.uid` or
   * `object.metadata.namespace` (the same in every range), each bound a quoted `0x` and 16
   * lowercase hex digits (or `0x10000000000000000`), and start below end.
   *
   * @param text - the parameter (URL-decoded), not empty
   * @returns the selector
   * @throws StatusError 400 `BadRequest` saying what is wrong
   */
  static parse(text: string): ShardSelector {
    const fail = (why: string): Error => badRequest(`invalid shardSelector "${text}": ${why}`);
    const tokens = tokenize(text, fail);
    let at = 0;
    const next = (): string => tokens[at++] ?? '';
    const expect = (token: string, where: string): void => {
      const got = next();
      if (got !== token)
        throw fail(`expected '${token}' ${where}, found '${got || 'end of input'}'`);
    };
    const ranges: [bigint, bigint][] = [];
    const texts: string[] = [];
    let field: FieldPath | undefined;
    for (;;) {
      const fn = next();
      if (fn !== 'shardRange') {
        throw fail(
          `unsupported function '${fn || 'end of input'}'; only shardRange() and || are allowed`,
        );
      }
      expect('(', 'after shardRange');
      const path = next();
      if (!(fieldPaths as readonly string[]).includes(path)) {
        throw fail(`unsupported field path '${path}'; supported: ${fieldPaths.join(', ')}`);
      }
      if (field !== undefined && field !== path) {
        throw fail(`all shard ranges must use the same field, got '${field}' and '${path}'`);
      }
      field = path as FieldPath;
      expect(',', 'after the field path');
      const start = parseBound(next(), 'hexStart', fail);
      expect(',', 'after hexStart');
      const end = parseBound(next(), 'hexEnd', fail);
      expect(')', 'after hexEnd');
      if (start.value >= end.value) {
        throw fail(`shard range start ${start.text} must be less than end ${end.text}`);
      }
      ranges.push([start.value, end.value]);
      texts.push(`shardRange(${path}, '${start.text}', '${end.text}')`);
      const separator = next();
      if (separator === '') break;
      if (separator !== '||') throw fail(`expected '||' or end of input, found '${separator}'`);
    }
    if (field === undefined) throw fail('no shardRange()');
    return new ShardSelector(field, ranges, texts.join(' || '));
  }

  /**
   * Whether an object is in the shard.
   *
   * @param obj - the object
   * @returns true when its field's hash is in one of the ranges
   */
  matches(obj: KubeObject): boolean {
    const value = this.field === 'object.metadata.uid' ? obj.metadata.uid : obj.metadata.namespace;
    const hash = fnv1a64(value ?? '');
    return this.ranges.some(([start, end]) => start <= hash && hash < end);
  }

  /** @returns the canonical text, so that filters holding a selector serialise as JSON */
  toJSON(): string {
    return this.text;
  }
}

function tokenize(text: string, fail: (why: string) => Error): string[] {
  const tokens: string[] = [];
  const pattern =
    /\s*(\|\||[(),]|'[^']*'|"[^"]*"|[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)/y;
  let at = 0;
  while (at < text.length) {
    if (/^\s+$/.test(text.slice(at))) break;
    pattern.lastIndex = at;
    const m = pattern.exec(text);
    if (m?.[1] === undefined) throw fail(`unexpected '${text.slice(at).trim()}' at position ${at}`);
    tokens.push(m[1]);
    at = pattern.lastIndex;
  }
  return tokens;
}

function parseBound(
  token: string,
  name: string,
  fail: (why: string) => Error,
): { value: bigint; text: string } {
  const quoted = /^(['"])(.*)\1$/.exec(token);
  if (quoted?.[2] === undefined)
    throw fail(`${name} must be a string literal (e.g. '0xff'), got ${token || 'nothing'}`);
  const s = quoted[2];
  if (!s.startsWith('0x')) throw fail(`${name} must have '0x' prefix, got "${s}"`);
  const digits = s.slice(2);
  if (!/^[0-9a-f]+$/.test(digits)) throw fail(`${name}: invalid hex value "${s}"`);
  if (digits.length === 17 ? s !== hashSpaceEndText : digits.length !== 16) {
    throw fail(`${name} must be a 0x-prefixed 16-digit hex value, got "${s}"`);
  }
  return { value: BigInt(s), text: s };
}

// The fake server hashes on its own rather than through @rxkube/store's fnv1a64: it stands in
// for kube-apiserver, so a mistake in the client's hash shows up as a disagreement between a
// server-filtered and a client-filtered informer instead of being shared by both.
const fnvPrime = 0x100000001b3n;

function fnv1a64(text: string): bigint {
  let hash = 0xcbf29ce484222325n;
  for (const byte of Buffer.from(text, 'utf8')) {
    hash = BigInt.asUintN(64, (hash ^ BigInt(byte)) * fnvPrime);
  }
  return hash;
}
