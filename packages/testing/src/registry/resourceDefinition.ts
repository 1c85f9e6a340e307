import type { Subresources } from './subresources.js';

/** Whether objects of a resource live in a namespace or at cluster level. */
export type ResourceScope = 'Namespaced' | 'Cluster';

/** Everything the server needs to serve one resource. */
export interface ResourceDefinition {
  /** API group, `''` for the core group. */
  readonly group: string;
  /** API version within the group, e.g. `v1`. */
  readonly version: string;
  /** Lower-case plural used in paths, e.g. `pods`. */
  readonly plural: string;
  /** Lower-case singular, e.g. `pod`. */
  readonly singular: string;
  /** Kind, e.g. `Pod`. */
  readonly kind: string;
  /** Whether the objects live in namespaces. */
  readonly namespaced: boolean;
  /** Short names shown in discovery (`po`, `cm`…). */
  readonly shortNames: readonly string[];
  /**
   * Built-in types are served typed, so list items carry no `kind`/`apiVersion`; custom resources
   * are served unstructured and keep them.
   */
  readonly builtin: boolean;
  /** Field-selector labels beyond `metadata.name`/`metadata.namespace`, as dotted paths. */
  readonly selectableFields: readonly string[];
  /** Zero-valued fields a typed server serialises on an otherwise empty bookmark object. */
  readonly bookmarkFields: Readonly<Record<string, unknown>>;
  /**
   * `metav1.MicroTime` fields, as dotted paths. kube-apiserver decodes them with the layout
   * `2006-01-02T15:04:05.000000Z07:00` (exactly six fractional digits) and answers 400 otherwise.
   */
  readonly microTimeFields?: readonly string[];
  /** The subresources served beside the main resource (none when absent). */
  readonly subresources?: Subresources;
}

/** What a caller gives to register a custom resource at run time. */
export interface CustomResourceSpec {
  /** API group, e.g. `example.com`. */
  group: string;
  /** Served version, e.g. `v1`. */
  version: string;
  /** Lower-case plural, e.g. `widgets`. */
  plural: string;
  /** Kind, e.g. `Widget`. */
  kind: string;
  /** `Namespaced` (default) or `Cluster`. */
  scope?: ResourceScope;
  /** Lower-case singular; defaults to the lower-cased kind. */
  singular?: string;
  /** Short names for discovery. */
  shortNames?: string[];
  /** Extra field-selector labels (the CRD's `selectableFields`), e.g. `spec.color`. */
  selectableFields?: string[];
  /** The subresources to serve: `/status`, `/scale` (a CRD version's `subresources`). */
  subresources?: Subresources;
}

/**
 * The `apiVersion` of a resource: `v1` for core, `group/version` otherwise.
 *
 * @param def - the resource.
 * @returns its apiVersion string.
 */
export function apiVersionOf(def: Pick<ResourceDefinition, 'group' | 'version'>): string {
  return def.group === '' ? def.version : `${def.group}/${def.version}`;
}

/**
 * A stable identifier for a resource, used as the storage key prefix.
 *
 * @param def - the resource.
 * @returns `group/version/plural`.
 */
export function resourceId(def: Pick<ResourceDefinition, 'group' | 'version' | 'plural'>): string {
  return `${def.group}/${def.version}/${def.plural}`;
}
