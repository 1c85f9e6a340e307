import { isRecord, setOwn } from '../json/jsonMembers.js';
import type { FeedObject } from '../dashboard/feedProtocol.js';
import { redactObject } from '../dashboard/redactObject.js';

/** What is known of the answer a value comes from. */
export interface RelayedResource {
  /** The request named the core `secrets`: every object in it is a Secret, `kind` or not. */
  readonly secret: boolean;
}

/**
 * A value the API proxy relays, redacted as the dashboard's details are (`redactObject`),
 * whatever its shape: a watch event (`{type, object}`: its object), a list (`items`: each item,
 * a `SecretList`'s as Secrets), a `Table` (`rows`: each row's `object`; the cells are what the
 * dashboard's tables show), or one object.
 *
 * @param value - the parsed JSON of one answer or one watch event
 * @param resource - what the request asked for
 * @returns a redacted copy
 */
export function redactRelayed(value: unknown, resource: RelayedResource): unknown {
  if (isRecord(value) && isWatchEvent(value)) {
    return { type: value['type'], object: redactResource(value['object'], resource) };
  }
  return redactResource(value, resource);
}

/**
 * The head of a list or Table (everything but its `items` or `rows`), redacted.
 *
 * @param head - the list without its items (or with an empty list of them)
 * @param resource - what the request asked for
 * @returns a redacted copy
 */
export function redactListHead(
  head: Record<string, unknown>,
  resource: RelayedResource,
): FeedObject {
  return redactObject(head, { secret: resource.secret });
}

/**
 * One element of a list's `items` or a Table's `rows`, redacted.
 *
 * @param element - the item or row
 * @param container - the list's `kind` and which array the element is from
 * @param resource - what the request asked for
 * @returns a redacted copy
 */
export function redactListElement(
  element: unknown,
  container: { readonly kind: unknown; readonly field: 'items' | 'rows' },
  resource: RelayedResource,
): unknown {
  const secret = resource.secret || container.kind === 'SecretList';
  if (container.field === 'rows') return redactRow(element, { secret });
  return isRecord(element) ? redactObject(element, { secret }) : redactAny(element);
}

/**
 * The fields after a list's `items` (or a Table's `rows`), redacted: like its head, and an
 * `items` or `rows` given again (JSON parsers keep the last) like the elements of the first.
 * kube-apiserver never repeats them; a stream that streamed the first must not relay the
 * second unredacted.
 *
 * @param tail - the fields after the list's elements
 * @param container - the list's `kind` and which array it streamed
 * @param resource - what the request asked for
 * @returns a redacted copy
 */
export function redactListTail(
  tail: Record<string, unknown>,
  container: { readonly kind: unknown; readonly field: 'items' | 'rows' },
  resource: RelayedResource,
): Record<string, unknown> {
  const head = redactListHead(without(without(tail, 'items'), 'rows'), resource) as Record<
    string,
    unknown
  >;
  const secret = resource.secret || container.kind === 'SecretList';
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(tail)) {
    const value = tail[key];
    let kept: unknown = head[key];
    if (key === 'items' || key === 'rows') {
      if (Array.isArray(value)) {
        kept = value.map((element) =>
          redactListElement(element, { kind: container.kind, field: key }, resource),
        );
      } else {
        // Not a list: its objects carry no `kind` to tell a Secret by.
        kept = secret ? undefined : redactAny(value);
      }
    }
    if (kept !== undefined) setOwn(out, key, kept);
  }
  return out;
}

function redactResource(value: unknown, resource: RelayedResource): unknown {
  if (!isRecord(value)) return redactAny(value);
  const kind = value['kind'];
  const field = kind === 'Table' ? 'rows' : 'items';
  const elements = value[field];
  if (!Array.isArray(elements)) return redactObject(value, { secret: resource.secret });
  const head = redactListHead(without(value, field), resource) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const kept =
      key === field
        ? elements.map((element) => redactListElement(element, { kind, field }, resource))
        : head[key];
    if (kept !== undefined) setOwn(out, key, kept);
  }
  return out;
}

/** A Table's row: its cells as they are (the columns a table shows), its object redacted. */
function redactRow(row: unknown, resource: RelayedResource): unknown {
  if (!isRecord(row)) return redactAny(row);
  const out = redactObject(without(row, 'object')) as Record<string, unknown>;
  if (row['object'] !== undefined) {
    out['object'] = isRecord(row['object'])
      ? redactObject(row['object'], { secret: resource.secret })
      : redactAny(row['object']);
  }
  return out;
}

/** Any other JSON value (an array, a string), walked for what the rules find. */
function redactAny(value: unknown): unknown {
  return redactObject({ value })['value'];
}

function isWatchEvent(value: Record<string, unknown>): boolean {
  const keys = Object.keys(value);
  return (
    typeof value['type'] === 'string' &&
    'object' in value &&
    keys.every((key) => key === 'type' || key === 'object')
  );
}

function without(record: Record<string, unknown>, field: string): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    if (key !== field) setOwn(kept, key, record[key]);
  }
  return kept;
}
