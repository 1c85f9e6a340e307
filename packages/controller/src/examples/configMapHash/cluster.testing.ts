import type { V1ConfigMap, V1Deployment } from '@kubernetes/client-node';
import { eventually } from '@rxkube/devkit';
import { silentLogger } from '@rxkube/informer';
import type { FakeApiServer } from '@rxkube/testing';
import { configHash, deployLabel, hashAnnotation, isManaged } from './desiredDeployment.js';

export const namespace = 'apps';

/**
 * Informer options of the tests: quick reflector retries, and no logging (the tests inject
 * faults and check recovery; the console would only repeat them).
 */
export const quietInformers = {
  reflector: { backoff: { initialMs: 10, maxMs: 200 } },
  logger: silentLogger,
};

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

/**
 * Changes the cluster the way users and other controllers would, with faults between: ten
 * ConfigMaps created, edited, labelled and unlabelled, deleted; their Deployments tampered with
 * or deleted; 500s on Deployments and on ConfigMap lists, compactions with watches ended (they
 * resume from versions that are gone: 410), connections dropped.
 *
 * @param server - the fake API server
 * @param random - the seeded source of every choice
 * @param steps - how many changes
 */
export async function churn(
  server: FakeApiServer,
  random: () => number,
  steps: number,
): Promise<void> {
  const names = Array.from({ length: 10 }, (_, i) => `app-${i}`);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  for (let step = 0; step < steps; step += 1) {
    const name = pick(names);
    const existing = server.get(ref(name));
    const roll = random();
    if (existing === undefined) server.create(configMap(name, { v: String(step) }, roll < 0.8));
    else if (roll < 0.5) setData(server, name, { v: String(step) });
    else if (roll < 0.65)
      server.patch(ref(name), (cm) => {
        const labelled = cm.metadata.labels?.[deployLabel] === 'true';
        cm.metadata.labels = labelled ? {} : { [deployLabel]: 'true' };
      });
    else if (roll < 0.8) server.delete(ref(name));
    else if (server.get(deploymentRef(name)) !== undefined) {
      // Someone else edits or deletes a managed Deployment.
      if (roll < 0.9) server.patch(deploymentRef(name), (d) => void (d.metadata.annotations = {}));
      else server.delete(deploymentRef(name));
    }

    if (step % 30 === 10)
      server.faults.failRequests({ code: 500, resource: 'deployments', times: 5 });
    if (step % 50 === 20)
      server.faults.failRequests({ code: 500, resource: 'configmaps', verb: 'list', times: 2 });
    if (step % 60 === 30) {
      server.compact();
      server.closeWatches();
    }
    if (step % 100 === 50) server.dropConnections();
    if (step % 5 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
