/**
 * Reads `metadata.resourceVersion` without trusting the object's shape.
 *
 * @param obj - anything, typically a Kubernetes object or a bookmark
 * @returns the resource version, or `undefined` when absent or empty
 */
export function resourceVersionOf(obj: unknown): string | undefined {
  if (typeof obj !== 'object' || obj === null) return undefined;
  const metadata = (obj as { metadata?: unknown }).metadata;
  if (typeof metadata !== 'object' || metadata === null) return undefined;
  const version = (metadata as { resourceVersion?: unknown }).resourceVersion;
  return typeof version === 'string' && version !== '' ? version : undefined;
}
