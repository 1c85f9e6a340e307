import {
  ApiException,
  type AppsV1Api,
  type V1ConfigMap,
  type V1Deployment,
} from '@kubernetes/client-node';
import type { KeyGetter } from '@rxkube/store';
import type { Reconcile } from '../../reconcile/controllerOptions.js';
import { TerminalError } from '../../reconcile/reconcileResult.js';
import { desiredDeployment, isManaged, isUpToDate } from './desiredDeployment.js';

/** The Deployment writes the reconcile makes: a subset of client-node's `AppsV1Api`. */
export type DeploymentWriter = Pick<
  AppsV1Api,
  'createNamespacedDeployment' | 'replaceNamespacedDeployment' | 'deleteNamespacedDeployment'
>;

/** What {@link reconcileConfigMap} works with. */
export interface ConfigMapReconcilerDeps {
  /** Writes Deployments. */
  apps: DeploymentWriter;
  /** The Deployments informer's cache: what exists, as far as the operator knows. */
  deployments: KeyGetter<V1Deployment>;
  /** The container image of the Deployments. */
  image: string;
}

function status(error: unknown): number | undefined {
  return error instanceof ApiException ? (error as ApiException<unknown>).code : undefined;
}

function controlledByConfigMap(deployment: V1Deployment, name: string): boolean {
  const owner = deployment.metadata?.ownerReferences?.find((ref) => ref.controller === true);
  return owner?.kind === 'ConfigMap' && owner.apiVersion === 'v1' && owner.name === name;
}

/**
 * The example operator's reconcile: makes the Deployment named after a labelled ConfigMap
 * match it, or removes it when the ConfigMap is gone (deleted, or its label removed).
 *
 * It reads the Deployment from the informer's cache, never from the server, and writes with
 * optimistic concurrency: a replace carries the cached resourceVersion, a delete the cached
 * uid. When the cache is behind, the write fails with 409 and the key is retried with backoff,
 * by which time the cache has caught up. Everything else that fails is retried the same way.
 *
 * @param deps - the Deployments client and cache, the image
 * @returns the reconcile function
 */
export function reconcileConfigMap(deps: ConfigMapReconcilerDeps): Reconcile<V1ConfigMap> {
  const { apps, deployments, image } = deps;
  return async ({ key, namespace, name, object: configMap }) => {
    const existing = deployments.getByKey(key);

    if (configMap === undefined) {
      if (existing === undefined || !isManaged(existing) || !controlledByConfigMap(existing, name))
        return;
      try {
        await apps.deleteNamespacedDeployment({
          namespace,
          name,
          body: { preconditions: { uid: existing.metadata?.uid ?? '' } },
        });
      } catch (error) {
        // Already gone (the garbage collector was faster): done.
        if (status(error) !== 404) throw error;
      }
      return;
    }

    const desired = desiredDeployment(configMap, image);
    if (existing === undefined) {
      try {
        await apps.createNamespacedDeployment({ namespace, body: desired });
      } catch (error) {
        // It exists but the cache has not seen it yet: look again once it has.
        if (status(error) === 409) return { requeue: true };
        throw error;
      }
      return;
    }
    if (!isManaged(existing))
      throw new TerminalError(`Deployment ${key} exists and is not managed by this operator`);
    if (isUpToDate(existing, desired)) return;
    const body: V1Deployment = {
      ...desired,
      metadata: { ...desired.metadata, resourceVersion: existing.metadata?.resourceVersion },
    };
    await apps.replaceNamespacedDeployment({ namespace, name, body });
  };
}
