import type { Pod, PodController } from './kubeTypes.js';
import { controllerUidIndexFunc } from './resources.js';
import { sortedPods } from './podSummary.js';

/** A Deployment with the pods of its ReplicaSets. */
export interface DeploymentPods {
  readonly deployment: PodController;
  /** Its ReplicaSets' names. */
  readonly replicaSets: readonly string[];
  /** The pods whose controller is one of those ReplicaSets, sorted by name. */
  readonly pods: readonly Pod[];
}

/**
 * Joins Deployments to their pods along the owner chain pod → ReplicaSet → Deployment, by the
 * controllers' uids (a name can be reused by a new object; a uid cannot).
 *
 * @param deployments - the Deployments to show
 * @param replicaSets - every ReplicaSet of their namespaces
 * @param pods - every pod of their namespaces
 * @returns one entry per Deployment, in the order given
 */
export function deploymentPods(
  deployments: readonly PodController[],
  replicaSets: readonly PodController[],
  pods: readonly Pod[],
): DeploymentPods[] {
  const podsByController = groupByController(pods);
  const replicaSetsByController = groupByController(replicaSets);
  return deployments.map((deployment) => {
    const owned = replicaSetsByController.get(deployment.metadata.uid ?? '') ?? [];
    return {
      deployment,
      replicaSets: owned.map((rs) => rs.metadata.name ?? ''),
      pods: sortedPods(owned.flatMap((rs) => podsByController.get(rs.metadata.uid ?? '') ?? [])),
    };
  });
}

function groupByController<T extends Pod | PodController>(objects: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const obj of objects) {
    for (const uid of controllerUidIndexFunc(obj)) {
      const group = groups.get(uid);
      if (group === undefined) groups.set(uid, [obj]);
      else group.push(obj);
    }
  }
  return groups;
}
