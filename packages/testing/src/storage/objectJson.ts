import type { KubeObject } from '../api/types.js';
import { stringifyJson } from '../json/stringifyJson.js';
import { copyJsonData } from './jsonCopy.js';

// Stored objects are never mutated, so the JSON text of one never goes stale. A write usually
// changes a field or two of an object (an annotation, the status phase…) and the new version
// shares everything else with the old one (see jsonCopy.ts), so texts are kept per object
// one level below the top: the text of `metadata`, `spec` or `status` is joined from the texts
// of its members (`labels`, `containers`, `containerStatuses`…), and a write serialises only
// the members it replaced, however many watchers, GETs and lists read the result. (Keeping
// the text of `status` whole would serialise all of it again for a changed `phase`.) A
// top-level member with no object-valued member (a ConfigMap's `data`) keeps one text.
const memberTexts = new WeakMap<object, string>();

// Only members of current objects keep their texts (the store forgets those of a version a
// write supersedes): keeping them for every version in the history would cost about as much
// memory as the versions themselves, and old versions are only read again by replays and by
// lists at old revisions.
const current = new WeakSet<object>();

/**
 * The JSON text of a stored object, as pieces whose concatenation is `JSON.stringify(obj)`, so
 * a caller that writes bytes can encode them without first joining them into one string.
 *
 * @param obj - a stored object (never mutated).
 * @param withoutTypeMeta - leave out `kind` and `apiVersion`, as typed servers do for built-in
 *   list items.
 * @returns the pieces.
 */
export function objectJsonParts(obj: KubeObject, withoutTypeMeta = false): string[] {
  const keep = current.has(obj);
  const parts: string[] = [];
  let first = true;
  for (const key of Object.keys(obj)) {
    if (withoutTypeMeta && (key === 'kind' || key === 'apiVersion')) continue;
    const value = obj[key];
    if (isSplit(value)) {
      parts.push(keyText(key, first));
      pushRecordParts(value, keep, parts);
    } else {
      const text = memberJson(value, keep);
      // JSON leaves out members it cannot represent (undefined, functions).
      if (text === undefined) continue;
      parts.push(keyText(key, first), text);
    }
    first = false;
  }
  parts.push(first ? '{}' : '}');
  return parts;
}

/**
 * The JSON text of a stored object's metadata-only form, as pieces: kube-apiserver's
 * `PartialObjectMetadata` (`kind`, `apiVersion` and the object's `metadata`), from the
 * metadata's cached text.
 *
 * @param obj - a stored object (never mutated).
 * @param apiVersion - `meta.k8s.io/v1` or `meta.k8s.io/v1beta1`.
 * @returns the pieces.
 */
export function partialObjectMetadataJsonParts(obj: KubeObject, apiVersion: string): string[] {
  const parts = [
    `{"kind":"PartialObjectMetadata","apiVersion":${JSON.stringify(apiVersion)},"metadata":`,
  ];
  const metadata: unknown = obj.metadata;
  if (isSplit(metadata)) pushRecordParts(metadata, current.has(obj), parts);
  else parts.push(memberJson(metadata, current.has(obj)) ?? '{}');
  parts.push('}');
  return parts;
}

/**
 * The JSON text of a stored object.
 *
 * @param obj - a stored object (never mutated).
 * @returns `JSON.stringify(obj)`.
 */
export function objectJson(obj: KubeObject): string {
  return objectJsonParts(obj).join('');
}

/**
 * The UTF-8 bytes of the concatenation of `parts`, encoded piece by piece into one Buffer.
 *
 * @param parts - pieces of JSON text, such as {@link objectJsonParts} returns.
 * @returns the bytes.
 */
export function encodeJsonParts(parts: readonly string[]): Buffer {
  // Parts are many and mostly short, and each encoding call crosses into native code: joining
  // them into chunks of about CHUNK_CHARS (a cheap copy) and encoding each chunk once is faster,
  // and never builds one string as large as a whole list.
  const chunks: string[] = [];
  let length = 0;
  for (let i = 0; i < parts.length;) {
    let end = i;
    let chars = 0;
    while (end < parts.length && (end === i || chars < CHUNK_CHARS)) {
      chars += (parts[end] as string).length;
      end += 1;
    }
    const chunk = end === i + 1 ? (parts[i] as string) : parts.slice(i, end).join('');
    chunks.push(chunk);
    length += Buffer.byteLength(chunk);
    i = end;
  }
  const bytes = Buffer.allocUnsafe(length);
  let offset = 0;
  for (const chunk of chunks) offset += bytes.write(chunk, offset);
  return bytes;
}

const CHUNK_CHARS = 64 * 1024;

/**
 * Marks a stored object as current state, whose member texts are kept once computed.
 *
 * @param obj - an object the store has just committed.
 */
export function rememberObjectJson(obj: KubeObject): void {
  current.add(obj);
}

/**
 * Drops the texts of an object that is no longer current state, except those of members the
 * version replacing it shares.
 *
 * @param previous - the superseded stored object.
 * @param next - the object now stored under its key, if any.
 */
export function forgetObjectJson(previous: KubeObject, next: KubeObject | undefined): void {
  current.delete(previous);
  for (const key of Object.keys(previous)) {
    const member: unknown = previous[key];
    const replacing: unknown = next?.[key];
    if (typeof member !== 'object' || member === null || replacing === member) continue;
    memberTexts.delete(member);
    if (!isSplit(member)) continue;
    // The texts kept one level down, unless the new version shares them.
    const shared = isSplit(replacing) ? replacing : undefined;
    for (const inner of Object.keys(member)) {
      const child = member[inner];
      if (typeof child === 'object' && child !== null && shared?.[inner] !== child) {
        memberTexts.delete(child);
      }
    }
  }
}

/**
 * A deep copy of a stored object for a caller to own; it shares nothing with the store.
 *
 * @param obj - a stored object.
 * @returns the copy.
 */
export function copyOfStored<T extends KubeObject = KubeObject>(obj: KubeObject): T {
  return copyJsonData(obj) as T;
}

// The text that opens a member, `{"key":` or `,"key":`. The same few keys (`metadata`, `name`,
// `labels`, `status`…) open members of every object, so their texts are kept rather than built
// and escaped anew for every serialisation; the cache is bounded as keys can be anything.
const keyTexts = new Map<string, string>();
const firstKeyTexts = new Map<string, string>();
const KEY_TEXTS_LIMIT = 4096;

function keyText(key: string, first: boolean): string {
  const texts = first ? firstKeyTexts : keyTexts;
  let text = texts.get(key);
  if (text === undefined) {
    text = `${first ? '{' : ','}${JSON.stringify(key)}:`;
    if (texts.size >= KEY_TEXTS_LIMIT) texts.clear();
    texts.set(key, text);
  }
  return text;
}

// Whether a top-level member's text is joined from the texts of its members rather than kept
// whole: a plain record with at least one object-valued member.
function isSplit(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const key in value) {
    const member = (value as Record<string, unknown>)[key];
    if (typeof member === 'object' && member !== null) return true;
  }
  return false;
}

// Pushes the text of a record as its members' texts (see `memberTexts`).
function pushRecordParts(record: Record<string, unknown>, keep: boolean, parts: string[]): void {
  let first = true;
  for (const key of Object.keys(record)) {
    const text = memberJson(record[key], keep);
    if (text === undefined) continue;
    parts.push(keyText(key, first), text);
    first = false;
  }
  parts.push(first ? '{}' : '}');
}

function memberJson(value: unknown, keep: boolean): string | undefined {
  if (typeof value !== 'object' || value === null) {
    return JSON.stringify(value) as string | undefined;
  }
  let text = memberTexts.get(value);
  if (text === undefined) {
    // A member can be nested deeper than JSON.stringify's recursion reaches.
    text = stringifyJson(value) as string;
    if (keep) memberTexts.set(value, text);
  }
  return text;
}
