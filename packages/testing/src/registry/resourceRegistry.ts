import { builtinResources } from './builtinResources.js';
import type { CustomResourceSpec, ResourceDefinition } from './resourceDefinition.js';
import { apiVersionOf } from './resourceDefinition.js';

/** The set of resources a server serves, looked up by path segments or by apiVersion/kind. */
export class ResourceRegistry {
  private readonly byPath = new Map<string, ResourceDefinition>();

  /** Starts with the built-in resources. */
  constructor() {
    for (const def of builtinResources()) this.add(def);
  }

  /**
   * Registers a custom resource so its paths, discovery entries and watches work at once.
   *
   * @param spec - group, version, plural, kind and scope of the resource.
   * @returns the stored definition.
   * @throws Error when the group/version/plural is already registered.
   */
  registerCustomResource(spec: CustomResourceSpec): ResourceDefinition {
    const def: ResourceDefinition = {
      group: spec.group,
      version: spec.version,
      plural: spec.plural,
      singular: spec.singular ?? spec.kind.toLowerCase(),
      kind: spec.kind,
      namespaced: (spec.scope ?? 'Namespaced') === 'Namespaced',
      shortNames: spec.shortNames ?? [],
      builtin: false,
      selectableFields: spec.selectableFields ?? [],
      bookmarkFields: {},
      ...(spec.subresources === undefined ? {} : { subresources: spec.subresources }),
    };
    if (def.group === '') throw new Error('custom resources need a non-empty group');
    if (this.byPath.has(pathKey(def.group, def.version, def.plural))) {
      throw new Error(`resource ${def.plural}.${def.group}/${def.version} is already registered`);
    }
    this.add(def);
    return def;
  }

  /**
   * Stops serving a custom resource: its paths answer 404 and discovery no longer lists it.
   *
   * @param def - the resource (its group, version and plural).
   * @returns whether it was registered.
   * @throws Error for a built-in resource.
   */
  unregister(def: Pick<ResourceDefinition, 'group' | 'version' | 'plural'>): boolean {
    const key = pathKey(def.group, def.version, def.plural);
    if (this.byPath.get(key)?.builtin === true) {
      throw new Error(`resource ${def.plural} is built in and cannot be removed`);
    }
    return this.byPath.delete(key);
  }

  /**
   * Finds a resource by the segments of its path.
   *
   * @param group - API group (`''` for core).
   * @param version - API version.
   * @param plural - resource plural.
   * @returns the definition, or undefined.
   */
  lookup(group: string, version: string, plural: string): ResourceDefinition | undefined {
    return this.byPath.get(pathKey(group, version, plural));
  }

  /**
   * Finds a resource by an object's `apiVersion` and `kind`.
   *
   * @param apiVersion - e.g. `v1` or `apps/v1`.
   * @param kind - e.g. `Pod`.
   * @returns the definition, or undefined.
   */
  lookupKind(apiVersion: string, kind: string): ResourceDefinition | undefined {
    for (const def of this.byPath.values()) {
      if (def.kind === kind && apiVersionOf(def) === apiVersion) return def;
    }
    return undefined;
  }

  /**
   * Every registered resource, in registration order.
   *
   * @returns the definitions.
   */
  all(): ResourceDefinition[] {
    return [...this.byPath.values()];
  }

  private add(def: ResourceDefinition): void {
    this.byPath.set(pathKey(def.group, def.version, def.plural), def);
  }
}

function pathKey(group: string, version: string, plural: string): string {
  return `${group}/${version}/${plural}`;
}
