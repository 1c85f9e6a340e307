import type { KubeConfig } from '@kubernetes/client-node';
import type { ApiResource, PrinterColumn } from './apiResource.js';
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
  const resources = [
    ...fromList('', 'v1', core),
    ...lists.flatMap((entry) =>
      entry === undefined ? [] : fromList(entry.group, entry.version, entry.list),
    ),
  ];
  const served = (groups.groups ?? []).some((g) => g.name === 'apiextensions.k8s.io');
  const columns = served ? await printerColumns(kubeConfig) : new Map<string, PrinterColumn[]>();
  return resources.map((r) => {
    const own = columns.get(`${r.plural}.${r.group}/${r.version}`);
    return own === undefined ? r : { ...r, printerColumns: own };
  });
}

interface DefinitionList {
  items?: {
    spec?: {
      group?: string;
      names?: { plural?: string };
      versions?: { name?: string; additionalPrinterColumns?: PrinterColumn[] }[];
    };
  }[];
}

/**
 * The `additionalPrinterColumns` of every custom resource version, by `plural.group/version`.
 * Best effort: a user allowed to list a custom resource may not be allowed to read its
 * definition, and the tables then show NAME and AGE as before.
 */
async function printerColumns(kubeConfig: KubeConfig): Promise<Map<string, PrinterColumn[]>> {
  const byResource = new Map<string, PrinterColumn[]>();
  let list: DefinitionList;
  try {
    list = (await kubeGet(
      kubeConfig,
      '/apis/apiextensions.k8s.io/v1/customresourcedefinitions',
    )) as DefinitionList;
  } catch {
    return byResource;
  }
  for (const crd of list.items ?? []) {
    const { group, names, versions } = crd.spec ?? {};
    for (const version of versions ?? []) {
      const columns = (version.additionalPrinterColumns ?? []).filter(
        (c) => typeof c.name === 'string' && typeof c.jsonPath === 'string',
      );
      if (columns.length === 0) continue;
      byResource.set(`${names?.plural ?? ''}.${group ?? ''}/${version.name ?? ''}`, columns);
    }
  }
  return byResource;
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
