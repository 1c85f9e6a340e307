import { concatBytes } from './bytes.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const ITEMS_KEY = '"items"';
/** How much of the body's start is kept for error messages once chunks are released. */
const keptBytes = 1024;

/** Where the reader is in the list's `items` array. */
enum Items {
  /** Not reached yet. */
  Before,
  /** After `[` or `,`: an item, or (after `[` only) the closing `]`, comes next. */
  ExpectItem,
  /** Inside an item that is an object, an array or a string. */
  InItem,
  /** Inside an item that is a number, `true`, `false` or `null`. */
  InScalar,
  /** After an item: `,` or `]` comes next. */
  AfterItem,
  /** After the closing `]`. */
  Done,
}

/**
 * Parses a list answer (`{"kind":…,"metadata":{…},"items":[…]}`) while it arrives: every
 * item of the top-level `items` array is parsed on its own as soon as its last byte is in,
 * and the rest (the envelope) once the body ends. The result equals `JSON.parse` of the whole
 * body.
 *
 * A 50,000-pod list is close to 200 MB of JSON. Parsing it whole means holding the bytes, a
 * copy of them in one buffer and the decoded text before `JSON.parse` can start, and it can
 * only start after the last byte. Item by item, parsing runs while the next bytes are on their
 * way, and the bytes of parsed items are released: what is held is the items, the envelope
 * and the item being read. (Measured on a 50,000-pod list arriving as fast as it is read, this
 * takes no more CPU than one `JSON.parse` of the whole body, and a third less peak memory
 * than keeping the chunks.)
 *
 * The scan only tracks strings and nesting, which is enough to find where items start and end
 * (no byte of a multi-byte UTF-8 character is ever a quote, bracket or comma). Before the items
 * array opens, anything it does not expect (`"items": null`, say) makes it give up and parse
 * the whole body at the end. Once item bytes have been released, the body can no longer be
 * parsed whole, and no longer needs to be: every value is read as an item, a later `items` key
 * (however spelled) is left to the envelope's parse, which keeps the last value as `JSON.parse`
 * does, and anything else unexpected (an item that is not valid JSON, a missing comma, bytes
 * after the end, a body cut short) makes the body invalid JSON, so {@link ListBodyReader.end}
 * throws a `SyntaxError` as `JSON.parse` would.
 */
export class ListBodyReader {
  // ignoreBOM: a BOM may only open the body; the envelope's decode strips it itself.
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  /**
   * The chunks not released yet, the first starting at {@link ListBodyReader.chunksStart}: all
   * of them until the items array opens, then those of the item being read, and from the end
   * of the array on, all again (the envelope).
   */
  private readonly chunks: Uint8Array[] = [];
  private chunksStart = 0;
  /** A copy of the body's start (the envelope up to `[`, and more for error messages). */
  private kept: Uint8Array | undefined;
  private readonly items: unknown[] = [];
  /** Bytes received, and those before the chunk being scanned. */
  private received = 0;
  private offset = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** Offset of a depth-1 string that opened where a key belongs, while it is being read. */
  private keyStart = -1;
  /** Whether the last depth-1 key read is `"items"`. */
  private keyIsItems = false;
  /** After a depth-1 `:`, whether the value is that of `"items"`; undefined where a key belongs. */
  private valueOfItems: boolean | undefined;
  private state = Items.Before;
  /** Offsets of the items array's `[` and `]`. */
  private open = -1;
  private close = -1;
  /** Offset where the current item starts. */
  private itemStart = -1;
  private gaveUp = false;
  /** Whether a later `items` key replaces the array read item by item. */
  private overridden = false;
  /** The bytes of {@link ListBodyReader.chunks}. */
  private held = 0;

  /**
   * @param maxHeldBytes - the most bytes the reader may hold at once: the item being read, the
   *   envelope, or the whole body once it gave up. A list item is one object, as a watch event
   *   is, so the lister-watchers pass `maxEventBytes`. Default: no limit.
   * @param tooLarge - the error {@link ListBodyReader.push} throws when the limit is passed
   */
  constructor(
    private readonly maxHeldBytes = Infinity,
    private readonly tooLarge: () => Error = () =>
      new RangeError(`list item longer than ${maxHeldBytes} bytes`),
  ) {}

  /** @returns how many items have been parsed as they arrived (0 once the reader gave up) */
  get itemsParsed(): number {
    return this.items.length;
  }

  /** @returns how many bytes of the body are held (chunks not released, the kept start) */
  get bufferedBytes(): number {
    let bytes = this.kept?.length ?? 0;
    for (const chunk of this.chunks) bytes += chunk.length;
    return bytes;
  }

  /**
   * @param chunk - the next bytes of the body (held until scanned, see the class)
   * @throws the `tooLarge` error once more than `maxHeldBytes` are held: an item (or envelope)
   *   that large is refused as it arrives, before it is copied and decoded, so a compressed
   *   answer that inflates into one huge item costs the limit, not the item's size several times
   */
  push(chunk: Uint8Array): void {
    this.chunks.push(chunk);
    this.held += chunk.length;
    this.offset = this.received;
    this.received += chunk.length;
    if (!this.gaveUp) {
      this.scan(chunk);
      this.release();
    }
    if (this.held > this.maxHeldBytes) {
      this.chunks.length = 0;
      this.held = 0;
      throw this.tooLarge();
    }
  }

  /**
   * Ends the body.
   *
   * @returns what `JSON.parse` returns for the whole body
   * @throws SyntaxError if the body is not valid JSON
   */
  end(): unknown {
    if (this.gaveUp || this.state !== Items.Done || this.depth !== 0) return this.parseWhole();
    const head =
      this.kept === undefined
        ? this.slice(0, this.open + 1)
        : [this.kept.subarray(0, this.open + 1)];
    const envelope = JSON.parse(this.decode(concatBytes([...head, ...this.slice(this.close)]))) as {
      items?: unknown;
    };
    // A later `items` key won, as with JSON.parse: the streamed items are not part of the result.
    if (this.overridden) return envelope;
    // Not the empty array left in place of the items (the scan recognises every spelling of
    // the key, so this is a defence): only a body still held whole can say more.
    if (!Array.isArray(envelope.items) || envelope.items.length !== 0) return this.parseWhole();
    envelope.items = this.items;
    return envelope;
  }

  /**
   * @param chars - how many characters at most
   * @returns the start of the body as text, for error messages
   */
  head(chars = 200): string {
    // A character is at most four bytes.
    const start = this.kept === undefined ? concatBytes(this.slice(0, chars * 4)) : this.kept;
    return this.decode(start.subarray(0, chars * 4)).slice(0, chars);
  }

  /**
   * @returns `JSON.parse` of the whole body, while it is all held
   * @throws SyntaxError otherwise: the body was found invalid after bytes were released
   */
  private parseWhole(): unknown {
    if (this.kept === undefined) return JSON.parse(this.decode(concatBytes(this.chunks)));
    throw new SyntaxError(`invalid list body at or before byte ${this.received}`);
  }

  /**
   * Releases the chunks before the item being read, once in the items array; the body's start
   * is copied first, for the envelope and error messages.
   */
  private release(): void {
    // Not before the start kept for error messages is all in.
    if (this.gaveUp || this.open < 0 || this.state === Items.Done || this.received < keptBytes) {
      return;
    }
    const inItem = this.state === Items.InItem || this.state === Items.InScalar;
    const needed = inItem ? this.itemStart : this.received;
    let drop = 0;
    let start = this.chunksStart;
    while (drop < this.chunks.length && start + this.chunks[drop]!.length <= needed) {
      start += this.chunks[drop]!.length;
      drop++;
    }
    if (drop === 0) return;
    this.kept ??= concatBytes(this.slice(0, Math.max(this.open + 1, keptBytes))).slice();
    this.chunks.splice(0, drop);
    this.held -= start - this.chunksStart;
    this.chunksStart = start;
  }

  private scan(chunk: Uint8Array): void {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i] as number;
      if (this.inString) {
        // Most of a list's bytes are inside strings: skip to the closing quote natively.
        const end = this.stringEnd(chunk, i);
        if (end < 0) break;
        i = end;
        this.inString = false;
        if (this.keyStart >= 0) this.endKey(this.offset + i + 1);
        else if (this.state === Items.InItem && this.depth === 2) this.endItem(this.offset + i + 1);
        if (this.gaveUp) return;
        continue;
      }
      if (this.state === Items.InItem) {
        if (byte === QUOTE) this.inString = true;
        else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) this.depth++;
        else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
          if (--this.depth === 2) {
            this.endItem(this.offset + i + 1);
            if (this.gaveUp) return;
          }
        }
        continue;
      }
      if (this.state === Items.InScalar) {
        // A number or literal ends at the first byte that cannot be part of it.
        if (byte !== COMMA && byte !== CLOSE_ARRAY && !isSpace(byte)) continue;
        this.endItem(this.offset + i);
        if (this.gaveUp) return;
      }
      if (isSpace(byte)) continue;
      const known =
        this.state === Items.ExpectItem || this.state === Items.AfterItem
          ? this.inItems(i, byte)
          : this.inEnvelope(i, byte);
      if (!known) return this.giveUp();
    }
  }

  /**
   * @returns the offset in `chunk` of the quote that closes the string being read, from `i`
   *   on; -1 if the string goes on into the next chunk (noting whether it ends mid-escape)
   */
  private stringEnd(chunk: Uint8Array, i: number): number {
    let from = i;
    if (this.escaped) {
      this.escaped = false;
      from++;
    }
    for (;;) {
      const quote = chunk.indexOf(QUOTE, from);
      // A backslash escapes the next byte: a quote after an odd run of them is text.
      let run = 0;
      const end = quote < 0 ? chunk.length : quote;
      while (end - run - 1 >= from && chunk[end - run - 1] === BACKSLASH) run++;
      if (quote < 0) {
        this.escaped = run % 2 === 1;
        return -1;
      }
      if (run % 2 === 0) return quote;
      from = quote + 1;
    }
  }

  /** A byte (not space) between the items of the `items` array; false if unexpected. */
  private inItems(i: number, byte: number): boolean {
    if (this.state === Items.ExpectItem && byte !== CLOSE_ARRAY && byte !== COMMA) {
      // Items are objects in a Kubernetes list, but any value is read (`JSON.parse` judges it),
      // so that no valid body needs the released bytes back.
      this.itemStart = this.offset + i;
      if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
        this.state = Items.InItem;
        this.depth = 3;
      } else if (byte === QUOTE) {
        this.state = Items.InItem;
        this.depth = 2;
        this.inString = true;
      } else {
        this.state = Items.InScalar;
      }
      return true;
    }
    if (this.state === Items.AfterItem && byte === COMMA) {
      this.state = Items.ExpectItem;
      return true;
    }
    const empty = this.state === Items.ExpectItem && this.items.length === 0;
    if (byte === CLOSE_ARRAY && (this.state === Items.AfterItem || empty)) {
      this.state = Items.Done;
      this.depth = 1;
      this.close = this.offset + i;
      return true;
    }
    return false;
  }

  /** A byte (not space) outside the `items` array; false if unexpected. */
  private inEnvelope(i: number, byte: number): boolean {
    if (this.depth === 0 && this.state === Items.Done) return false;
    switch (byte) {
      case QUOTE:
        this.inString = true;
        // A depth-1 string right after `{` or `,` is a key.
        if (this.depth === 1 && this.valueOfItems === undefined) this.keyStart = this.offset + i;
        return true;
      case COLON:
        if (this.depth === 1) this.valueOfItems = this.keyIsItems;
        return true;
      case COMMA:
        if (this.depth === 1) this.valueOfItems = undefined;
        return true;
      case OPEN_ARRAY:
        if (this.depth === 1 && this.valueOfItems === true) {
          if (this.state !== Items.Before) return false;
          this.state = Items.ExpectItem;
          this.open = this.offset + i;
          this.depth = 2;
          return true;
        }
        this.depth++;
        return true;
      case OPEN_OBJECT:
        if (this.depth === 1 && this.valueOfItems === true) return false;
        this.depth++;
        return true;
      case CLOSE_OBJECT:
      case CLOSE_ARRAY:
        this.depth--;
        return this.depth >= 0;
      default:
        // A scalar value: `"items": null` and the like are left to the whole-body parse.
        return !(this.depth === 1 && this.valueOfItems === true);
    }
  }

  /** @param end - the offset just past the key's closing quote */
  private endKey(end: number): void {
    const start = this.keyStart;
    this.keyStart = -1;
    this.keyIsItems = this.isItemsKey(this.decode(concatBytes(this.slice(start, end))));
    if (this.keyIsItems && this.state !== Items.Before) {
      // A second `items` member: JSON.parse keeps its value, which the envelope holds.
      this.overridden = true;
      this.keyIsItems = false;
    }
  }

  /** @param key - a key as written, quotes and escapes included */
  private isItemsKey(key: string): boolean {
    if (key === ITEMS_KEY) return true;
    if (!key.includes('\\')) return false;
    try {
      return JSON.parse(key) === 'items';
    } catch {
      // An invalid escape: the whole body is invalid, and its parse will say so.
      return false;
    }
  }

  /** @param end - the offset just past the item's closing brace */
  private endItem(end: number): void {
    this.state = Items.AfterItem;
    try {
      this.items.push(
        JSON.parse(this.decoder.decode(concatBytes(this.slice(this.itemStart, end)))),
      );
    } catch {
      this.giveUp();
    }
  }

  private giveUp(): void {
    this.gaveUp = true;
    this.items.length = 0;
  }

  /**
   * @returns the kept chunks' bytes from `start` to `end` (offsets in the body), as views.
   *   Walks back from the newest chunk: items and keys end in the chunk being scanned.
   */
  private slice(start: number, end = this.received): Uint8Array[] {
    const parts: Uint8Array[] = [];
    let at = this.received;
    for (let c = this.chunks.length - 1; c >= 0 && at > start; c--) {
      const chunk = this.chunks[c] as Uint8Array;
      at -= chunk.length;
      const from = Math.max(start - at, 0);
      const to = Math.min(end - at, chunk.length);
      if (from < to) parts.push(chunk.subarray(from, to));
    }
    return parts.reverse();
  }

  private decode(bytes: Uint8Array): string {
    const text = this.decoder.decode(bytes);
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  }
}

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}
