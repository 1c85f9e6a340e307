import { createHash } from 'node:crypto';
import type { V1ConfigMap, V1Deployment } from '@kubernetes/client-node';

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
 * The Deployment a ConfigMap asks for: same namespace and name, controlled by the ConfigMap
 * (so that the controller hears of changes to it, and Kubernetes' garbage collector deletes it
 * with the ConfigMap), with the content hash on its pod template, so that a change of content
 * rolls the pods.
 *
 * @param configMap - a ConfigMap from the cache (with name, namespace and uid)
 * @param image - the container image
 * @returns the desired Deployment
 */
export function desiredDeployment(configMap: V1ConfigMap, image: string): V1Deployment {
  const name = configMap.metadata?.name ?? '';
  const hash = configHash(configMap);
  const podLabels = { app: name };
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name,
      namespace: configMap.metadata?.namespace ?? '',
      labels: { [managedByLabel]: managerName, ...podLabels },
      annotations: { [hashAnnotation]: hash },
      ownerReferences: [
        {
          apiVersion: 'v1',
          kind: 'ConfigMap',
          name,
          uid: configMap.metadata?.uid ?? '',
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    spec: {
      replicas: 1,
      selector: { matchLabels: podLabels },
      template: {
        metadata: { labels: podLabels, annotations: { [hashAnnotation]: hash } },
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
    },
  };
}

/**
 * @param deployment - a Deployment from the cache
 * @returns whether this operator manages it
 */
export function isManaged(deployment: V1Deployment): boolean {
  return deployment.metadata?.labels?.[managedByLabel] === managerName;
}

/**
 * @param existing - the Deployment in the cache
 * @param desired - what {@link desiredDeployment} asks for
 * @returns whether `existing` already carries what matters: the hash (on the Deployment and
 *   its pods) and the controller reference to the current ConfigMap
 */
export function isUpToDate(existing: V1Deployment, desired: V1Deployment): boolean {
  const hash = desired.metadata?.annotations?.[hashAnnotation];
  const owner = (d: V1Deployment) =>
    d.metadata?.ownerReferences?.find((ref) => ref.controller === true)?.uid;
  return (
    existing.metadata?.annotations?.[hashAnnotation] === hash &&
    existing.spec?.template.metadata?.annotations?.[hashAnnotation] === hash &&
    owner(existing) === owner(desired)
  );
}
