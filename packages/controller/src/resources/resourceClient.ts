import type { KubeConfig, KubernetesObject } from '@kubernetes/client-node';
import { KubernetesObjectApi, PatchStrategy } from '@kubernetes/client-node';
import { apiStatus } from './apiStatus.js';
import { ResourceRequestError, type ResourceVerb } from './errors.js';
import type { ResourceDescription } from './resource.js';

/** How a patch is written (the request's `Content-Type`). */
export type ResourcePatchType = 'merge' | 'strategic' | 'apply';

/** Options of {@link ResourceClient.patch}. */
export interface ResourcePatchOptions {
  /** The object's namespace; default: the kubeconfig context's, or `default`. */
  namespace?: string;
  /**
   * `merge` (JSON merge patch, RFC 7386; default), `strategic` (strategic merge patch, built-in
   * kinds only) or `apply` (server-side apply: give `fieldManager`).
   */
  type?: ResourcePatchType;
  /** The field manager the change is recorded under; required by `apply`. */
  fieldManager?: string;
  /** Server-side apply only: take over fields other managers own. */
  force?: boolean;
}

/** Options of {@link ResourceClient.create} and {@link ResourceClient.update}. */
export interface ResourceWriteOptions {
  /** The field manager the change is recorded under. */
  fieldManager?: string;
}

/** Options of {@link ResourceClient.delete}. */
export interface ResourceDeleteOptions {
  /** `Foreground`, `Background` (the API server's default for most kinds) or `Orphan`. */
  propagationPolicy?: 'Foreground' | 'Background' | 'Orphan';
  /** Seconds before the object is deleted; 0 deletes at once. */
  gracePeriodSeconds?: number;
  /**
   * Delete only the object with this uid (and resourceVersion, if given): a name reused by a
   * newer object, or an object changed since it was read, is left alone (409 Conflict).
   */
  preconditions?: { uid?: string; resourceVersion?: string };
}

/**
 * A typed JSON client for one kind (see {@link resourceClient}). Every method rejects with a
 * {@link ResourceRequestError} that names the verb, the object and the HTTP status.
 *
 * @typeParam T - the objects' type
 */
export interface ResourceClient<T extends object> {
  /** The kind this client reads and writes. */
  readonly resource: ResourceDescription<T>;
  /**
   * Reads one object.
   *
   * @param name - its name
   * @param namespace - its namespace (namespaced kinds); default: the context's, or `default`
   * @returns the object
   */
  get(name: string, namespace?: string): Promise<T>;
  /**
   * Creates an object; `apiVersion` and `kind` are filled in from the description.
   *
   * @param object - the object, with `metadata.name` (or `generateName`)
   * @param options - field manager
   * @returns the object as created
   */
  create(object: T, options?: ResourceWriteOptions): Promise<T>;
  /**
   * Replaces an object (PUT); with a `metadata.resourceVersion`, only if it has not changed since.
   *
   * @param object - the whole object, with `metadata.name`
   * @param options - field manager
   * @returns the object as stored
   */
  update(object: T, options?: ResourceWriteOptions): Promise<T>;
  /**
   * Patches an object.
   *
   * @param name - its name
   * @param patch - the change (for `apply`, the fields this manager owns)
   * @param options - namespace, patch type, field manager
   * @returns the object as stored
   */
  patch(name: string, patch: object, options?: ResourcePatchOptions): Promise<T>;
  /**
   * Deletes an object.
   *
   * @param name - its name
   * @param namespace - its namespace (namespaced kinds)
   * @param options - propagation policy, grace period
   * @returns a promise resolved once the API server has accepted the deletion
   */
  delete(name: string, namespace?: string, options?: ResourceDeleteOptions): Promise<void>;
}

const patchStrategies: Record<ResourcePatchType, PatchStrategy> = {
  merge: PatchStrategy.MergePatch,
  strategic: PatchStrategy.StrategicMergePatch,
  apply: PatchStrategy.ServerSideApply,
};

/**
 * A typed JSON client for the kind a {@link ResourceDescription} names, on client-node's
 * `KubernetesObjectApi` (the kubeconfig's credentials, TLS and proxies; the kind's path from
 * discovery, asked once). Objects go out with the description's `apiVersion` and `kind`, so a
 * caller writes only what the object says.
 *
 * @typeParam T - the objects' type
 * @param kubeConfig - the cluster and credentials
 * @param description - the kind
 * @param api - the client-node client to send through; default: a new one for `kubeConfig`
 *   (a manager passes its {@link Manager.objectApi}, so that every client shares one)
 * @returns the client
 * @example
 * ```ts
 * const deployments = resourceClient(kubeConfig, resources.deployments);
 * const web = await deployments.get('web', 'shop');
 * await deployments.patch('web', { spec: { replicas: 3 } }, { namespace: 'shop' });
 * ```
 */
export function resourceClient<T extends object>(
  kubeConfig: KubeConfig,
  description: ResourceDescription<T>,
  api: KubernetesObjectApi = KubernetesObjectApi.makeApiClient(kubeConfig),
): ResourceClient<T> {
  const { apiVersion, kind, plural, group } = description;
  const kindName = group === '' ? plural : `${plural}.${group}`;

  /** The object as the API client wants it: typed, with name and namespace, never shared. */
  const spec = (object: object, name?: string, namespace?: string): KubernetesObject => {
    const metadata = { ...(object as KubernetesObject).metadata };
    if (name !== undefined) metadata.name = name;
    if (namespace !== undefined && description.namespaced) metadata.namespace = namespace;
    if (!description.namespaced) delete metadata.namespace;
    return { ...object, apiVersion, kind, metadata };
  };
  const target = (object: KubernetesObject): string => {
    const { name = object.metadata?.generateName ?? '', namespace } = object.metadata ?? {};
    return `${kindName} ${namespace === undefined ? '' : `${namespace}/`}${name}`;
  };
  const send = async <R>(
    verb: ResourceVerb,
    object: KubernetesObject,
    request: (object: KubernetesObject) => Promise<R>,
  ): Promise<R> => {
    if (!object.metadata?.name && !(verb === 'create' && object.metadata?.generateName))
      throw new ResourceRequestError(
        verb,
        target(object),
        undefined,
        undefined,
        new TypeError('the object has no metadata.name'),
      );
    try {
      return await request(object);
    } catch (error) {
      const { code, reason } = apiStatus(error);
      throw new ResourceRequestError(verb, target(object), code, reason, error);
    }
  };

  return {
    resource: description,
    get: (name, namespace) =>
      send('get', spec({}, name, namespace), async (s) => (await api.read(s as never)) as T),
    create: (object, options = {}) =>
      send(
        'create',
        spec(object),
        async (s) => (await api.create(s, undefined, undefined, options.fieldManager)) as T,
      ),
    update: (object, options = {}) =>
      send(
        'update',
        spec(object),
        async (s) => (await api.replace(s, undefined, undefined, options.fieldManager)) as T,
      ),
    patch: (name, patch, options = {}) =>
      send(
        'patch',
        spec(patch, name, options.namespace),
        async (s) =>
          (await api.patch(
            s,
            undefined,
            undefined,
            options.fieldManager,
            options.force,
            patchStrategies[options.type ?? 'merge'],
          )) as T,
      ),
    delete: (name, namespace, options = {}) =>
      send('delete', spec({}, name, namespace), async (s) => {
        await api.delete(
          s,
          undefined,
          undefined,
          options.gracePeriodSeconds,
          undefined,
          options.propagationPolicy,
          options.preconditions === undefined
            ? undefined
            : { preconditions: options.preconditions },
        );
      }),
  };
}
