import { Transform, type TransformCallback } from 'node:stream';
import { jsonText } from '../dashboard/jsonText.js';
import {
  redactListElement,
  redactListHead,
  redactListTail,
  redactRelayed,
  type RelayedResource,
} from './redactRelayed.js';
import { relayStageError } from './relayStageError.js';

const openObject = 0x7b;
const closeObject = 0x7d;
const openArray = 0x5b;
const closeArray = 0x5d;
const quote = 0x22;
const backslash = 0x5c;
const comma = 0x2c;
const colon = 0x3a;

/** Where the scanner is: between top-level values, in one, in a list's elements, after them. */
type Mode = 'between' | 'value' | 'elements' | 'tail';

/** Options of a {@link RedactingJsonStream}. */
export interface RedactingJsonStreamOptions extends RelayedResource {
  /**
   * Bytes one value may take before it is redacted: a watch event, an object, one item of a
   * list (a list is redacted item by item, never held whole), held until it completes and then
   * copied once to be parsed. Past it, the stream fails with a
   * `RelayStageError`, and the client's connection is cut (a watch too: see `RelayStageError`).
   * Default {@link defaultMaxValueBytes}.
   */
  readonly maxValueBytes?: number;
}

/**
 * The default bound on one value: 4 MiB. etcd stores objects of up to about 1.5 MiB, and
 * kube-apiserver takes request bodies of up to 3 MiB, so no object it serves comes near; with
 * the relay's 100 open requests at most, redaction holds at most 400 MiB for them all, where the
 * informer's 16 MiB per watch line would allow 1.6 GiB.
 */
export const defaultMaxValueBytes = 4 * 1024 * 1024;

/**
 * Redacts, as it streams, the JSON an API server answers (`redactRelayed`): a watch's events
 * one by one as each arrives (each written at once, a line each), a list or a `Table` item by
 * item or row by row (its head first, then each element as it completes: a list of any length
 * costs one item's memory, and the client reads it as it comes), anything else as one value.
 * The output is JSON of the same shape, one top-level value a line. Input that is not JSON
 * fails the stream (a `RelayStageError`): nothing unredacted is ever passed on.
 */
export class RedactingJsonStream extends Transform {
  private readonly resource: RelayedResource;
  private readonly maxValueBytes: number;
  private mode: Mode = 'between';
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** The top-level value is a number or literal (it ends at whitespace or the end). */
  private bare = false;
  /** The top-level value is an object (its keys are watched for `items` and `rows`). */
  private topObject = false;
  private parts: Buffer[] = [];
  private bytes = 0;
  /** At depth 1 of a top-level object, the next string is a key. */
  private expectKey = false;
  /** The bytes of the key being read; undefined when no key is being read. */
  private key: number[] | undefined;
  /** The key just read, until its colon. */
  private keyRead: string | undefined;
  /** The key whose value comes next. */
  private pendingField: string | undefined;
  private list: { readonly kind: unknown; readonly field: 'items' | 'rows' } | undefined;
  private first = true;
  private inElement = false;

  /** @param options - what the request asked for, and the bound */
  constructor(options: RedactingJsonStreamOptions) {
    super();
    this.resource = { secret: options.secret };
    this.maxValueBytes = options.maxValueBytes ?? defaultMaxValueBytes;
  }

  /** Bytes of the value being read, held until it completes (at most the bound). */
  get heldBytes(): number {
    return this.bytes;
  }

  /** Scans a chunk, writing each value, item or head it completes. */
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    try {
      this.scan(chunk);
      callback();
    } catch (err) {
      callback(relayStageError(err));
    }
  }

  /** Ends the last bare value; fails an answer cut inside a value. */
  override _flush(callback: TransformCallback): void {
    try {
      if (this.mode === 'value' && this.bare) this.completeValue(Buffer.alloc(0), 0, 0);
      if (this.mode !== 'between') throw new Error('the answer ended inside a JSON value');
      callback();
    } catch (err) {
      callback(relayStageError(err));
    }
  }

  private scan(chunk: Buffer): void {
    let start = 0;
    for (let j = 0; j < chunk.length; j += 1) {
      const b = chunk[j]!;
      if (this.mode === 'between') {
        if (whitespace(b)) continue;
        this.mode = 'value';
        start = j;
        this.topObject = b === openObject;
        this.bare = b !== openObject && b !== openArray && b !== quote;
        if (this.bare) continue;
      }
      if (this.mode === 'value' && this.bare) {
        if (whitespace(b)) this.completeValue(chunk, start, j);
        continue;
      }
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (b === backslash) this.escaped = true;
        else if (b === quote) {
          this.closeString();
          // A top-level string is a whole value.
          if (this.mode === 'value' && this.depth === 0) this.completeValue(chunk, start, j + 1);
        } else if (this.key !== undefined && this.key.length < 8) this.key.push(b);
        continue;
      }
      if (this.mode === 'elements' && this.depth === 2) {
        if (b === comma || b === closeArray) {
          if (this.inElement) this.completeElement(chunk, start, j);
          if (b === closeArray) {
            this.depth = 1;
            this.mode = 'tail';
            start = j + 1;
          }
          continue;
        }
        if (whitespace(b)) continue;
        if (!this.inElement) {
          this.inElement = true;
          start = j;
        }
      }
      const atKeys = this.mode === 'value' && this.topObject && this.depth === 1;
      switch (b) {
        case quote:
          this.inString = true;
          if (atKeys && this.expectKey) this.key = [];
          else if (atKeys) this.pendingField = undefined;
          break;
        case openObject:
        case openArray: {
          const field = atKeys && b === openArray ? this.pendingField : undefined;
          this.depth += 1;
          if (this.depth === 1 && this.topObject) this.expectKey = true;
          if (atKeys) this.pendingField = undefined;
          if ((field === 'items' || field === 'rows') && this.startList(chunk, start, j, field)) {
            start = j + 1;
          }
          break;
        }
        case closeObject:
        case closeArray:
          this.depth -= 1;
          if (this.depth < 0) throw new Error('unbalanced JSON');
          if (this.depth === 0) {
            if (this.mode === 'tail') this.completeTail(chunk, start, j + 1);
            else this.completeValue(chunk, start, j + 1);
          }
          break;
        case comma:
          if (atKeys) this.expectKey = true;
          break;
        case colon:
          if (atKeys && this.keyRead !== undefined) {
            this.pendingField = this.keyRead;
            this.keyRead = undefined;
          }
          break;
        default:
          if (atKeys && !whitespace(b)) this.pendingField = undefined;
      }
    }
    const buffering = this.mode === 'value' || this.mode === 'tail' || this.inElement;
    if (buffering && start < chunk.length) {
      this.parts.push(chunk.subarray(start));
      this.bytes += chunk.length - start;
      if (this.bytes > this.maxValueBytes) this.overBound();
    }
  }

  private overBound(): never {
    throw new Error(`a value of the answer is over ${this.maxValueBytes} bytes`);
  }

  private closeString(): void {
    this.inString = false;
    if (this.key === undefined) return;
    this.keyRead = Buffer.from(this.key).toString('latin1');
    this.key = undefined;
    this.expectKey = false;
  }

  /** The bytes buffered and `chunk[from, to)`, and the buffer emptied. */
  private takeText(chunk: Buffer, from: number, to: number): string {
    const whole = Buffer.concat([...this.parts, chunk.subarray(from, to)]);
    this.parts = [];
    this.bytes = 0;
    if (whole.length > this.maxValueBytes) this.overBound();
    return whole.toString('utf8');
  }

  /**
   * At the `[` of a top-level `items` or `rows`: when the head so far is a list's (`kind`
   * `…List`) or a Table's, writes it redacted and streams the elements; else the value is
   * redacted whole.
   */
  private startList(chunk: Buffer, start: number, at: number, field: 'items' | 'rows'): boolean {
    const headText = Buffer.concat([...this.parts, chunk.subarray(start, at + 1)]).toString('utf8');
    let head: unknown;
    try {
      head = JSON.parse(`${headText}]}`);
    } catch {
      return false;
    }
    const kind = (head as Record<string, unknown>)['kind'];
    const listKind =
      field === 'rows' ? kind === 'Table' : typeof kind === 'string' && kind.endsWith('List');
    if (!listKind) return false;
    const written = jsonText(redactListHead(head as Record<string, unknown>, this.resource));
    // The field is the head's last (the text ends there), so its empty list ends the text.
    if (!written.endsWith('[]}')) return false;
    this.parts = [];
    this.bytes = 0;
    this.push(written.slice(0, -2));
    this.mode = 'elements';
    this.list = { kind, field };
    this.first = true;
    this.inElement = false;
    return true;
  }

  private completeElement(chunk: Buffer, start: number, end: number): void {
    const element: unknown = JSON.parse(this.takeText(chunk, start, end));
    const written = jsonText(redactListElement(element, this.list!, this.resource));
    this.push(this.first ? written : `,${written}`);
    this.first = false;
    this.inElement = false;
  }

  private completeTail(chunk: Buffer, start: number, end: number): void {
    const text = this.takeText(chunk, start, end).trim();
    const list = this.list!;
    this.mode = 'between';
    this.list = undefined;
    if (text === '}') {
      this.push(']}\n');
      return;
    }
    // `,"more":…}`: the fields after the list, redacted like its head.
    if (!text.startsWith(',')) throw new Error('malformed JSON after a list');
    const rest = JSON.parse(`{${text.slice(1)}`) as Record<string, unknown>;
    const written = jsonText(redactListTail(rest, list, this.resource));
    this.push(written === '{}' ? ']}\n' : `],${written.slice(1)}\n`);
  }

  private completeValue(chunk: Buffer, start: number, end: number): void {
    const value: unknown = JSON.parse(this.takeText(chunk, start, end));
    this.mode = 'between';
    this.depth = 0;
    this.expectKey = false;
    this.keyRead = undefined;
    this.pendingField = undefined;
    this.push(`${jsonText(redactRelayed(value, this.resource))}\n`);
  }
}

function whitespace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}
