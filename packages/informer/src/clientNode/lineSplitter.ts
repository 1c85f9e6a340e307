/**
 * Splits a byte stream into lines. Watch streams carry one JSON event per line, but a network
 * chunk may hold several events or part of one (even part of a multi-byte character), so lines
 * are cut from a running text buffer rather than from chunks.
 */
export class LineSplitter {
  private readonly decoder = new TextDecoder('utf-8');
  private pending = '';

  /**
   * Adds a chunk and returns the lines it completed (without their `\n`; empty lines dropped).
   *
   * @param chunk - bytes or text
   * @returns complete lines, in order
   */
  push(chunk: Uint8Array | string): string[] {
    const text = typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    // Look for newlines in the new text only, so a long line arriving in many small chunks
    // costs linear time.
    const lastNewline = text.lastIndexOf('\n');
    if (lastNewline < 0) {
      this.pending += text;
      return [];
    }
    const complete = this.pending + text.slice(0, lastNewline);
    this.pending = text.slice(lastNewline + 1);
    return complete.split('\n').filter((line) => line.trim() !== '');
  }

  /**
   * Ends the stream.
   *
   * @returns the last line, if the stream did not end with `\n`
   */
  end(): string[] {
    const rest = this.pending + this.decoder.decode();
    this.pending = '';
    return rest.trim() === '' ? [] : [rest];
  }
}
