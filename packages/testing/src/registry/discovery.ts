import type { ResourceDefinition } from './resourceDefinition.js';
import type { ResourceRegistry } from './resourceRegistry.js';

/** The verbs the fake serves on every resource (no `deletecollection`). */
const verbs = ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'];

/**
 * `GET /api`: the core group's versions.
 *
 * @param serverAddress - `host:port` clients should use.
 * @returns an `APIVersions` document.
 */
export function coreApiVersions(serverAddress: string): object {
  return {
    kind: 'APIVersions',
    versions: ['v1'],
    serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }],
  };
}

/**
 * `GET /apis`: every named group and its versions.
 *
 * @param registry - the served resources.
 * @returns an `APIGroupList` document.
 */
export function apiGroupList(registry: ResourceRegistry): object {
  return { kind: 'APIGroupList', apiVersion: 'v1', groups: groups(registry) };
}

/**
 * `GET /apis/{group}`: one named group.
 *
 * @param registry - the served resources.
 * @param group - the group name.
 * @returns an `APIGroup` document, or undefined if no resource is in that group.
 */
export function apiGroup(registry: ResourceRegistry, group: string): object | undefined {
  const found = groups(registry).find((g) => g.name === group);
  return found === undefined ? undefined : { kind: 'APIGroup', apiVersion: 'v1', ...found };
}

/**
 * `GET /api/v1` or `GET /apis/{group}/{version}`: the resources of one group version.
 *
 * @param registry - the served resources.
 * @param group - group (`''` for core).
 * @param version - version.
 * @returns an `APIResourceList` document, or undefined if the group version is not served.
 */
export function apiResourceList(
  registry: ResourceRegistry,
  group: string,
  version: string,
): object | undefined {
  const defs = registry.all().filter((d) => d.group === group && d.version === version);
  if (defs.length === 0) return undefined;
  return {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: group === '' ? version : `${group}/${version}`,
    resources: defs.flatMap((def) => [apiResource(def), ...subresourceEntries(def)]),
  };
}

function apiResource(def: ResourceDefinition): object {
  return {
    name: def.plural,
    singularName: def.singular,
    namespaced: def.namespaced,
    kind: def.kind,
    verbs,
    ...(def.shortNames.length > 0 ? { shortNames: def.shortNames } : {}),
  };
}

/** The verbs kube-apiserver serves on `/status` and `/scale`. */
const subresourceVerbs = ['get', 'patch', 'update'];

// `pods/status`, `deployments/scale`…: discovery lists each subresource after its resource, a
// scale with the group, version and kind of its body (`autoscaling/v1` Scale).
function subresourceEntries(def: ResourceDefinition): object[] {
  const entries: object[] = [];
  if (def.subresources?.status === true) {
    entries.push({
      name: `${def.plural}/status`,
      singularName: '',
      namespaced: def.namespaced,
      kind: def.kind,
      verbs: subresourceVerbs,
    });
  }
  if (def.subresources?.scale !== undefined) {
    entries.push({
      name: `${def.plural}/scale`,
      singularName: '',
      namespaced: def.namespaced,
      group: 'autoscaling',
      version: 'v1',
      kind: 'Scale',
      verbs: subresourceVerbs,
    });
  }
  return entries;
}

interface GroupEntry {
  name: string;
  versions: Array<{ groupVersion: string; version: string }>;
  preferredVersion: { groupVersion: string; version: string };
}

function groups(registry: ResourceRegistry): GroupEntry[] {
  const byName = new Map<string, GroupEntry>();
  for (const def of registry.all()) {
    if (def.group === '') continue;
    const gv = { groupVersion: `${def.group}/${def.version}`, version: def.version };
    const entry = byName.get(def.group);
    if (entry === undefined) {
      byName.set(def.group, { name: def.group, versions: [gv], preferredVersion: gv });
    } else if (!entry.versions.some((v) => v.version === def.version)) {
      entry.versions.push(gv);
    }
  }
  return [...byName.values()];
}
