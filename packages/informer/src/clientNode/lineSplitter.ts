import { concatBytes, utf8Bytes } from './bytes.js';

/**
 * Splits a byte stream into lines. Watch streams carry one JSON event per line, but a network
 * chunk may hold several events or part of one (even part of a multi-byte character).
 *
 * Lines are cut on bytes and decoded whole: a `\n` byte never occurs inside a multi-byte UTF-8
 * sequence, so everything up to a chunk's last newline decodes on its own. That keeps the
 * decoder out of streaming mode, which in Node is several times slower per byte, and decodes
 * each byte once however many chunks a line spans.
 */
export class LineSplitter {
  // ignoreBOM: a BOM is only meaningful at the start of the stream, not of every decoded batch.
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  /** Bytes after the last newline seen: the start of a line still arriving. */
  private pending: Uint8Array[] = [];
  private started = false;

  /**
   * Adds a chunk and returns the lines it completed (without their `\n`; blank lines dropped).
   *
   * @param chunk - bytes or text
   * @returns complete lines, in order
   */
  push(chunk: Uint8Array | string): string[] {
    const bytes = utf8Bytes(chunk);
    const lastNewline = bytes.lastIndexOf(0x0a);
    if (lastNewline < 0) {
      this.keep(bytes);
      return [];
    }
    let lines: string[];
    if (this.pending.length === 0) {
      lines = splitLines(this.decode(bytes.subarray(0, lastNewline)));
    } else {
      // Only the line that was pending is copied; the rest decodes in place.
      const firstNewline = bytes.indexOf(0x0a);
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
    if (bytes.length > 0) this.pending.push(bytes);
  }

  /** @returns the pending bytes followed by `tail`, as one array; pending is emptied */
  private takePending(tail: Uint8Array): Uint8Array {
    const joined = concatBytes([...this.pending, tail]);
    this.pending = [];
    return joined;
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
