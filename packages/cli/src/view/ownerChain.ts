import { record } from './jsonFields.js';
import type { OwnerSummary } from '../dashboard/feedProtocol.js';

/** One `metadata.ownerReferences` entry. */
export interface OwnerReference {
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  readonly uid?: string | undefined;
  readonly controller?: boolean | undefined;
}

/**
 * Finds an owner in a cache.
 *
 * @param owner - the reference
 * @param namespace - the namespace of the object that holds the reference (owners are in the
 *   same namespace, or cluster-scoped)
 * @returns the owner, or undefined when no cache has it
 */
export type OwnerLookup = (
  owner: OwnerReference,
  namespace: string | undefined,
) => Promise<unknown>;

/** Owner chains are short (pod → replica set → deployment); this bounds a malformed one. */
const maxDepth = 16;

/**
 * Walks an object's owners through the caches: its controller owner (else its first owner),
 * then that one's, until an object has no owner, an owner is not found, or a name repeats.
 *
 * @example
 * await ownerChain(pod, lookup) // [{ kind: 'ReplicaSet', … }, { kind: 'Deployment', … }]
 * @param object - the object
 * @param lookup - finds an owner in the caches
 * @returns the owners, nearest first; the last one has `found: false` when the walk stopped
 *   at a reference no cache holds
 */
export async function ownerChain(object: unknown, lookup: OwnerLookup): Promise<OwnerSummary[]> {
  const chain: OwnerSummary[] = [];
  const seen = new Set<string>();
  let current = object;
  while (chain.length < maxDepth) {
    const metadata = record(record(current)['metadata']);
    const owner = ownerOf(metadata['ownerReferences']);
    if (owner === undefined) break;
    const id = `${owner.apiVersion}/${owner.kind}/${owner.name}`;
    if (seen.has(id)) break;
    seen.add(id);
    const namespace = typeof metadata['namespace'] === 'string' ? metadata['namespace'] : undefined;
    const found = await lookup(owner, namespace);
    chain.push({ kind: owner.kind, name: owner.name, found: found !== undefined });
    if (found === undefined) break;
    current = found;
  }
  return chain;
}

function ownerOf(references: unknown): OwnerReference | undefined {
  if (!Array.isArray(references)) return undefined;
  const valid = references
    .map(record)
    .filter(
      (r) =>
        typeof r['apiVersion'] === 'string' &&
        typeof r['kind'] === 'string' &&
        typeof r['name'] === 'string',
    ) as unknown as OwnerReference[];
  return valid.find((r) => r.controller === true) ?? valid[0];
}
