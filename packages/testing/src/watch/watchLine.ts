import type { KubeObject } from '../api/types.js';
import { objectJsonParts, partialObjectMetadataJsonParts } from '../storage/objectJson.js';

/** The object event types a watch line can carry. */
export type ObjectEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

/** One watch stream line: `JSON.stringify({ type, object })` and a newline. */
export interface WatchLine {
  /** Its UTF-8 bytes, shared by every stream that writes the line (never modified). */
  readonly bytes: Buffer;
  /** The line as text (only faults that cut a line read it). */
  text(): string;
}

// Every watcher of a resource gets the same line for a write, one after another within the
// store's synchronous fan-out, so remembering the last line builds and encodes it once per
// event instead of once per watcher.
let lastType: ObjectEventType | undefined;
let lastObject: KubeObject | undefined;
let lastMetadataOnly: string | undefined;
let lastLine: WatchLine | undefined;

/**
 * The watch stream line for an object event, built from the object's cached member texts.
 *
 * @param type - ADDED, MODIFIED or DELETED.
 * @param object - a stored object (never mutated).
 * @param metadataOnly - the `apiVersion` of a `PartialObjectMetadata` to send instead of the
 *   whole object, for a watch that asked for the metadata-only form.
 * @returns the line.
 */
export function watchEventLine(
  type: ObjectEventType,
  object: KubeObject,
  metadataOnly?: string,
): WatchLine {
  if (
    lastLine !== undefined &&
    object === lastObject &&
    type === lastType &&
    metadataOnly === lastMetadataOnly
  ) {
    return lastLine;
  }
  const objectParts =
    metadataOnly === undefined
      ? objectJsonParts(object)
      : partialObjectMetadataJsonParts(object, metadataOnly);
  // `type` is one of three plain words, so it needs no escaping.
  // One string, so that it is encoded by one call into native code rather than one per part.
  const text = `{"type":"${type}","object":${objectParts.join('')}}\n`;
  const line: WatchLine = { bytes: encode(text), text: () => text };
  lastType = type;
  lastObject = object;
  lastMetadataOnly = metadataOnly;
  lastLine = line;
  return line;
}

// Lines are encoded once into shared slabs, the way Node pools small Buffers (its pool only
// takes up to 4 KiB, less than a typical pod event). Writing strings instead makes every
// socket encode each line again into a fresh allocation, a Buffer of its own per line costs a
// memory allocation the garbage collector has to account for. A line still queued for a slow
// socket keeps its whole slab alive, so slabs are kept small.
const SLAB_BYTES = 128 * 1024;
let slab: Buffer | undefined;
let slabUsed = 0;

function encode(text: string): Buffer {
  const length = Buffer.byteLength(text);
  if (length > SLAB_BYTES / 4) return Buffer.from(text, 'utf8');
  if (slab === undefined || slabUsed + length > SLAB_BYTES) {
    slab = Buffer.allocUnsafe(SLAB_BYTES);
    slabUsed = 0;
  }
  const target = slab;
  const start = slabUsed;
  slabUsed += target.write(text, slabUsed);
  return target.subarray(start, slabUsed);
}
