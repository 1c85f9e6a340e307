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

  it('keeps every line whole when one carry buffer serves line after line, cut at chunk ends', () => {
    // Each line is cut by a chunk's end and finished by the next chunk, so the carried start of
    // one line is overwritten by the next one's; lines of growing length make the carry grow.
    const lines = Array.from({ length: 40 }, (_, i) => `{"n":${i},"s":"${'é'.repeat(i * 97)}"}`);
    const encoded = bytes(lines.map((line) => `${line}\n`).join(''));
    const chunks: Uint8Array[] = [];
    for (let at = 0; at < encoded.length; at += 1_000) chunks.push(encoded.slice(at, at + 1_000));
    expect(splitAll(chunks)).toEqual(lines);
  });

  it('splits correctly after a line larger than the carry it keeps between lines', () => {
    const huge = `{"data":"${'h'.repeat(200_000)}"}`;
    const after = ['{"a":1}', '{"b":"☸"}'];
    const encoded = bytes(`${huge}\n${after.join('\n')}\n`);
    const chunks: Uint8Array[] = [];
    for (let at = 0; at < encoded.length; at += 65_536) chunks.push(encoded.slice(at, at + 65_536));
    // The small lines straddle the last cut, so they are carried after the huge one.
    const cut = encoded.length - 8;
    chunks.splice(-1, 1, encoded.slice(chunks.length * 65_536 - 65_536, cut), encoded.slice(cut));
    expect(splitAll(chunks)).toEqual([huge, ...after]);
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

describe('LineSplitter with a line limit', () => {
  const tooLong = (): Error => new Error('too long');

  it('throws as soon as a line still arriving passes the limit, holding no more than it', () => {
    const splitter = new LineSplitter(4096, tooLong);
    const kilobyte = new Uint8Array(1024).fill(0x78);
    for (let i = 0; i < 4; i++) expect(splitter.push(kilobyte)).toEqual([]);
    expect(() => splitter.push(kilobyte)).toThrow('too long');
    // What was held is dropped: the next line starts afresh.
    expect(splitter.push(bytes('{"a":1}\n'))).toEqual(['{"a":1}']);
  });

  it('splits the lines after a dropped line that was carried across chunks', () => {
    const splitter = new LineSplitter(100, tooLong);
    splitter.push(bytes(`{"a":1}\n${'x'.repeat(60)}`));
    expect(() => splitter.push(bytes('x'.repeat(60)))).toThrow('too long');
    expect(splitter.push(bytes('{"b":'))).toEqual([]);
    expect(splitter.push(bytes('2}\n{"c":3}\n'))).toEqual(['{"b":2}', '{"c":3}']);
  });

  it('accepts lines of exactly the limit, in one chunk or across chunks', () => {
    const line = 'y'.repeat(100);
    expect(new LineSplitter(100, tooLong).push(bytes(`${line}\n${line}\n`))).toEqual([line, line]);
    const splitter = new LineSplitter(100, tooLong);
    expect(splitter.push(bytes(line.slice(0, 60)))).toEqual([]);
    expect(splitter.push(bytes(`${line.slice(60)}\n`))).toEqual([line]);
  });

  it('throws for a longer line completed by a chunk, inside one chunk, or left at its end', () => {
    const long = 'z'.repeat(101);
    const spanning = new LineSplitter(100, tooLong);
    spanning.push(bytes(long.slice(0, 50)));
    expect(() => spanning.push(bytes(`${long.slice(50)}\n`))).toThrow('too long');
    expect(() => new LineSplitter(100, tooLong).push(bytes(`a\n${long}\nb\n`))).toThrow('too long');
    expect(() => new LineSplitter(100, tooLong).push(bytes(`a\n${long}`))).toThrow('too long');
  });
});
