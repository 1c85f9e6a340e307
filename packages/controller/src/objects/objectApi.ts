import {
  HttpMethod,
  KubernetesObjectApi,
  PatchStrategy,
  type KubeConfig,
  type KubernetesObject,
} from '@kubernetes/client-node';

/** One RFC 6902 JSON patch operation. */
export type JsonPatchOperation =
  | { op: 'add' | 'replace' | 'test'; path: string; value: unknown }
  | { op: 'remove'; path: string }
  | { op: 'move' | 'copy'; from: string; path: string };

/** The apiVersion, kind, name and namespace that locate an object. */
export interface ObjectReference {
  /** e.g. `v1`, `apps/v1`. */
  apiVersion: string;
  /** e.g. `ConfigMap`. */
  kind: string;
  /** Name and, for a namespaced kind, namespace. */
  metadata: { name: string; namespace?: string };
}

/**
 * client-node's `KubernetesObjectApi` with the one request it cannot make: a JSON patch
 * (`application/json-patch+json`). Its `patch` sends the object it is given as the body,
 * serialized through the kind's model, so a list of operations never reaches the server.
 * `jsonPatch` builds the request as `patch` does (the same resource discovery, path,
 * authentication, middleware, `ApiException`s and response models) with the operations as
 * the body. Build it with {@link ObjectApi.makeApiClient}.
 */
export class ObjectApi extends KubernetesObjectApi {
  /**
   * @param kc - the kubeconfig
   * @returns a client for the kubeconfig's cluster, defaulting to its context's namespace
   */
  static override makeApiClient(kc: KubeConfig): ObjectApi {
    const client = kc.makeApiClient(ObjectApi);
    client.setDefaultNamespace(kc);
    return client;
  }

  /**
   * Patches an object with RFC 6902 operations. A failed `test` is refused by the server
   * (422) and writes nothing: the optimistic-concurrency check of a JSON patch.
   *
   * @typeParam T - the object type
   * @param reference - the object to patch
   * @param operations - the operations, applied in order, all or none
   * @param fieldManager - the manager recorded in `managedFields`
   * @returns the patched object
   * @throws client-node's `ApiException` for an error status
   */
  async jsonPatch<T extends KubernetesObject>(
    reference: ObjectReference,
    operations: readonly JsonPatchOperation[],
    fieldManager?: string,
  ): Promise<T> {
    const path = await this.specUriPath(reference, 'patch');
    const request = this.configuration.baseServer.makeRequestContext(path, HttpMethod.PATCH);
    request.setHeaderParam('Accept', 'application/json, */*;q=0.8');
    request.setHeaderParam('Content-Type', PatchStrategy.JsonPatch);
    if (fieldManager !== undefined) request.setQueryParam('fieldManager', fieldManager);
    request.setBody(JSON.stringify(operations));
    return this.requestPromise<T>(request);
  }
}
