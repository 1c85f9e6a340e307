/**
 * Checks the fields of a `BOOKMARK` event's object that the Reflector reads: `metadata` an
 * object, its `resourceVersion` a string and its `annotations` an object of strings, each
 * absent or `null` allowed (client-go decodes a bookmark into a typed object, and a field of
 * another type fails the decoding). Only the annotations' own values are looked at, never
 * walked into.
 *
 * @param object - a bookmark's object, as parsed
 * @returns what is wrong, or undefined when the bookmark can be read
 * @internal
 */
export function bookmarkProblem(object: unknown): string | undefined {
  if (typeof object !== 'object' || object === null || Array.isArray(object)) {
    return 'object is not an object';
  }
  const metadata: unknown = (object as { metadata?: unknown }).metadata;
  if (metadata === undefined || metadata === null) return undefined;
  if (typeof metadata !== 'object' || Array.isArray(metadata)) return 'metadata is not an object';
  const { resourceVersion, annotations } = metadata as {
    resourceVersion?: unknown;
    annotations?: unknown;
  };
  if (resourceVersion !== undefined && resourceVersion !== null) {
    if (typeof resourceVersion !== 'string') return 'metadata.resourceVersion is not a string';
  }
  if (annotations === undefined || annotations === null) return undefined;
  if (typeof annotations !== 'object' || Array.isArray(annotations)) {
    return 'metadata.annotations is not an object';
  }
  for (const value of Object.values(annotations)) {
    if (typeof value !== 'string' && value !== null)
      return 'metadata.annotations has a value that is not a string';
  }
  return undefined;
}
