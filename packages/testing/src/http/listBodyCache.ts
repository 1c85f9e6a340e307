import type { Snapshot } from '../storage/listSnapshots.js';

// Stored objects and snapshots are never mutated, so a list body is a function of its snapshot
// and the request's page and filter: the same list asked again at an unchanged state (several
// clients starting at once, a client relisting, `resourceVersion=0` and `""` both served from
// the latest state) can be answered with the bytes already built. Encoding the body is most of
// a large list's cost (150 MB for 50,000 pods). One body is kept per snapshot, the last one
// built, and only as long as the store keeps that snapshot (weakly held): memory stays bounded
// by the store's few cached snapshots, and a write, which makes a new snapshot, ends reuse.
const lastBodies = new WeakMap<Snapshot, { readonly key: string; readonly body: Buffer }>();

/**
 * The list body for `key` on `snapshot`: the one built last time if the same page of the same
 * snapshot was asked for last, else built now and kept.
 *
 * @param snapshot - the state the list reads (a store snapshot, never mutated).
 * @param key - everything else the body depends on (resource, filter, start, limit).
 * @param build - builds the body; it must depend only on `snapshot` and what `key` names.
 * @returns the body, shared between responses: never modify it.
 */
export function listBody(snapshot: Snapshot, key: string, build: () => Buffer): Buffer {
  const last = lastBodies.get(snapshot);
  if (last !== undefined && last.key === key) return last.body;
  const body = build();
  lastBodies.set(snapshot, { key, body });
  return body;
}
