import type { ResourceDefinition } from '../registry/resourceDefinition.js';
import type { ResourceRegistry } from '../registry/resourceRegistry.js';

/** What a request path addresses. */
export type Route =
  | {
      readonly kind: 'discovery';
      readonly path: 'api' | 'apis' | 'group' | 'groupVersion';
      readonly group: string;
      readonly version: string;
    }
  | { readonly kind: 'version' }
  | { readonly kind: 'health' }
  | {
      readonly kind: 'resource';
      readonly def: ResourceDefinition;
      /** The namespace of a per-namespace path. */
      readonly namespace: string | undefined;
      /** The object name of an item path. */
      readonly name: string | undefined;
      /** Whether the path used the legacy `/watch/` prefix. */
      readonly legacyWatch: boolean;
      /** The subresource an item path addresses (`status`, `scale`), if any. */
      readonly subresource?: 'status' | 'scale';
    }
  | { readonly kind: 'notFound' };

/**
 * Maps a URL path to what it addresses: discovery documents, health/version endpoints, or a
 * resource collection or item (namespaced, all-namespaces or cluster-scoped).
 *
 * @param pathname - the URL path, already split from the query.
 * @param registry - the served resources.
 * @returns the route; `notFound` for anything the server does not serve.
 */
export function route(pathname: string, registry: ResourceRegistry): Route {
  const segments = pathname
    .split('/')
    .filter((s) => s !== '')
    .map(decodeURIComponent);
  const [root, ...rest] = segments;
  if (root === 'version' && rest.length === 0) return { kind: 'version' };
  if ((root === 'healthz' || root === 'livez' || root === 'readyz') && rest.length === 0) {
    return { kind: 'health' };
  }
  if (root === 'api') {
    if (rest.length === 0) return { kind: 'discovery', path: 'api', group: '', version: '' };
    const [version, ...tail] = rest;
    if (version === undefined) return { kind: 'notFound' };
    if (tail.length === 0) return { kind: 'discovery', path: 'groupVersion', group: '', version };
    return resourceRoute('', version, tail, registry);
  }
  if (root === 'apis') {
    const [group, version, ...tail] = rest;
    if (group === undefined) return { kind: 'discovery', path: 'apis', group: '', version: '' };
    if (version === undefined) return { kind: 'discovery', path: 'group', group, version: '' };
    if (tail.length === 0) return { kind: 'discovery', path: 'groupVersion', group, version };
    return resourceRoute(group, version, tail, registry);
  }
  return { kind: 'notFound' };
}

function resourceRoute(
  group: string,
  version: string,
  tail: string[],
  registry: ResourceRegistry,
): Route {
  const legacyWatch = tail[0] === 'watch';
  const parts = legacyWatch ? tail.slice(1) : tail;
  // `namespaces/{ns}/{plural}[/{name}]` is a namespaced path; `namespaces[/{name}]` is the
  // Namespace resource itself.
  if (parts[0] === 'namespaces' && parts.length >= 3) {
    const [, namespace, plural, name, ...extra] = parts;
    const def = plural === undefined ? undefined : registry.lookup(group, version, plural);
    if (def === undefined || !def.namespaced) return { kind: 'notFound' };
    return withSubresource({ kind: 'resource', def, namespace, name, legacyWatch }, extra);
  }
  const [plural, name, ...extra] = parts;
  const def = plural === undefined ? undefined : registry.lookup(group, version, plural);
  if (def === undefined) return { kind: 'notFound' };
  // A namespaced object can only be addressed inside its namespace.
  if (def.namespaced && name !== undefined) return { kind: 'notFound' };
  return withSubresource({ kind: 'resource', def, namespace: undefined, name, legacyWatch }, extra);
}

// An item path may go on with the name of a subresource the resource serves (not behind the
// legacy `/watch/` prefix: subresources are not watched).
function withSubresource(target: Extract<Route, { kind: 'resource' }>, extra: string[]): Route {
  if (extra.length === 0) return target;
  const [subresource] = extra;
  const served = target.def.subresources;
  if (extra.length > 1 || target.legacyWatch) return { kind: 'notFound' };
  if (subresource === 'status' && served?.status === true) return { ...target, subresource };
  if (subresource === 'scale' && served?.scale !== undefined) return { ...target, subresource };
  return { kind: 'notFound' };
}
