import type { KubeConfig } from '@kubernetes/client-node';
import type { ApiResource } from './apiResource.js';
import { kubeGet } from './kubeGet.js';

interface ResourceList {
  groupVersion?: string;
  resources?: {
    name: string;
    singularName?: string;
    namespaced?: boolean;
    kind: string;
    verbs?: string[];
    shortNames?: string[];
  }[];
}

interface GroupList {
  groups?: { name: string; preferredVersion?: { version: string } }[];
}

/**
 * Lists the resource types the cluster serves (core `v1` and every group's preferred version),
 * as kubectl's discovery does, leaving out subresources such as `pods/log`.
 *
 * @param kubeConfig - the cluster
 * @returns the resources
 * @throws ConnectionFailure or HttpFailure from {@link kubeGet}
 */
export async function discoverResources(kubeConfig: KubeConfig): Promise<ApiResource[]> {
  const core = (await kubeGet(kubeConfig, '/api/v1')) as ResourceList;
  const groups = (await kubeGet(kubeConfig, '/apis')) as GroupList;
  const lists = await Promise.all(
    (groups.groups ?? []).map(async (group) => {
      const version = group.preferredVersion?.version;
      if (version === undefined) return undefined;
      const list = (await kubeGet(kubeConfig, `/apis/${group.name}/${version}`)) as ResourceList;
      return { group: group.name, version, list };
    }),
  );
  return [
    ...fromList('', 'v1', core),
    ...lists.flatMap((entry) =>
      entry === undefined ? [] : fromList(entry.group, entry.version, entry.list),
    ),
  ];
}

function fromList(group: string, version: string, list: ResourceList): ApiResource[] {
  return (list.resources ?? [])
    .filter((r) => !r.name.includes('/'))
    .map((r) => ({
      group,
      version,
      plural: r.name,
      singular: r.singularName || r.kind.toLowerCase(),
      kind: r.kind,
      namespaced: r.namespaced ?? true,
      shortNames: r.shortNames ?? [],
      verbs: r.verbs ?? [],
    }));
}
