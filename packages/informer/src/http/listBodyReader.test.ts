import fc from 'fast-check';
import { ListBodyReader } from './listBodyReader.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** `encoded` cut at the given offsets (any order, repeats allowed). */
function cutAt(encoded: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  const sorted = [...offsets].map((o) => o % (encoded.length + 1)).sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const offset of sorted) {
    chunks.push(encoded.subarray(start, offset));
    start = offset;
  }
  chunks.push(encoded.subarray(start));
  return chunks;
}

/** The offsets that cut `text` into chunks of `size` bytes. */
function every(text: string, size: number): number[] {
  return Array.from({ length: Math.ceil(bytes(text).length / size) }, (_, i) => i * size);
}

/** Reads `text` cut at `offsets`; returns the value or the thrown error's class name. */
function read(text: string, offsets: readonly number[] = []): unknown {
  const reader = new ListBodyReader();
  for (const chunk of cutAt(bytes(text), offsets)) reader.push(chunk);
  try {
    return reader.end();
  } catch (err) {
    return (err as Error).constructor.name;
  }
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (err) {
    return (err as Error).constructor.name;
  }
}

/** Padding that puts the items past the first KiB, which the reader keeps. */
const pad = 'p'.repeat(1100);

const list = JSON.stringify({
  kind: 'PodList',
  apiVersion: 'v1',
  metadata: { resourceVersion: '42', continue: 'abc' },
  items: [
    { metadata: { name: 'a', labels: { 'x/"y': 'q\\"}]' } }, spec: { c: [1, [2, {}]] } },
    { metadata: { name: 'é ☸ 🚀', annotations: { items: '[{"items":[]}]' } } },
    { metadata: { name: 'c' }, status: { phase: 'Running', conditions: [] } },
  ],
});

describe('ListBodyReader', () => {
  it('gives what JSON.parse gives, however the body is cut', () => {
    const expected = JSON.parse(list);
    for (let cut = 0; cut <= bytes(list).length; cut++) {
      expect(read(list, [cut])).toEqual(expected);
    }
  });

  it('parses each item as soon as its last byte is in', () => {
    // Cut where each item starts (as byte offsets).
    const starts: number[] = [];
    for (let at = list.indexOf('{"metadata"'); at >= 0; at = list.indexOf('{"metadata"', at + 1)) {
      starts.push(bytes(list.slice(0, at)).length);
    }
    expect(starts).toHaveLength(3);
    const reader = new ListBodyReader();
    const counts: number[] = [];
    for (const chunk of cutAt(bytes(list), starts)) {
      reader.push(chunk);
      counts.push(reader.itemsParsed);
    }
    expect(counts).toEqual([0, 1, 2, 3]);
    expect(reader.end()).toEqual(JSON.parse(list));
  });

  it('gives up streaming on an unexpected body and leaves it to the whole parse', () => {
    const reader = new ListBodyReader();
    reader.push(bytes('{"items":[{"a":1},{"b":2}'));
    expect(reader.itemsParsed).toBe(2);
    reader.push(bytes('{"c":3}]}'));
    expect(reader.itemsParsed).toBe(0);
    expect(() => reader.end()).toThrow(SyntaxError);
  });

  it('agrees with JSON.parse on lists with any items, in any order of members, in any chunks', () => {
    const item = fc.dictionary(
      fc.string({ unit: 'binary', maxLength: 6 }),
      fc.jsonValue({ maxDepth: 3 }),
    );
    fc.assert(
      fc.property(
        fc.array(item, { maxLength: 6 }),
        fc.constantFrom('before', 'after', 'middle'),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 6 }),
        (items, place, spaced, cuts) => {
          const metadata = { resourceVersion: '7' };
          const body =
            place === 'before'
              ? { kind: 'List', metadata, items }
              : place === 'after'
                ? { items, kind: 'List', metadata }
                : { kind: 'List', items, metadata };
          const text = JSON.stringify(body, null, spaced ? 2 : undefined);
          expect(read(text, cuts)).toEqual(JSON.parse(text));
        },
      ),
    );
  });

  it('fails as JSON.parse fails on a malformed body, and reads odd but valid ones', () => {
    const bodies = [
      '',
      '{"items":[{"a":1}{"b":2}]}',
      '{"items":[{"a":1},]}',
      '{"items":[,{"a":1}]}',
      '{"items":[{"a":1]}',
      '{"items":[{"a":1}]} x',
      '{"items":[{"a":1}]',
      '{"items":[{"a":"1}]}',
      '{"items":[1,2,{"a":1}]}',
      '{"items":null}',
      '{"items":{"a":1}}',
      '{"items":[{"a":1}],"items":[{"b":2}]}',
      '{"it\\u0065ms":[{"a":1}]}',
      '\ufeff{"items":[{"a":1}]}',
      ' {"items" : [ {"a":1} , {"b":2} ] } ',
      '{"items":[]}',
      '[{"items":[{"a":1}]}]',
    ];
    for (const body of bodies) {
      for (let cut = 0; cut <= bytes(body).length; cut++) {
        expect([body, cut, read(body, [cut])]).toEqual([body, cut, parsed(body)]);
      }
    }
  });

  it('releases the bytes of parsed items: it holds the item being read and the start', () => {
    const items = Array.from({ length: 300 }, (_, i) => ({
      metadata: { name: `pod-${i}`, labels: { app: 'x'.repeat(i % 7) } },
      spec: { text: 'y'.repeat(900) },
    }));
    const body = bytes(
      JSON.stringify({ kind: 'PodList', metadata: { resourceVersion: '3' }, items }),
    );
    const largestItem = Math.max(...items.map((item) => bytes(JSON.stringify(item)).length));
    const chunk = 100;
    const reader = new ListBodyReader();
    let most = 0;
    for (let at = 0; at < body.length; at += chunk) {
      reader.push(body.subarray(at, at + chunk));
      most = Math.max(most, reader.bufferedBytes);
    }
    // The kept start (1 KiB), one item, and the chunks it straddles.
    expect(most).toBeLessThanOrEqual(1024 + largestItem + 2 * chunk);
    expect(reader.end()).toEqual(JSON.parse(new TextDecoder().decode(body)));
  });

  it('refuses an item, an envelope or a given-up body held past maxHeldBytes as it arrives, holding no more than the limit and a chunk', () => {
    const limit = 4096;
    const chunk = 512;
    const bodies = [
      `{"metadata":{"resourceVersion":"1"},"items":[{"a":"${'x'.repeat(20_000)}"}]}`,
      `{"metadata":{"resourceVersion":"1","x":"${'x'.repeat(20_000)}"},"items":[]}`,
      `{"metadata":{"resourceVersion":"1"},"items":[],"x":"${'x'.repeat(20_000)}"}`,
      `{"items":null,"x":"${'x'.repeat(20_000)}"}`,
    ];
    for (const body of bodies) {
      const tooLarge = new Error('too large');
      const reader = new ListBodyReader(limit, () => tooLarge);
      let thrown: unknown;
      try {
        for (const part of cutAt(bytes(body), every(body, chunk))) {
          reader.push(part);
          expect(reader.bufferedBytes).toBeLessThanOrEqual(limit + chunk + 1024);
        }
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBe(tooLarge);
    }
  });

  it('holds each item to maxHeldBytes, not the list: many items each under it all pass', () => {
    const items = Array.from({ length: 50 }, (_, i) => ({ i, a: 'x'.repeat(1000) }));
    const body = JSON.stringify({ metadata: { resourceVersion: '1' }, items });
    const reader = new ListBodyReader(2048, () => new Error('too large'));
    for (const part of cutAt(bytes(body), every(body, 300))) reader.push(part);
    expect(reader.end()).toEqual(JSON.parse(body));
  });

  it('reads items that are not objects as they arrive', () => {
    const reader = new ListBodyReader();
    reader.push(bytes('{"items":[1, "a,]", [2,{"b":[]}], true,null ,-0.5e3'));
    expect(reader.itemsParsed).toBe(5);
    reader.push(bytes(',{"c":"}"}]}'));
    expect(reader.itemsParsed).toBe(7);
    expect(reader.end()).toEqual({
      items: [1, 'a,]', [2, { b: [] }], true, null, -500, { c: '}' }],
    });
  });

  it('agrees with JSON.parse once bytes are released: any items, later items keys, any chunks', () => {
    const itemsKey = fc.constantFrom('"items"', '"it\\u0065ms"', '"\\u0069tems"', '"item"');
    fc.assert(
      fc.property(
        fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 8 }),
        fc.option(fc.tuple(itemsKey, fc.jsonValue({ maxDepth: 2 })), { nil: undefined }),
        fc.integer({ min: 1, max: 9 }),
        (items, later, chunk) => {
          // Past the first KiB, which is kept for error messages, so that bytes are released.
          const first = JSON.stringify({
            kind: 'List',
            metadata: { resourceVersion: '7', pad },
            items,
          });
          const text =
            later === undefined
              ? first
              : `${first.slice(0, -1)},${later[0]}:${JSON.stringify(later[1])}}`;
          expect(read(text, every(text, chunk))).toEqual(JSON.parse(text));
        },
      ),
    );
  });

  it('fails as JSON.parse fails on a body broken after bytes were released', () => {
    const valid = JSON.stringify({
      kind: 'List',
      metadata: { resourceVersion: '7', pad },
      items: [{ a: 1 }, 'x', [2], { b: { c: [3, '}'] } }, 4, { d: 'é' }],
    });
    fc.assert(
      fc.property(
        fc.integer({ min: valid.indexOf('"items"'), max: valid.length - 1 }),
        fc.constantFrom('', ',', ']', '}', '{', '"', '\\', ' ', 'x', '1'),
        fc.integer({ min: 1, max: 7 }),
        (at, insert, chunk) => {
          // Replaces one character (or removes it), anywhere in the body.
          const text = valid.slice(0, at) + insert + valid.slice(at + 1);
          expect(read(text, every(text, chunk))).toEqual(parsed(text));
        },
      ),
    );
  });

  it('starts the text for error messages with the body', () => {
    const reader = new ListBodyReader();
    for (const chunk of cutAt(bytes(`{"oops":${'1'.repeat(500)}`), [3, 10])) reader.push(chunk);
    expect(reader.head()).toBe(`{"oops":${'1'.repeat(192)}`);
  });
});
