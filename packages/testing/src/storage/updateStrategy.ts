import type { KubeObject, ObjectMeta } from '../api/types.js';
import type { ResourceDefinition } from '../registry/resourceDefinition.js';
import { deepEqual } from './deepEqual.js';

/**
 * What an update writes, which decides the fields it may change (kube-apiserver's registry
 * strategies, `PrepareForUpdate`):
 *
 * - `resource`: a write to the main resource; a kind with a `/status` subresource keeps its
 *   stored `status`;
 * - `status`: a write to `/status`; everything but `status` is kept (and, as each kind's status
 *   strategy does, some metadata);
 * - `storage`: a write straight to storage (the test's own hand, `FakeApiServer.update`), which
 *   takes every field as given.
 */
export type WriteScope = 'resource' | 'status' | 'storage';

// The metadata each kind's status strategy keeps from the stored object on a `/status` write
// (pkg/registry/*/strategy.go): a Pod's owner references (old kubelets corrupted them), a
// Deployment's labels, a CustomResourceDefinition's labels, annotations and owners. Other
// metadata changes are taken, as on kube-apiserver.
const statusKeepsMetadata: Readonly<Record<string, readonly (keyof ObjectMeta)[]>> = {
  Pod: ['ownerReferences'],
  Deployment: ['labels'],
  CustomResourceDefinition: ['labels', 'annotations', 'ownerReferences'],
};

/**
 * The object an update stores once the write's scope has reset what it may not change.
 *
 * @param def - the resource.
 * @param previous - the stored object.
 * @param next - what the client sent (not modified).
 * @param scope - what the write addresses.
 * @returns `next`, or a shallow copy of it with the kept fields of `previous`.
 */
export function prepareForUpdate(
  def: ResourceDefinition,
  previous: KubeObject,
  next: KubeObject,
  scope: WriteScope,
): KubeObject {
  if (scope === 'storage' || def.subresources?.status !== true) return next;
  if (scope === 'resource') return withField(next, 'status', previous);
  if (!def.builtin) {
    // A custom resource's status strategy takes only `status` (and the managed fields the
    // server computes): metadata, spec and any other field stay as stored.
    const kept = withField(previous, 'status', next);
    return { ...kept, metadata: { ...previous.metadata } };
  }
  const kept = withField(next, 'spec', previous);
  const metadata = { ...kept.metadata } as Record<string, unknown>;
  const stored = previous.metadata as Record<string, unknown>;
  for (const key of statusKeepsMetadata[def.kind] ?? []) {
    if (stored[key] === undefined) delete metadata[key];
    else metadata[key] = stored[key];
  }
  return { ...kept, metadata: metadata as ObjectMeta };
}

/**
 * Whether an update moves `metadata.generation`: a custom resource's on any change outside
 * `metadata` (and `status` when it has the subresource), a Deployment's on a change of `spec` or
 * of its annotations (which it copies to its ReplicaSets), any other kind's on a change of
 * `spec`; never on a `/status` write.
 *
 * @param def - the resource.
 * @param previous - the stored object.
 * @param next - the object to store (after {@link prepareForUpdate}).
 * @param scope - what the write addresses.
 * @returns whether the generation moves.
 */
export function generationMoves(
  def: ResourceDefinition,
  previous: KubeObject,
  next: KubeObject,
  scope: WriteScope,
): boolean {
  if (scope === 'status') return false;
  if (!def.builtin) {
    const ignored = (key: string): boolean =>
      key === 'metadata' || (key === 'status' && def.subresources?.status === true);
    const a = next as Record<string, unknown>;
    const b = previous as Record<string, unknown>;
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) if (!ignored(key) && !deepEqual(a[key], b[key])) return true;
    return false;
  }
  if (!deepEqual(next['spec'], previous['spec'])) return true;
  return (
    def.kind === 'Deployment' &&
    !deepEqual(next.metadata.annotations ?? {}, previous.metadata.annotations ?? {})
  );
}

// `target` with `source`'s value of `key` (or without `key` when `source` has none).
function withField(target: KubeObject, key: string, source: KubeObject): KubeObject {
  const copy = { ...target } as Record<string, unknown>;
  const value = (source as Record<string, unknown>)[key];
  if (value === undefined) delete copy[key];
  else copy[key] = value;
  return copy as KubeObject;
}
