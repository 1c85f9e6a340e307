import { DecodeError, type ApiVerb, type ErrorContext } from '../errors.js';
import { describeCause } from '../errors/informerError.js';

/**
 * Applies the lister-watcher's `decode` to one object of an answer. What it throws becomes a
 * {@link DecodeError} with the thrown error as its `cause`, so that a failing conversion is
 * reported as the undecodable answer it is, not as a defect of the informer, and is handled as
 * one (the list is retried, the watch ends and the Reflector relists). A `DecodeError` passes
 * unchanged.
 *
 * @typeParam T - the object type
 * @param decode - the conversion
 * @param raw - the parsed object
 * @param verb - the request the object came in
 * @param text - the answer's text for the error (the watch line, the list's beginning)
 * @param context - resource and resource version
 * @returns the decoded object
 * @throws {@link DecodeError} if `decode` throws
 * @internal
 */
export function decodeObject<T>(
  decode: (raw: unknown) => T,
  raw: unknown,
  verb: ApiVerb,
  text: () => string,
  context: ErrorContext,
): T {
  try {
    return decode(raw);
  } catch (err) {
    if (err instanceof DecodeError) throw err;
    throw new DecodeError(verb, text(), `decode threw: ${describeCause(err)}`, context, err);
  }
}
