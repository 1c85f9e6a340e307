/** A resource type the cluster serves, as discovery describes it. */
export interface ApiResource {
  /** API group; `''` for the core group. */
  readonly group: string;
  readonly version: string;
  /** Plural name, as used in URLs: `pods`. */
  readonly plural: string;
  readonly singular: string;
  readonly kind: string;
  readonly namespaced: boolean;
  readonly shortNames: readonly string[];
  readonly verbs: readonly string[];
  /**
   * A custom resource's `additionalPrinterColumns` for this version, from its
   * CustomResourceDefinition; absent for built-in resources or when the definitions cannot be
   * read.
   */
  readonly printerColumns?: readonly PrinterColumn[] | undefined;
}

/** One of a CustomResourceDefinition's `additionalPrinterColumns`. */
export interface PrinterColumn {
  readonly name: string;
  /** `string`, `integer`, `number`, `boolean` or `date` (shown as an age). */
  readonly type: string;
  /** A simple JSONPath into the object: `.spec.replicas`. */
  readonly jsonPath: string;
  /** 0 for the default table; higher only in kubectl's wide output. */
  readonly priority?: number | undefined;
}

/**
 * The name kubectl prints for a resource: `pods`, `deployments.apps`.
 *
 * @param resource - the resource
 * @returns its qualified plural name
 */
export function qualifiedName(resource: ApiResource): string {
  return resource.group === '' ? resource.plural : `${resource.plural}.${resource.group}`;
}
