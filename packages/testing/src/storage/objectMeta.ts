import { randomUUID } from 'node:crypto';
import { invalid } from '../api/status.js';
import type { KubeObject } from '../api/types.js';
import type { ResourceDefinition } from '../registry/resourceDefinition.js';
import { apiVersionOf } from '../registry/resourceDefinition.js';
import { deepEqual } from './deepEqual.js';

const subdomain = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const generatedSuffixAlphabet = 'bcdfghjklmnpqrstvwxz2456789';

/**
 * The storage key of an object: `namespace/name`, or `name` when cluster-scoped. Sorting keys
 * as strings gives kube-apiserver's list order.
 *
 * @param namespace - the namespace (ignored when empty).
 * @param name - the object name.
 * @returns the key.
 */
export function objectKey(namespace: string | undefined, name: string): string {
  return namespace ? `${namespace}/${name}` : name;
}

/**
 * Checks the identity fields of an object about to be created and fills in a generated name.
 * Throws the 422 `Invalid` Status kube-apiserver answers for a missing or malformed name or a
 * namespaced object without a namespace.
 *
 * @param def - the resource.
 * @param obj - the object (its metadata is modified in place).
 * @param random - source of randomness for `generateName` suffixes.
 */
export function validateIdentity(
  def: ResourceDefinition,
  obj: KubeObject,
  random: () => number,
): void {
  const meta = obj.metadata;
  if (!meta.name && meta.generateName) {
    let suffix = '';
    for (let i = 0; i < 5; i += 1) {
      suffix += generatedSuffixAlphabet[Math.floor(random() * generatedSuffixAlphabet.length)];
    }
    meta.name = `${meta.generateName}${suffix}`;
  }
  const name = meta.name ?? '';
  const causes = [];
  if (name === '') {
    causes.push({
      field: 'metadata.name',
      message: 'Required value: name or generateName is required',
      reason: 'FieldValueRequired',
    });
  } else if (name.length > 253 || !subdomain.test(name)) {
    causes.push({
      field: 'metadata.name',
      message: `Invalid value: "${name}": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character`,
    });
  }
  if (def.namespaced && !meta.namespace) {
    causes.push({
      field: 'metadata.namespace',
      message: 'Required value',
      reason: 'FieldValueRequired',
    });
  }
  if (causes.length > 0) throw invalid(def.kind, name, causes, def.group);
  if (!def.namespaced) delete meta.namespace;
}

/**
 * A creation timestamp in the RFC 3339 seconds precision kube-apiserver uses.
 *
 * @param now - the instant.
 * @returns e.g. `2025-01-02T03:04:05Z`.
 */
export function timestamp(now: Date): string {
  return `${now.toISOString().slice(0, 19)}Z`;
}

/**
 * Stamps the server-owned fields of a newly created object.
 *
 * @param def - the resource.
 * @param obj - the object (copied, not modified).
 * @param resourceVersion - the resourceVersion of the write.
 * @param now - the creation instant.
 * @returns the object as stored.
 */
export function stampCreated(
  def: ResourceDefinition,
  obj: KubeObject,
  resourceVersion: string,
  now: Date,
): KubeObject {
  const meta = { ...obj.metadata };
  delete meta.deletionTimestamp;
  delete meta.deletionGracePeriodSeconds;
  return {
    ...obj,
    apiVersion: apiVersionOf(def),
    kind: def.kind,
    metadata: {
      ...meta,
      uid: randomUUID(),
      resourceVersion,
      generation: 1,
      creationTimestamp: timestamp(now),
    },
  };
}

/**
 * Stamps an update: keeps the identity fields and the deletion mark of the stored object, bumps
 * `generation` when the change moves it and sets the new resourceVersion.
 *
 * @param def - the resource.
 * @param previous - the stored object.
 * @param next - the object the client sent.
 * @param resourceVersion - the resourceVersion of the write.
 * @param generationMoved - whether the change moves `generation` (see `generationMoves`).
 * @returns the object as stored.
 */
export function stampUpdated(
  def: ResourceDefinition,
  previous: KubeObject,
  next: KubeObject,
  resourceVersion: string,
  generationMoved: boolean,
): KubeObject {
  const generation = previous.metadata.generation ?? 1;
  const meta = { ...next.metadata };
  delete meta.generateName;
  return {
    ...next,
    apiVersion: apiVersionOf(def),
    kind: def.kind,
    metadata: {
      ...meta,
      name: previous.metadata.name,
      ...(def.namespaced ? { namespace: previous.metadata.namespace } : {}),
      uid: previous.metadata.uid,
      creationTimestamp: previous.metadata.creationTimestamp,
      // Only a DELETE marks an object; once marked, an update cannot unmark it.
      ...(previous.metadata.deletionTimestamp === undefined
        ? {}
        : {
            deletionTimestamp: previous.metadata.deletionTimestamp,
            deletionGracePeriodSeconds: previous.metadata.deletionGracePeriodSeconds,
          }),
      resourceVersion,
      generation: generationMoved ? generation + 1 : generation,
    },
  };
}

/**
 * The same object with another resourceVersion (used to stamp DELETED events).
 *
 * @param obj - the object.
 * @param resourceVersion - the resourceVersion to put in its metadata.
 * @returns a shallow copy with the new resourceVersion.
 */
export function withResourceVersion(
  obj: KubeObject,
  resourceVersion: string | undefined,
): KubeObject {
  return { ...obj, metadata: { ...obj.metadata, resourceVersion } };
}

/**
 * Whether two objects hold the same data but for `metadata.resourceVersion`: whether an update
 * to `next` would change nothing of `previous`. The same as comparing `previous` with
 * `withResourceVersion(next, previous.metadata.resourceVersion)`, without copying.
 *
 * @param next - the object an update would store.
 * @param previous - the stored object.
 * @returns whether they are equal apart from their resourceVersions.
 */
export function equalButResourceVersion(next: KubeObject, previous: KubeObject): boolean {
  const a = next as Record<string, unknown>;
  const b = previous as Record<string, unknown>;
  if (!sameMembers(a, b, (key) => key === 'metadata')) return false;
  const metaA = next.metadata as Record<string, unknown>;
  const metaB = previous.metadata as Record<string, unknown>;
  return sameMembers(metaA, metaB, (key) => key === 'resourceVersion');
}

// deepEqual of two records over their defined members, `skip`ped keys left out.
function sameMembers(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  skip: (key: string) => boolean,
): boolean {
  let count = 0;
  for (const key of Object.keys(a)) {
    if (skip(key) || a[key] === undefined) continue;
    if (!deepEqual(a[key], b[key])) return false;
    count += 1;
  }
  for (const key of Object.keys(b)) if (!skip(key) && b[key] !== undefined) count -= 1;
  return count === 0;
}
