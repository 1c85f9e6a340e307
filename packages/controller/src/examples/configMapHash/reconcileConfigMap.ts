import type { KubernetesObjectApi, V1ConfigMap, V1Deployment } from '@kubernetes/client-node';
import type { KeyGetter } from '@rxkube/store';
import { createOrUpdate } from '../../objects/createOrUpdate.js';
import type { EventRecorder } from '../../objects/eventRecorder.js';
import type { Reconcile } from '../../reconcile/controllerOptions.js';
import { TerminalError } from '../../reconcile/reconcileResult.js';
import type { ResourceClient } from '../../resources/resourceClient.js';
import { ResourceRequestError } from '../../resources/errors.js';
import { hashAnnotation, isManaged, makeDesired } from './desiredDeployment.js';

/** What {@link reconcileConfigMap} works with: all of it from the manager. */
export interface ConfigMapReconcilerDeps {
  /** The manager's `objectApi`, for `createOrUpdate`. */
  objectApi: KubernetesObjectApi;
  /** The Deployments client (`mgr.client(resources.deployments)`), for deletes. */
  deployments: ResourceClient<V1Deployment>;
  /** The Deployments informer's cache: which Deployment a vanished ConfigMap left behind. */
  cache: KeyGetter<V1Deployment>;
  /** Where each outcome is recorded as an Event. */
  events: EventRecorder;
  /** The container image of the Deployments. */
  image: string;
}

/** The field manager of this operator's writes. */
export const fieldManager = 'configmap-hash';

function controlledByConfigMap(deployment: V1Deployment, name: string): boolean {
  const owner = deployment.metadata?.ownerReferences?.find((ref) => ref.controller === true);
  return owner?.kind === 'ConfigMap' && owner.apiVersion === 'v1' && owner.name === name;
}

/**
 * The example operator's reconcile: makes the Deployment named after a labelled ConfigMap
 * match it (`createOrUpdate`, which retries lost races itself), or removes it when the
 * ConfigMap is gone (deleted, or its label removed). Every change and every failure is
 * recorded as an Event about the ConfigMap (about the Deployment, once the ConfigMap is gone).
 * Whatever fails is retried with backoff, except a Deployment of that name that this operator
 * does not manage: that is a terminal error, and the Deployment is left alone.
 *
 * @param deps - the clients, the Deployments cache, the event recorder, the image
 * @returns the reconcile function
 */
export function reconcileConfigMap(deps: ConfigMapReconcilerDeps): Reconcile<V1ConfigMap> {
  const { objectApi, deployments, cache, events, image } = deps;
  return async ({ key, namespace, name, object: configMap }) => {
    if (configMap === undefined) {
      const existing = cache.getByKey(key);
      if (existing === undefined || !isManaged(existing) || !controlledByConfigMap(existing, name))
        return;
      // The cached uid: a Deployment of the same name created since is not this one.
      const uid = existing.metadata?.uid;
      await deployments.delete(name, namespace, { preconditions: { uid } }).then(
        () =>
          events.publish({
            regarding: { apiVersion: 'apps/v1', kind: 'Deployment', namespace, name, uid },
            type: 'Normal',
            reason: 'ConfigMapGone',
            action: 'DeleteDeployment',
            note: `deleted Deployment ${key}: its ConfigMap is gone or no longer labelled`,
          }),
        (error: unknown) => {
          // Already gone (the garbage collector was faster): done.
          if (!(error instanceof ResourceRequestError && error.notFound)) throw error;
        },
      );
      return;
    }

    const regarding = { ...configMap, apiVersion: 'v1', kind: 'ConfigMap' };
    const deployment: V1Deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name, namespace },
    };
    try {
      const result = await createOrUpdate(
        objectApi,
        deployment,
        (current) => {
          // Only a Deployment read from the server has a uid; one to create does not.
          if (current.metadata?.uid !== undefined && !isManaged(current))
            throw new TerminalError(`Deployment ${key} exists and is not managed by this operator`);
          makeDesired(configMap, current, image);
        },
        { fieldManager },
      );
      if (result !== 'unchanged')
        await events.publish({
          regarding,
          related: deployment,
          type: 'Normal',
          reason: result === 'created' ? 'DeploymentCreated' : 'DeploymentUpdated',
          action: result === 'created' ? 'CreateDeployment' : 'UpdateDeployment',
          note: `${result} Deployment ${key} for config hash ${deployment.metadata?.annotations?.[hashAnnotation] ?? ''}`,
        });
    } catch (error) {
      await events.publish({
        regarding,
        type: 'Warning',
        reason: error instanceof TerminalError ? 'DeploymentNotManaged' : 'ReconcileFailed',
        action: 'ReconcileDeployment',
        note: error instanceof Error ? error.message : String(error),
      });
      throw error;
    }
  };
}
