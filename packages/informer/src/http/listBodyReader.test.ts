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

  it('starts the text for error messages with the body', () => {
    const reader = new ListBodyReader();
    for (const chunk of cutAt(bytes(`{"oops":${'1'.repeat(500)}`), [3, 10])) reader.push(chunk);
    expect(reader.head()).toBe(`{"oops":${'1'.repeat(192)}`);
  });
});
