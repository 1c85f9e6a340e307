import { DeletedFinalStateUnknown } from './deletedFinalStateUnknown.js';
import type { KubeObject } from './kubeObject.js';

/**
 * Computes the cache key of an object. Throws a {@link KeyError} when it cannot.
 *
 * @typeParam T - the object type
 */
export type KeyFunc<T = unknown> = (obj: T) => string;

/**
 * Thrown when a key function cannot compute a key: the object is not a Kubernetes object or
 * lacks a name. Carries the offending object so the caller can report it, and, when a custom
 * key function failed with an error of its own, that error as `cause` (client-go's
 * `KeyError{Obj, Err}`, which unwraps to `Err`).
 */
export class KeyError extends Error {
  override readonly name = 'KeyError';

  /**
   * @param obj - the object whose key could not be computed
   * @param message - why
   * @param options - `cause`: the key function's own error, if it threw one
   */
  constructor(
    readonly obj: unknown,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`couldn't create key for object ${describe(obj)}: ${message}`, options);
  }
}

/**
 * Computes `obj`'s key with `keyFunc`, turning whatever the key function throws into a
 * {@link KeyError} (with the thrown value as `cause`), so every cache and queue reports one
 * error type whatever key function it was given. A `KeyError` passes through unchanged.
 *
 * @typeParam T - the object type
 * @param keyFunc - any key function
 * @param obj - the object
 * @returns the key
 * @throws {@link KeyError} if `keyFunc` throws
 */
export function keyOf<T>(keyFunc: KeyFunc<T>, obj: T): string {
  try {
    return keyFunc(obj);
  } catch (err) {
    if (err instanceof KeyError) throw err;
    throw new KeyError(obj, err instanceof Error ? err.message : String(err), { cause: err });
  }
}

/**
 * A key given verbatim instead of an object. {@link metaNamespaceKeyFunc} returns `key` as is,
 * which lets callers delete or look up by key where an object is expected.
 */
export class ExplicitKey {
  /** @param key - the cache key, already in `namespace/name` or `name` form */
  constructor(readonly key: string) {}

  /** @returns the key */
  toString(): string {
    return this.key;
  }
}

/**
 * The standard key function: `namespace/name` for namespaced objects, `name` for cluster-scoped
 * ones (empty or absent namespace). An {@link ExplicitKey} is returned unchanged.
 *
 * @param obj - a Kubernetes object or an {@link ExplicitKey}
 * @returns the cache key
 * @throws {@link KeyError} if `obj` has no metadata or no name
 */
export function metaNamespaceKeyFunc(obj: unknown): string {
  if (obj instanceof ExplicitKey) return obj.key;
  const meta = (obj as KubeObject | null | undefined)?.metadata;
  if (meta === null || typeof meta !== 'object') throw new KeyError(obj, 'object has no metadata');
  const { name, namespace } = meta;
  if (typeof name !== 'string' || name === '') throw new KeyError(obj, 'object has no name');
  if (namespace !== undefined && typeof namespace !== 'string') {
    throw new KeyError(obj, 'metadata.namespace is not a string');
  }
  return namespace ? `${namespace}/${name}` : name;
}

/**
 * Like {@link metaNamespaceKeyFunc}, but a {@link DeletedFinalStateUnknown} tombstone yields
 * the key it carries. This is the key function informers use, because tombstones flow through
 * the same paths as objects.
 *
 * @param obj - an object, an {@link ExplicitKey} or a tombstone
 * @returns the cache key
 * @throws {@link KeyError} as {@link metaNamespaceKeyFunc}
 */
export function deletionHandlingMetaNamespaceKeyFunc(obj: unknown): string {
  if (obj instanceof DeletedFinalStateUnknown) return obj.key;
  return metaNamespaceKeyFunc(obj);
}

/** The parts of a `namespace/name` key. `namespace` is `''` for cluster-scoped keys. */
export interface NamespaceAndName {
  /** Namespace, or `''` for a cluster-scoped key. */
  namespace: string;
  /** Object name. */
  name: string;
}

/**
 * Splits a key made by {@link metaNamespaceKeyFunc} back into namespace and name.
 *
 * @param key - `namespace/name` or `name`
 * @returns the parts; `namespace` is `''` for a cluster-scoped key
 * @throws {@link KeyError} if the key has more than one `/` or an empty name
 */
export function splitMetaNamespaceKey(key: string): NamespaceAndName {
  const parts = key.split('/');
  if (parts.length === 1 && parts[0] !== '') return { namespace: '', name: key };
  if (parts.length === 2 && parts[1] !== '')
    return { namespace: parts[0] ?? '', name: parts[1] ?? '' };
  throw new KeyError(key, `unexpected key format: ${JSON.stringify(key)}`);
}

function describe(obj: unknown): string {
  try {
    const text = JSON.stringify(obj);
    if (text === undefined) return String(obj);
    return text.length > 200 ? `${text.slice(0, 200)}…` : text;
  } catch {
    return Object.prototype.toString.call(obj);
  }
}
