import type { ResourceRef } from '@rxkube/informer';
import { NamespaceIndex, metaNamespaceIndexFunc, type Indexers } from '@rxkube/store';
import type { ObjectMeta } from './kubeTypes.js';

/** Core `v1` pods. */
export const podsResource: ResourceRef = { version: 'v1', plural: 'pods' };
/** Core `v1` namespaces. */
export const namespacesResource: ResourceRef = { version: 'v1', plural: 'namespaces' };
/** `apps/v1` Deployments. */
export const deploymentsResource: ResourceRef = {
  group: 'apps',
  version: 'v1',
  plural: 'deployments',
};
/** `apps/v1` ReplicaSets. */
export const replicaSetsResource: ResourceRef = {
  group: 'apps',
  version: 'v1',
  plural: 'replicasets',
};

/** The index of objects by the uid of their controller (the owner reference with `controller: true`). */
export const ControllerIndex = 'controller';

/**
 * @param obj - any object
 * @returns the uid of its controller, as the one value of {@link ControllerIndex} (none without one)
 */
export function controllerUidIndexFunc(obj: { readonly metadata?: ObjectMeta }): string[] {
  const owner = obj.metadata?.ownerReferences?.find((ref) => ref.controller === true);
  return owner === undefined ? [] : [owner.uid];
}

/**
 * The indices of the shared pod and ReplicaSet informers: every component asks with the same
 * ones, so whichever starts the informer starts it with all of them.
 */
export const ownedIndexers: Indexers = {
  [NamespaceIndex]: metaNamespaceIndexFunc,
  [ControllerIndex]: controllerUidIndexFunc,
};
