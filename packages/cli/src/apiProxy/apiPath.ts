/** A collection, an object, or a subresource of an object, as its URL path names it. */
export interface ResourcePath {
  readonly kind: 'resource';
  /** API group; `''` for the core group (`/api/v1`). */
  readonly group: string;
  readonly version: string;
  /** The resource's plural name: `pods`. */
  readonly resource: string;
  /** The namespace, for a namespaced path. */
  readonly namespace?: string;
  /** The object's name, for a path to one object. */
  readonly name?: string;
  /** What follows the object's name (`log`, `exec`, `status`), if anything. */
  readonly subresource?: string;
}

/** What a request path of the Kubernetes API asks for. */
export type ApiPath =
  /** `/api`, `/api/v1`, `/apis`, `/apis/{group}`, `/apis/{group}/{version}`, `/version`. */
  | { readonly kind: 'discovery' }
  | ResourcePath
  /** A path the proxy does not read: percent-encoded characters, empty or dot segments. */
  | { readonly kind: 'malformed'; readonly message: string }
  /** Anything else (`/`, `/healthz`, `/openapi/v2`). */
  | { readonly kind: 'unknown' };

/**
 * Characters a path segment may hold. Object names are DNS subdomains or labels, with `:` in
 * some (RBAC's `system:…`); nothing the API serves needs percent-encoding. A `%` is refused
 * outright: kube-apiserver decodes the path before it splits it, so `pods%2F..%2Fsecrets`
 * would be read there as other segments than the ones checked here.
 */
const segmentCharacters = /^[A-Za-z0-9._~:@+-]+$/;

/** Subresources of a namespace, which kube-apiserver does not read as a resource in it. */
const namespaceSubresources = new Set(['status', 'finalize']);

/**
 * Reads a request path as kube-apiserver's request-info resolver does
 * (`k8s.io/apiserver/pkg/endpoints/request/requestinfo.go`): the API prefix and group/version,
 * the legacy `watch/` segment, `namespaces/{ns}/` before a namespaced resource (except a
 * namespace's own `status` and `finalize`), then resource, name and subresource. The proxy
 * decides on this reading, so it must be the API server's.
 *
 * @example
 * ```ts
 * parseApiPath('/apis/apps/v1/namespaces/shop/deployments/web');
 * // { kind: 'resource', group: 'apps', version: 'v1', resource: 'deployments',
 * //   namespace: 'shop', name: 'web' }
 * parseApiPath('/api/v1/namespaces/shop/pods/web-1/log');
 * // { kind: 'resource', …, resource: 'pods', name: 'web-1', subresource: 'log' }
 * ```
 *
 * @param pathname - the URL's path, already normalised (no `.` or `..` segments)
 * @returns what it names
 */
export function parseApiPath(pathname: string): ApiPath {
  if (pathname === '/') return { kind: 'unknown' };
  const parts = pathname.replace(/^\/|\/$/g, '').split('/');
  if (parts.some((part) => !segmentCharacters.test(part) || /^\.\.?$/.test(part))) {
    return {
      kind: 'malformed',
      message: `the path ${JSON.stringify(pathname)} is not served: it has an empty, dot or percent-encoded segment`,
    };
  }
  if (parts.length === 1 && parts[0] === 'version') return { kind: 'discovery' };
  let rest: string[];
  let group: string;
  if (parts[0] === 'api') {
    if (parts.length <= 2) return { kind: 'discovery' };
    group = '';
    rest = parts.slice(1);
  } else if (parts[0] === 'apis') {
    if (parts.length <= 3) return { kind: 'discovery' };
    group = parts[1]!;
    rest = parts.slice(2);
  } else {
    return { kind: 'unknown' };
  }
  const version = rest[0]!;
  rest = rest.slice(1);
  if (rest[0] === 'watch') rest = rest.slice(1);
  let namespace: string | undefined;
  if (rest[0] === 'namespaces' && rest.length > 2 && !namespaceSubresources.has(rest[2]!)) {
    namespace = rest[1];
    rest = rest.slice(2);
  }
  const [resource, name, ...subresource] = rest;
  if (resource === undefined) return { kind: 'unknown' };
  return {
    kind: 'resource',
    group,
    version,
    resource,
    ...(namespace === undefined ? {} : { namespace }),
    ...(name === undefined ? {} : { name }),
    ...(subresource.length === 0 ? {} : { subresource: subresource.join('/') }),
  };
}
