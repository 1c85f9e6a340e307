import { concatBytes, utf8Bytes } from './bytes.js';

/**
 * Splits a byte stream into lines. Watch streams carry one JSON event per line, but a network
 * chunk may hold several events or part of one (even part of a multi-byte character).
 *
 * Lines are cut on bytes and decoded whole: a `\n` byte never occurs inside a multi-byte UTF-8
 * sequence, so everything up to a chunk's last newline decodes on its own. That keeps the
 * decoder out of streaming mode, which in Node is several times slower per byte, and decodes
 * each byte once however many chunks a line spans.
 *
 * A line may not grow past `maxLineBytes`: a stream that never sends a newline would otherwise
 * be buffered without end. The check costs nothing per byte: it counts the bytes held for the
 * line still arriving, and scans a chunk's complete lines only when the chunk itself is longer
 * than the limit.
 */
export class LineSplitter {
  // ignoreBOM: a BOM is only meaningful at the start of the stream, not of every decoded batch.
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  /** Bytes after the last newline seen: the start of a line still arriving. */
  private pending: Uint8Array[] = [];
  /** The length of `pending`, in bytes. */
  private pendingBytes = 0;
  private started = false;

  /**
   * @param maxLineBytes - the longest line allowed, in bytes (without its `\n`); no limit by
   *   default
   * @param tooLong - builds the error thrown for a longer line
   */
  constructor(
    private readonly maxLineBytes = Infinity,
    private readonly tooLong: () => Error = () =>
      new RangeError(`line longer than ${maxLineBytes} bytes`),
  ) {}

  /**
   * Adds a chunk and returns the lines it completed (without their `\n`; blank lines dropped).
   *
   * @param chunk - bytes or text
   * @returns complete lines, in order
   * @throws the `tooLong` error when a line passes `maxLineBytes`; what was held is dropped
   */
  push(chunk: Uint8Array | string): string[] {
    const bytes = utf8Bytes(chunk);
    const lastNewline = bytes.lastIndexOf(0x0a);
    if (lastNewline < 0) {
      this.checkLength(this.pendingBytes + bytes.length);
      this.keep(bytes);
      return [];
    }
    this.checkLength(bytes.length - lastNewline - 1);
    let lines: string[];
    if (this.pending.length === 0) {
      this.checkLines(bytes, 0, lastNewline);
      lines = splitLines(this.decode(bytes.subarray(0, lastNewline)));
    } else {
      // Only the line that was pending is copied; the rest decodes in place.
      const firstNewline = bytes.indexOf(0x0a);
      this.checkLength(this.pendingBytes + firstNewline);
      this.checkLines(bytes, firstNewline + 1, lastNewline);
      lines = splitLines(this.decode(this.takePending(bytes.subarray(0, firstNewline))));
      if (firstNewline < lastNewline) {
        lines.push(...splitLines(this.decode(bytes.subarray(firstNewline + 1, lastNewline))));
      }
    }
    // A copy: the stream may reuse the chunk's memory once we return.
    if (lastNewline + 1 < bytes.length) this.keep(bytes.slice(lastNewline + 1));
    return lines;
  }

  /**
   * Ends the stream.
   *
   * @returns the last line, if the stream did not end with `\n`
   */
  end(): string[] {
    const rest = this.decode(this.takePending(new Uint8Array(0)));
    return rest.trim() === '' ? [] : [rest];
  }

  private keep(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
  }

  /** @returns the pending bytes followed by `tail`, as one array; pending is emptied */
  private takePending(tail: Uint8Array): Uint8Array {
    const joined = concatBytes([...this.pending, tail]);
    this.pending = [];
    this.pendingBytes = 0;
    return joined;
  }

  /** Throws `tooLong` (and drops what is held) when a line of `length` bytes is too long. */
  private checkLength(length: number): void {
    if (length <= this.maxLineBytes) return;
    this.pending = [];
    this.pendingBytes = 0;
    throw this.tooLong();
  }

  /** Checks the complete lines in `bytes[start, end)`; only a span longer than the limit can hold a line too long. */
  private checkLines(bytes: Uint8Array, start: number, end: number): void {
    if (end - start <= this.maxLineBytes) return;
    for (let from = start; from < end;) {
      const newline = bytes.indexOf(0x0a, from);
      const to = newline < 0 || newline > end ? end : newline;
      this.checkLength(to - from);
      from = to + 1;
    }
  }

  private decode(bytes: Uint8Array): string {
    const text = this.decoder.decode(bytes);
    if (this.started) return text;
    this.started = true;
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  }
}

/** @returns the non-blank lines of `text` */
function splitLines(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    // Events start with `{`; only a line starting with whitespace can be blank.
    if (end > start && (text.charCodeAt(start) > 0x20 || text.slice(start, end).trim() !== '')) {
      lines.push(text.slice(start, end));
    }
    start = end + 1;
  }
  return lines;
}
