import { DecodeError, type ErrorContext } from '../errors.js';
import type { WatchEvent } from '../listerWatcher.js';
import { bookmarkProblem } from '../bookmarkProblem.js';
import { decodeStatus } from '../decodeStatus.js';
import { decodeObject } from './decodeObject.js';

const eventTypes = new Set(['ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK', 'ERROR']);

/**
 * Decodes one watch line. Like client-go's decoder, anything that is not a well-formed event of
 * a known type is a stream error: skipping it could silently lose a change.
 *
 * @typeParam T - the object type
 * @param line - one line of the stream
 * @param decode - converts a watched object (not bookmarks or errors)
 * @param context - for the error
 * @returns the event
 * @throws {@link DecodeError} for invalid JSON, an unknown type or a missing object, an `ERROR`
 *   event whose Status or a `BOOKMARK` whose metadata has a field of the wrong type, or when
 *   `decode` throws
 */
export function decodeWatchEvent<T>(
  line: string,
  decode: (raw: unknown) => T,
  context: ErrorContext,
): WatchEvent<T> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    throw new DecodeError('watch', line, 'invalid JSON', context);
  }
  if (typeof parsed !== 'object' || parsed === null) {
    throw new DecodeError('watch', line, 'not an object', context);
  }
  const { type, object } = parsed as { type?: unknown; object?: unknown };
  if (typeof type !== 'string' || !eventTypes.has(type)) {
    const shown = typeof type === 'string' ? type : typeof type;
    throw new DecodeError('watch', line, `unknown event type ${shown}`, context);
  }
  if (typeof object !== 'object' || object === null) {
    throw new DecodeError('watch', line, 'missing object', context);
  }
  if (type === 'ERROR') {
    // Typed here, as client-go decodes it into its Status struct: a field of the wrong type
    // makes the event undecodable, never an error that throws when it is built or read.
    const { status, problem } = decodeStatus(object);
    if (status === undefined)
      throw new DecodeError('watch', line, `ERROR event: ${problem}`, context);
    return { type, object: status };
  }
  if (type === 'BOOKMARK') {
    const problem = bookmarkProblem(object);
    if (problem !== undefined)
      throw new DecodeError('watch', line, `BOOKMARK: ${problem}`, context);
    return parsed as WatchEvent<T>;
  }
  const decoded = decodeObject(decode, object, 'watch', () => line, context);
  // The parsed line is the event when decoding keeps the object: no second object per event.
  if (decoded === object) return parsed as WatchEvent<T>;
  return { type: type as 'ADDED' | 'MODIFIED' | 'DELETED', object: decoded };
}
