import { DecodeError, type ErrorContext } from '../errors.js';
import type { ListPage } from '../listerWatcher.js';
import { decodeObject } from './decodeObject.js';
import type { KindGuard } from './kindGuard.js';
import type { ListBodyReader } from './listBodyReader.js';
import { partialObjectMetadataListKind, toPartialObjectMetadata } from './metadataOnly.js';

/**
 * How a list answer is decoded.
 *
 * @typeParam T - the object type
 * @internal
 */
export interface ListPageDecoding<T> {
  /** Converts each item (the lister-watcher's `decode`). */
  readonly decode: (raw: unknown) => T;
  /** For errors: resource and resource version. */
  readonly context: ErrorContext;
  /** Refuses lists and items of another kind. */
  readonly kinds: KindGuard;
  /** Items are reduced to their metadata. */
  readonly metadataOnly: boolean;
}

type Fields = Record<string, unknown>;

/**
 * Decodes a list answer read by a {@link ListBodyReader}. Like client-go, which decodes it into
 * a typed list, every envelope field the informer reads must have its JSON type: `items` an
 * array, `metadata` an object whose `resourceVersion` is a string, `continue` and
 * `shardInfo.selector` strings when present, `kind` and `apiVersion` strings. A field of
 * another type makes the answer undecodable: a `continue` token of the wrong type read as
 * absent, say, would take a truncated list for a complete one. Items are decoded one by one;
 * an item that is not an object is left to the key function, which skips it with an
 * `ObjectError` while the rest syncs.
 *
 * @typeParam T - the object type
 * @param body - the answer, read to its end
 * @param options - decode, error context, kind guard, metadata-only
 * @returns the page
 * @throws {@link DecodeError} for invalid JSON, a body that is not a list, a field of the wrong
 *   type, a list or item of another kind, or an item `decode` throws on
 * @internal
 */
export function decodeListPage<T>(body: ListBodyReader, options: ListPageDecoding<T>): ListPage<T> {
  const { context, kinds, metadataOnly } = options;
  const refuse = (problem: string): DecodeError =>
    new DecodeError('list', body.head(), problem, context);
  let parsed: unknown;
  try {
    parsed = body.end();
  } catch {
    throw refuse('invalid JSON');
  }
  if (!isFields(parsed) || !Array.isArray(parsed['items'])) throw refuse('no items array');
  const list = parsed;
  const metadata = list['metadata'];
  if (!isFields(metadata)) throw refuse('no metadata.resourceVersion');
  const resourceVersion = metadata['resourceVersion'];
  if (typeof resourceVersion !== 'string') throw refuse('no metadata.resourceVersion');
  const next = optionalString(metadata['continue']);
  if (next === false) throw refuse('metadata.continue is not a string');
  const shardInfo = metadata['shardInfo'];
  if (shardInfo !== undefined && shardInfo !== null && !isFields(shardInfo)) {
    throw refuse('metadata.shardInfo is not an object');
  }
  const shardSelector = optionalString(isFields(shardInfo) ? shardInfo['selector'] : undefined);
  if (shardSelector === false) throw refuse('metadata.shardInfo.selector is not a string');
  const listKind = optionalString(list['kind']);
  const apiVersion = optionalString(list['apiVersion']);
  if (listKind === false) throw refuse('kind is not a string');
  if (apiVersion === false) throw refuse('apiVersion is not a string');
  // The metadata-only form says nothing of the listed kind; whole objects do, even then.
  const partialList = metadataOnly && listKind === partialObjectMetadataListKind;
  const wrongKind = partialList ? undefined : kinds.checkList(listKind);
  if (wrongKind !== undefined) throw refuse(wrongKind);
  // Built-in list items carry no kind/apiVersion while watch events do; filling them in from
  // the list makes cached objects look the same whichever way they arrived.
  const kind = listKind?.endsWith('List') === true ? listKind.slice(0, -4) : undefined;
  const items: T[] = [];
  for (const item of list['items'] as unknown[]) {
    if (isFields(item)) {
      if (item['kind'] === undefined && kind !== undefined) item['kind'] = kind;
      if (item['apiVersion'] === undefined && apiVersion !== undefined) {
        item['apiVersion'] = apiVersion;
      }
      const wrongItem = partialList ? undefined : kinds.checkObject(item);
      if (wrongItem !== undefined) throw refuse(wrongItem);
    }
    const raw = metadataOnly ? toPartialObjectMetadata(item) : item;
    items.push(decodeObject(options.decode, raw, 'list', () => body.head(), context));
  }
  return {
    items,
    resourceVersion,
    continue: next,
    shardSelector,
  };
}

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** @returns the string, undefined when absent or `null`, false when of another type */
function optionalString(value: unknown): string | undefined | false {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : false;
}
