import type { V1ConfigMap, V1Deployment } from '@kubernetes/client-node';
import { eventually } from '@rxkube/devkit';
import type { FakeApiServer } from '@rxkube/testing';
import { configHash, deployLabel, hashAnnotation, isManaged } from './desiredDeployment.js';

export const namespace = 'apps';

/** What a managed Deployment must look like, by name: the hash and the owner's uid. */
type State = Record<string, { hash: string; podHash: string; owner: string }>;

/** The managed Deployments the labelled ConfigMaps on the server imply. */
export function expectedState(server: FakeApiServer): State {
  const state: State = {};
  for (const cm of server.list('v1', 'ConfigMap', namespace) as V1ConfigMap[]) {
    if (cm.metadata?.labels?.[deployLabel] !== 'true') continue;
    const hash = configHash(cm);
    state[cm.metadata?.name ?? ''] = { hash, podHash: hash, owner: cm.metadata?.uid ?? '' };
  }
  return state;
}

/** The managed Deployments on the server. */
export function actualState(server: FakeApiServer): State {
  const state: State = {};
  for (const d of server.list('apps/v1', 'Deployment', namespace) as V1Deployment[]) {
    if (!isManaged(d)) continue;
    state[d.metadata?.name ?? ''] = {
      hash: d.metadata?.annotations?.[hashAnnotation] ?? '',
      podHash: d.spec?.template.metadata?.annotations?.[hashAnnotation] ?? '',
      owner: d.metadata?.ownerReferences?.find((ref) => ref.controller)?.uid ?? '',
    };
  }
  return state;
}

/** A ConfigMap for the server. */
export function configMap(name: string, data: Record<string, string>, labelled = true) {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      name,
      namespace,
      labels: labelled ? { [deployLabel]: 'true' } : ({} as Record<string, string>),
    },
    data,
  };
}

export const ref = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', namespace, name });
export const deploymentRef = (name: string) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  namespace,
  name,
});

/** Waits until the server's Deployments are what its ConfigMaps imply. */
export async function converged(server: FakeApiServer, timeoutMs?: number): Promise<void> {
  let last = '';
  try {
    await eventually(
      () => {
        last = JSON.stringify({ expected: expectedState(server), actual: actualState(server) });
        return JSON.stringify(expectedState(server)) === JSON.stringify(actualState(server));
      },
      'convergence',
      { timeoutMs: timeoutMs ?? 30_000, pollMs: 20 },
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}: ${last}`);
  }
}

/** Replaces a ConfigMap's data on the server. */
export function setData(server: FakeApiServer, name: string, data: Record<string, string>): void {
  server.patch(ref(name), (cm) => ({ ...cm, data }));
}
