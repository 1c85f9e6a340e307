/**
 * The part of a built-in kind's schema a strategic merge patch (and server-side apply's keyed
 * lists) reads: which lists merge item by item, by which key (`patchMergeKey` in the Go types),
 * and which scalar lists merge as sets (`patchStrategy:"merge"` without a key). Every other
 * list is replaced whole, as kube-apiserver does for lists without a patch strategy
 * (`tolerations`, `args`, `command`…).
 */
export interface MergeSchema {
  /** The schemas of an object's fields, or of a keyed list's items' fields. */
  readonly fields?: Readonly<Record<string, MergeSchema>>;
  /** A list of objects merged by this field of its items. */
  readonly mergeKey?: string;
  /** A list of scalars merged as a set (e.g. `metadata.finalizers`). */
  readonly mergeScalars?: boolean;
}

const keyed = (mergeKey: string, fields?: Record<string, MergeSchema>): MergeSchema =>
  fields === undefined ? { mergeKey } : { mergeKey, fields };

/** `ObjectMeta`: finalizers are a set, owner references keyed by uid. */
const objectMeta: MergeSchema = {
  fields: { finalizers: { mergeScalars: true }, ownerReferences: keyed('uid') },
};

const container = {
  ports: keyed('containerPort'),
  env: keyed('name'),
  volumeMounts: keyed('mountPath'),
  volumeDevices: keyed('devicePath'),
};

const podSpec: MergeSchema = {
  fields: {
    containers: keyed('name', container),
    initContainers: keyed('name', container),
    ephemeralContainers: keyed('name', container),
    volumes: keyed('name'),
    imagePullSecrets: keyed('name'),
    hostAliases: keyed('ip'),
    topologySpreadConstraints: keyed('topologyKey'),
    resourceClaims: keyed('name'),
    schedulingGates: keyed('name'),
  },
};

const conditions = keyed('type');

const withPodTemplate: MergeSchema = {
  fields: {
    metadata: objectMeta,
    spec: { fields: { template: { fields: { metadata: objectMeta, spec: podSpec } } } },
    status: { fields: { conditions } },
  },
};

const schemas: Readonly<Record<string, MergeSchema>> = {
  'v1/Pod': {
    fields: {
      metadata: objectMeta,
      spec: podSpec,
      status: { fields: { conditions, podIPs: keyed('ip'), hostIPs: keyed('ip') } },
    },
  },
  'v1/Service': {
    fields: {
      metadata: objectMeta,
      spec: { fields: { ports: keyed('port') } },
      status: { fields: { conditions } },
    },
  },
  'v1/ServiceAccount': { fields: { metadata: objectMeta, secrets: keyed('name') } },
  'v1/Node': {
    fields: {
      metadata: objectMeta,
      spec: { fields: { podCIDRs: { mergeScalars: true } } },
      status: { fields: { conditions, addresses: keyed('type') } },
    },
  },
  'v1/Namespace': { fields: { metadata: objectMeta, status: { fields: { conditions } } } },
  'apps/v1/Deployment': withPodTemplate,
  'apps/v1/ReplicaSet': withPodTemplate,
};

/**
 * The merge schema of a built-in kind. Kinds without keyed lists of their own (ConfigMap,
 * Secret, Event, Lease, CustomResourceDefinition) still merge `metadata` by its keys.
 *
 * @param apiVersion - e.g. `apps/v1`.
 * @param kind - e.g. `Deployment`.
 * @returns the schema.
 */
export function strategicMergeSchemaOf(apiVersion: string, kind: string): MergeSchema {
  return schemas[`${apiVersion}/${kind}`] ?? { fields: { metadata: objectMeta } };
}
