import type { KubeObject } from '../api/types.js';
import { copyJsonData } from './jsonCopy.js';

// Stored objects are never mutated, so the JSON text of one never goes stale. A write usually
// changes one or two top-level members of an object (metadata, status…) and the new version
// shares the others with the old one (see jsonCopy.ts), so texts are kept per object-valued
// top-level member: the text of a new version is mostly joined from texts already made, and
// each member is serialised once however many watchers, GETs and lists read it.
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
  for (const key of Object.keys(obj)) {
    if (withoutTypeMeta && (key === 'kind' || key === 'apiVersion')) continue;
    const text = memberJson(obj[key], keep);
    // JSON leaves out members it cannot represent (undefined, functions).
    if (text === undefined) continue;
    parts.push(`${parts.length === 0 ? '{' : ','}${JSON.stringify(key)}:`, text);
  }
  parts.push(parts.length === 0 ? '{}' : '}');
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
  const metadata = memberJson(obj.metadata, current.has(obj)) ?? '{}';
  return [
    `{"kind":"PartialObjectMetadata","apiVersion":${JSON.stringify(apiVersion)},"metadata":`,
    metadata,
    '}',
  ];
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
  let length = 0;
  for (const part of parts) length += Buffer.byteLength(part);
  const bytes = Buffer.allocUnsafe(length);
  let offset = 0;
  for (const part of parts) offset += bytes.write(part, offset);
  return bytes;
}

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
    const member = previous[key];
    if (typeof member === 'object' && member !== null && next?.[key] !== member) {
      memberTexts.delete(member);
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

function memberJson(value: unknown, keep: boolean): string | undefined {
  if (typeof value !== 'object' || value === null) {
    return JSON.stringify(value) as string | undefined;
  }
  let text = memberTexts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    if (keep) memberTexts.set(value, text);
  }
  return text;
}
