import type { KubeObject } from '@rxkube/store';
import { ResourceDescriptionError } from './errors.js';

/** What {@link resource} is given: the names of a kind as the API server serves it. */
export interface ResourceSpec {
  /** API group; `''` or absent for the core group. */
  readonly group?: string;
  /** API version, e.g. `v1`. */
  readonly version: string;
  /** Plural resource name, as in URLs: `deployments`. */
  readonly plural: string;
  /** The kind, as in objects' `kind`: `Deployment`. */
  readonly kind: string;
  /** Whether objects live in namespaces (false for Nodes, Namespaces, ClusterRoles…). */
  readonly namespaced: boolean;
}

/**
 * One watched kind, described once: what a lister-watcher needs (a `GroupVersionResource` of
 * `@rxkube/informer`: group, version, plural) and
 * what a client needs (apiVersion, kind, scope). A manager derives both from it.
 *
 * @typeParam T - the objects' type
 */
export interface ResourceDescription<T extends object = KubeObject> extends ResourceSpec {
  /** API group; `''` for the core group. */
  readonly group: string;
  /** `group/version`, or `version` for the core group: the objects' `apiVersion`. */
  readonly apiVersion: string;
  /** Never set: carries the objects' type to informers and clients. */
  readonly objectType?: T;
}

const dnsLabel = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const dnsSubdomain = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;
const kindName = /^[A-Z][A-Za-z0-9]*$/;

/**
 * Describes a kind once, for `manager.informer()` and `manager.client()`. Ready descriptions of
 * common kinds are in {@link resources}.
 *
 * @typeParam T - the objects' type
 * @param spec - group, version, plural, kind and scope
 * @returns the frozen description
 * @throws {@link ResourceDescriptionError} for a name the API server could not serve
 * @example
 * ```ts
 * interface Widget { apiVersion?: string; kind?: string; metadata?: { name?: string; namespace?: string }; spec: { size: number } }
 * const widgets = resource<Widget>({
 *   group: 'example.com',
 *   version: 'v1',
 *   plural: 'widgets',
 *   kind: 'Widget',
 *   namespaced: true,
 * });
 * widgets.apiVersion; // 'example.com/v1'
 * ```
 */
export function resource<T extends object = KubeObject>(
  spec: ResourceSpec,
): ResourceDescription<T> {
  const group = spec.group ?? '';
  if (group !== '' && !dnsSubdomain.test(group))
    throw new ResourceDescriptionError('group', `${JSON.stringify(group)} is not a DNS subdomain`);
  if (!dnsLabel.test(spec.version))
    throw new ResourceDescriptionError(
      'version',
      `${JSON.stringify(spec.version)} is not a version`,
    );
  if (!dnsLabel.test(spec.plural))
    throw new ResourceDescriptionError(
      'plural',
      `${JSON.stringify(spec.plural)} is not a lowercase resource name`,
    );
  if (!kindName.test(spec.kind))
    throw new ResourceDescriptionError('kind', `${JSON.stringify(spec.kind)} is not a kind name`);
  if (typeof spec.namespaced !== 'boolean')
    throw new ResourceDescriptionError('namespaced', 'must be true or false');
  return Object.freeze({
    group,
    version: spec.version,
    plural: spec.plural,
    kind: spec.kind,
    namespaced: spec.namespaced,
    apiVersion: group === '' ? spec.version : `${group}/${spec.version}`,
  });
}
