import { isRecord } from '../json/jsonMembers.js';

/**
 * A JSON object's fields, or none: cluster objects are untrusted JSON, so a field that should
 * hold an object may hold anything.
 *
 * @param value - any value
 * @returns the value as a record when it is a plain object, else an empty one
 */
export function record(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

/**
 * A string field: strings as they are, dates (client-node's typed objects) as ISO text.
 *
 * @param value - any value
 * @returns the text, or undefined for anything else
 */
export function text(value: unknown): string | undefined {
  return typeof value === 'string'
    ? value
    : value instanceof Date
      ? value.toISOString()
      : undefined;
}
