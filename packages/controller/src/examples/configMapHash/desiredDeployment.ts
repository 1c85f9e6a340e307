import { createHash } from 'node:crypto';
import type { V1ConfigMap, V1Deployment } from '@kubernetes/client-node';
import { setControllerReference } from '../../objects/setControllerReference.js';

/** The label that asks for a Deployment: ConfigMaps with `example.rxkube.io/deploy=true`. */
export const deployLabel = 'example.rxkube.io/deploy';
/** The annotation carrying the ConfigMap's content hash, on the Deployment and its pods. */
export const hashAnnotation = 'example.rxkube.io/config-hash';
/** The label marking the Deployments this operator manages. */
export const managedByLabel = 'app.kubernetes.io/managed-by';
/** The value of {@link managedByLabel}. */
export const managerName = 'configmap-hash';

/**
 * The hash of a ConfigMap's content: SHA-256 over its entries in key order, so that equal
 * content always hashes the same, whatever order the server returns the keys in.
 *
 * @param configMap - the ConfigMap
 * @returns the hex digest
 */
export function configHash(configMap: V1ConfigMap): string {
  const sorted = (entries: Record<string, string> | undefined) =>
    Object.entries(entries ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256')
    .update(JSON.stringify([sorted(configMap.data), sorted(configMap.binaryData)]))
    .digest('hex');
}

/**
 * Makes a Deployment what a ConfigMap asks for: labelled as managed, with the content hash on
 * it and on its pod template (so that a change of content rolls the pods), controlled by the
 * ConfigMap (so that the controller hears of changes to it, and Kubernetes' garbage collector
 * deletes it with the ConfigMap). A new Deployment gets its whole spec; an existing one keeps
 * what the API server defaulted or others set, and only what this operator owns is reset.
 *
 * @param configMap - a ConfigMap from the cache (with name, namespace and uid)
 * @param deployment - the Deployment as read (or, when there is none, its name and namespace
 *   only), changed in place
 * @param image - the container image of a new Deployment
 * @throws AlreadyOwnedError when another object controls the Deployment
 */
export function makeDesired(configMap: V1ConfigMap, deployment: V1Deployment, image: string): void {
  const name = configMap.metadata?.name ?? '';
  const hash = configHash(configMap);
  const podLabels = { app: name };
  const metadata = (deployment.metadata ??= {});
  metadata.labels = { ...metadata.labels, [managedByLabel]: managerName, ...podLabels };
  metadata.annotations = { ...metadata.annotations, [hashAnnotation]: hash };
  deployment.spec ??= {
    replicas: 1,
    selector: { matchLabels: podLabels },
    template: {
      spec: {
        containers: [
          {
            name: 'app',
            image,
            volumeMounts: [{ name: 'config', mountPath: '/etc/config', readOnly: true }],
          },
        ],
        volumes: [{ name: 'config', configMap: { name } }],
      },
    },
  };
  const template = (deployment.spec.template.metadata ??= {});
  template.labels = { ...template.labels, ...podLabels };
  template.annotations = { ...template.annotations, [hashAnnotation]: hash };
  setControllerReference(configMap, deployment, { apiVersion: 'v1', kind: 'ConfigMap' });
}

/**
 * @param deployment - a Deployment from the cache or the server
 * @returns whether this operator manages it
 */
export function isManaged(deployment: V1Deployment): boolean {
  return deployment.metadata?.labels?.[managedByLabel] === managerName;
}
