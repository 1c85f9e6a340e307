import { LineSplitter } from './lineSplitter.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Feeds `chunks` in order and returns every line, `end()` included. */
function splitAll(chunks: readonly (Uint8Array | string)[]): string[] {
  const splitter = new LineSplitter();
  const lines = chunks.flatMap((chunk) => splitter.push(chunk));
  return [...lines, ...splitter.end()];
}

describe('LineSplitter', () => {
  it('returns the lines a chunk completes and keeps the rest for later', () => {
    const splitter = new LineSplitter();
    expect(splitter.push(bytes('{"a":1}\n{"b":'))).toEqual(['{"a":1}']);
    expect(splitter.push(bytes('2}\n'))).toEqual(['{"b":2}']);
    expect(splitter.end()).toEqual([]);
  });

  it('joins a line that spans many chunks', () => {
    const line = `{"data":"${'x'.repeat(10_000)}"}`;
    const encoded = bytes(`${line}\n`);
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < encoded.length; i += 7) chunks.push(encoded.subarray(i, i + 7));
    expect(splitAll(chunks)).toEqual([line]);
  });

  it('decodes a multi-byte character cut between chunks', () => {
    const encoded = bytes('{"name":"café ☸ 🚀"}\n');
    // Cut inside each of the multi-byte sequences in turn.
    for (let cut = 1; cut < encoded.length; cut++) {
      expect(splitAll([encoded.subarray(0, cut), encoded.subarray(cut)])).toEqual([
        '{"name":"café ☸ 🚀"}',
      ]);
    }
  });

  it('does not let a reused chunk buffer change a pending line', () => {
    const splitter = new LineSplitter();
    const buffer = bytes('{"a":1}\n{"b"');
    expect(splitter.push(buffer)).toEqual(['{"a":1}']);
    buffer.fill(0x41);
    expect(splitter.push(bytes(':2}\n'))).toEqual(['{"b":2}']);
  });

  it('drops blank lines but keeps lines that merely start with whitespace', () => {
    expect(splitAll([bytes('\n\n  \n\r\n{"a":1}\n \t{"b":2}\n\n')])).toEqual([
      '{"a":1}',
      ' \t{"b":2}',
    ]);
  });

  it('returns a last line without a newline from end()', () => {
    const splitter = new LineSplitter();
    expect(splitter.push(bytes('{"a":1}\n{"b":2}'))).toEqual(['{"a":1}']);
    expect(splitter.end()).toEqual(['{"b":2}']);
    expect(splitAll([bytes('{"a":1}\n   ')])).toEqual(['{"a":1}']);
  });

  it('strips a byte order mark at the start of the stream only', () => {
    expect(splitAll([bytes('\uFEFF{"a":1}\n\uFEFF{"b":2}\n')])).toEqual([
      '{"a":1}',
      '\uFEFF{"b":2}',
    ]);
  });

  it('accepts text chunks, mixed with bytes', () => {
    expect(splitAll(['{"a":', bytes('1}\n{"b"'), ':2}\n'])).toEqual(['{"a":1}', '{"b":2}']);
  });
});
