import type { Status, StatusCause } from './status.js';

/**
 * The outcome of {@link decodeStatus}: the typed Status, or what is wrong with the value.
 */
export type StatusDecoding =
  | { readonly status: Status; readonly problem?: undefined }
  | { readonly status?: undefined; readonly problem: string };

type Fields = Record<string, unknown>;

/**
 * Decodes a Kubernetes `Status` (a watch `ERROR` event's object, an error answer's body) as
 * client-go decodes it into its typed struct: every field the informer knows is checked for its
 * JSON type (strings, integers, `details.causes` an array of objects of strings), `null` counts
 * as absent, and the result holds only those fields, so nothing downstream meets a `message`
 * that is an object. Unknown fields are dropped. Nothing is walked deeper than the Status's own
 * fixed shape, so a huge or deeply nested value costs no more than a small one.
 *
 * @example
 * ```ts
 * decodeStatus({ kind: 'Status', code: 410, reason: 'Expired' }).status?.code; // 410
 * decodeStatus({ kind: 'Status', message: { text: 'x' } }).problem; // 'message is object, not string'
 * ```
 *
 * @param value - a parsed JSON value
 * @returns `{ status }`, or `{ problem }` naming the first field of the wrong type
 */
export function decodeStatus(value: unknown): StatusDecoding {
  if (!isFields(value)) return { problem: `Status is ${jsonType(value)}, not object` };
  const status: Status = {};
  const problem =
    copyStrings(value, status, ['kind', 'apiVersion', 'status', 'message', 'reason']) ??
    copyInteger(value, status, 'code', 'code') ??
    decodeMetadata(value['metadata'], status) ??
    decodeDetails(value['details'], status);
  return problem === undefined ? { status } : { problem };
}

/**
 * Whether an error answer's body presents itself as a `Status` (`kind: 'Status'`, or a numeric
 * `code` as older servers and proxies send), before any of its fields is trusted.
 *
 * @param value - a parsed JSON value
 * @returns true when the value should be decoded with {@link decodeStatus}
 */
export function looksLikeStatus(value: unknown): boolean {
  if (!isFields(value)) return false;
  return value['kind'] === 'Status' || typeof value['code'] === 'number';
}

function decodeMetadata(value: unknown, status: Status): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isFields(value)) return `metadata is ${jsonType(value)}, not object`;
  const metadata: NonNullable<Status['metadata']> = {};
  const problem =
    copyStrings(value, metadata, ['continue', 'resourceVersion', 'selfLink'], 'metadata.') ??
    copyInteger(value, metadata, 'remainingItemCount', 'metadata.remainingItemCount');
  if (problem !== undefined) return problem;
  status.metadata = metadata;
  return undefined;
}

function decodeDetails(value: unknown, status: Status): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isFields(value)) return `details is ${jsonType(value)}, not object`;
  const details: NonNullable<Status['details']> = {};
  const problem =
    copyStrings(value, details, ['name', 'group', 'kind', 'uid'], 'details.') ??
    copyInteger(value, details, 'retryAfterSeconds', 'details.retryAfterSeconds');
  if (problem !== undefined) return problem;
  const causes = value['causes'];
  if (causes !== undefined && causes !== null) {
    if (!Array.isArray(causes)) return `details.causes is ${jsonType(causes)}, not array`;
    const decoded: StatusCause[] = [];
    // A loop over the array only: each cause's fields are strings, never walked into.
    for (let i = 0; i < causes.length; i++) {
      const cause: unknown = causes[i];
      const typed: StatusCause = {};
      if (cause !== null) {
        if (!isFields(cause)) return `details.causes[${i}] is ${jsonType(cause)}, not object`;
        const wrong = copyStrings(
          cause,
          typed,
          ['reason', 'message', 'field'],
          `details.causes[${i}].`,
        );
        if (wrong !== undefined) return wrong;
      }
      decoded.push(typed);
    }
    details.causes = decoded;
  }
  status.details = details;
  return undefined;
}

/** Copies the string fields `names` of `from` to `to`; returns the first of another type. */
function copyStrings(
  from: Fields,
  to: object,
  names: readonly string[],
  prefix = '',
): string | undefined {
  for (const name of names) {
    const field = from[name];
    if (field === undefined || field === null) continue;
    if (typeof field !== 'string') return `${prefix}${name} is ${jsonType(field)}, not string`;
    (to as Fields)[name] = field;
  }
  return undefined;
}

/** Copies an integer field (Go's int32/int64); returns a problem when it is of another type. */
function copyInteger(from: Fields, to: object, name: string, path: string): string | undefined {
  const field = from[name];
  if (field === undefined || field === null) return undefined;
  if (typeof field !== 'number' || !Number.isSafeInteger(field)) {
    return `${path} is ${typeof field === 'number' ? String(field) : jsonType(field)}, not an integer`;
  }
  (to as Fields)[name] = field;
  return undefined;
}

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON type of a value, for messages: never the value itself, which may be huge. */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
