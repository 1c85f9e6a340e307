import { utf8Bytes } from './bytes.js';

/**
 * The largest carry buffer kept for the next line once its line is taken: room for typical
 * objects, so a watch of them copies each partial line once into memory it already has; a buffer
 * grown for a larger line is dropped, so one huge object does not pin its size for the stream's
 * life.
 */
const keptCarryBytes = 64 * 1024;

/**
 * Splits a byte stream into lines. Watch streams carry one JSON event per line, but a network
 * chunk may hold several events or part of one (even part of a multi-byte character).
 *
 * Lines are cut on bytes and decoded whole: a `\n` byte never occurs inside a multi-byte UTF-8
 * sequence, so everything up to a chunk's last newline decodes on its own. That keeps the
 * decoder out of streaming mode, which in Node is several times slower per byte, and decodes
 * each byte once however many chunks a line spans. The start of a line cut by a chunk's end is
 * copied once, into a carry buffer the splitter reuses from line to line, and the next chunk's
 * head is appended there: a line is never copied twice, and a watch allocates nothing per
 * partial line.
 *
 * A line may not grow past `maxLineBytes`: a stream that never sends a newline would otherwise
 * be buffered without end. The check costs nothing per byte: it counts the bytes held for the
 * line still arriving, and scans a chunk's complete lines only when the chunk itself is longer
 * than the limit.
 */
export class LineSplitter {
  // ignoreBOM: a BOM is only meaningful at the start of the stream, not of every decoded batch.
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  /** Bytes after the last newline seen, the start of a line still arriving: `carry[0, carried)`. */
  private carry = new Uint8Array(0);
  /** How many bytes of `carry` are held. */
  private carried = 0;
  private started = false;

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
      this.checkLength(this.carried + bytes.length);
      this.append(bytes);
      return [];
    }
    this.checkLength(bytes.length - lastNewline - 1);
    const lines: string[] = [];
    if (this.carried === 0) {
      this.checkLines(bytes, 0, lastNewline);
      splitLines(this.decode(bytes.subarray(0, lastNewline)), lines);
    } else {
      // Only the line that was carried is copied; the rest decodes in place.
      const firstNewline = bytes.indexOf(0x0a);
      this.checkLength(this.carried + firstNewline);
      this.checkLines(bytes, firstNewline + 1, lastNewline);
      this.append(bytes.subarray(0, firstNewline));
      splitLines(this.decode(this.takeCarried()), lines);
      if (firstNewline < lastNewline) {
        splitLines(this.decode(bytes.subarray(firstNewline + 1, lastNewline)), lines);
      }
    }
    // Copied: the stream may reuse the chunk's memory once we return.
    this.append(bytes.subarray(lastNewline + 1));
    return lines;
  }

  /**
   * Ends the stream.
   *
   * @returns the last line, if the stream did not end with `\n`
   */
  end(): string[] {
    const rest = this.decode(this.takeCarried());
    return rest.trim() === '' ? [] : [rest];
  }

  /** Copies `bytes` after the carried ones, growing the carry buffer (at least doubling) when full. */
  private append(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    const needed = this.carried + bytes.length;
    if (needed > this.carry.length) {
      // Never more than a line may hold (unless the line itself needs it).
      const room = Math.min(Math.max(2 * this.carry.length, 4096), this.maxLineBytes);
      const grown = new Uint8Array(Math.max(needed, room));
      grown.set(this.carry.subarray(0, this.carried));
      this.carry = grown;
    }
    this.carry.set(bytes, this.carried);
    this.carried = needed;
  }

  /**
   * @returns the carried bytes, valid until the next `append` (decode them before); the carry
   *   is emptied, and its buffer dropped when it grew past {@link keptCarryBytes}
   */
  private takeCarried(): Uint8Array {
    const taken = this.carry.subarray(0, this.carried);
    this.carried = 0;
    if (this.carry.length > keptCarryBytes) this.carry = new Uint8Array(0);
    return taken;
  }

  /** Throws `tooLong` (and drops what is held) when a line of `length` bytes is too long. */
  private checkLength(length: number): void {
    if (length <= this.maxLineBytes) return;
    this.carried = 0;
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

/** Appends the non-blank lines of `text` to `lines`. */
function splitLines(text: string, lines: string[]): void {
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
}
