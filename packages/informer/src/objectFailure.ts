import type { ObjectError } from './errors.js';

/**
 * An object the informer's pipeline had to skip (a throwing transform, a cache write that
 * failed), emitted in the stream where it happened so that whoever observes the stream reports
 * it; the stream goes on.
 */
export interface ObjectFailure {
  readonly type: 'objectError';
  readonly error: ObjectError;
}

/**
 * @param error - what went wrong with the object
 * @returns the failure as a stream value
 */
export function objectFailure(error: ObjectError): ObjectFailure {
  return { type: 'objectError', error };
}
