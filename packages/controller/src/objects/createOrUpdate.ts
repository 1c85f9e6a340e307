import type { KubernetesObject, KubernetesObjectApi } from '@kubernetes/client-node';
import { isNotFound } from '../resources/apiStatus.js';
import { ObjectIdentityChangedError } from './errors.js';
import { retryOnConflict, type RetryOnConflictOptions } from './retryOnConflict.js';
import { sameWireForm, wireForm } from './wireForm.js';

/** What {@link createOrUpdate} did (controller-runtime's `OperationResult`). */
export type OperationResult = 'created' | 'updated' | 'unchanged';

/**
 * Changes an object towards its desired state, in place or by returning a new one. It
 * receives the current object (or, when there is none, a copy of the one given to
 * {@link createOrUpdate}) and must be idempotent: it may run again after a conflict.
 *
 * @typeParam T - the object type
 */
export type MutateFn<T> = (object: T) => void | T | PromiseLike<void | T>;

/** Options of {@link createOrUpdate}. */
export interface CreateOrUpdateOptions extends RetryOnConflictOptions {
  /** The manager recorded in `managedFields` for the write. */
  fieldManager?: string;
}

/** A deep copy as plain JSON: client-node's models compare and copy as the wire sees them. */
const plain = wireForm;

const identity = ['apiVersion', 'kind', 'metadata.name', 'metadata.namespace'] as const;

function field(object: KubernetesObject, path: (typeof identity)[number]): unknown {
  return path === 'metadata.name'
    ? object.metadata?.name
    : path === 'metadata.namespace'
      ? object.metadata?.namespace
      : object[path];
}

async function mutated<T extends KubernetesObject>(object: T, mutate: MutateFn<T>): Promise<T> {
  const before = plain(object);
  const result = (await mutate(object)) ?? object;
  for (const path of identity)
    if (field(result, path) !== field(before, path)) throw new ObjectIdentityChangedError(path);
  return result;
}

/** Leaves `target` holding `source`'s fields, as controller-runtime leaves its `obj`. */
function assignInto(target: object, source: object): void {
  for (const key of Object.keys(target)) delete (target as Record<string, unknown>)[key];
  Object.assign(target, source);
}

/**
 * Makes an object exist in the desired state (controller-runtime's
 * `controllerutil.CreateOrUpdate`): reads it, lets `mutate` change it, then creates it if it
 * did not exist, updates it if `mutate` changed something, and writes nothing otherwise.
 *
 * The update carries the resourceVersion it read, so a concurrent write makes it fail with a
 * 409 conflict; so does a create racing another create of the same name (409 AlreadyExists).
 * Either way the whole read, mutate, write runs again (client-go's `retry.RetryOnConflict`
 * backoff, 5 attempts), on the fresh object. When it returns, `object` holds the object as the
 * server stored it (or found it, for `unchanged`).
 *
 * @typeParam T - the object type
 * @param client - client-node's `KubernetesObjectApi` (or {@link ObjectApi})
 * @param object - apiVersion, kind, name and namespace of the object, and what to create when
 *   it does not exist (before `mutate`); overwritten with the result
 * @param mutate - sets the desired state; must not change the apiVersion, kind, name or
 *   namespace
 * @param options - field manager, conflict backoff
 * @returns what was done
 * @throws {@link ObjectIdentityChangedError} when `mutate` changes what identifies the object
 * @throws client-node's `ApiException` for any other error, or a conflict on the last attempt
 * @example
 * ```ts
 * const result = await createOrUpdate(client, configMap('app-config', 'default'), (cm) => {
 *   cm.data = { ...cm.data, mode: 'production' };
 *   setControllerReference(app, cm);
 * });
 * ```
 */
export async function createOrUpdate<T extends KubernetesObject>(
  client: KubernetesObjectApi,
  object: T,
  mutate: MutateFn<T>,
  options: CreateOrUpdateOptions = {},
): Promise<OperationResult> {
  const { fieldManager } = options;
  const requested = plain(object);
  const name = requested.metadata?.name ?? '';
  const header = {
    apiVersion: requested.apiVersion ?? '',
    kind: requested.kind ?? '',
    metadata: {
      name,
      ...(requested.metadata?.namespace === undefined
        ? {}
        : { namespace: requested.metadata.namespace }),
    },
  };
  const [result, stored] = await retryOnConflict(async (): Promise<[OperationResult, T]> => {
    const current = await client.read<T>(header).catch((error: unknown) => {
      if (isNotFound(error)) return undefined;
      throw error;
    });
    if (current === undefined) {
      const desired = await mutated(plain(requested), mutate);
      return ['created', await client.create(desired, undefined, undefined, fieldManager)];
    }
    const before = plain(current);
    const desired = await mutated(current, mutate);
    if (sameWireForm(plain(desired), before)) return ['unchanged', current];
    return ['updated', await client.replace(desired, undefined, undefined, fieldManager)];
  }, options);
  assignInto(object, stored);
  return result;
}
