import type { KubeObject } from '../api/types.js';
import type { ResourceDefinition } from '../registry/resourceDefinition.js';
import type { ScalePaths } from '../registry/subresources.js';
import { formatLabelSelector } from '../selectors/formatLabelSelector.js';

/**
 * The `autoscaling/v1` Scale of an object, as kube-apiserver's `/scale` answers it: the
 * object's identity, `spec.replicas` from the spec replicas path (a Deployment's or
 * ReplicaSet's defaults to 1, a custom resource's to 0) and `status.replicas` and
 * `status.selector` (a string) from the status paths.
 *
 * @param def - the resource (it serves `/scale`).
 * @param obj - the stored object.
 * @returns the Scale.
 */
export function scaleOf(def: ResourceDefinition, obj: KubeObject): KubeObject {
  const paths = scalePathsOf(def);
  const { name, namespace, uid, resourceVersion, creationTimestamp } = obj.metadata;
  const specReplicas = integerAt(obj, paths.specReplicasPath) ?? (paths.selectorFromSpec ? 1 : 0);
  const selector = paths.selectorFromSpec
    ? formatLabelSelector((obj['spec'] as Record<string, unknown> | undefined)?.['selector'])
    : paths.labelSelectorPath === undefined
      ? ''
      : valueAt(obj, paths.labelSelectorPath);
  return {
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: {
      name,
      ...(namespace === undefined ? {} : { namespace }),
      uid,
      resourceVersion,
      creationTimestamp,
    },
    // `replicas` is `omitempty` in autoscaling/v1's ScaleSpec, not in its ScaleStatus.
    spec: specReplicas === 0 ? {} : { replicas: specReplicas },
    status: {
      replicas: integerAt(obj, paths.statusReplicasPath) ?? 0,
      ...(typeof selector === 'string' && selector !== '' ? { selector } : {}),
    },
  };
}

/**
 * The object with its desired replicas set, as a write to `/scale` makes it (copied along the
 * path; `obj` is not modified).
 *
 * @param def - the resource (it serves `/scale`).
 * @param obj - the stored object.
 * @param replicas - the new desired replicas.
 * @returns the object to store.
 */
export function withReplicas(
  def: ResourceDefinition,
  obj: KubeObject,
  replicas: number,
): KubeObject {
  const keys = segments(scalePathsOf(def).specReplicasPath);
  const root: Record<string, unknown> = { ...obj };
  let parent = root;
  keys.forEach((key, i) => {
    if (i === keys.length - 1) {
      parent[key] = replicas;
      return;
    }
    const child = parent[key];
    const copy =
      typeof child === 'object' && child !== null && !Array.isArray(child)
        ? { ...(child as Record<string, unknown>) }
        : {};
    parent[key] = copy;
    parent = copy;
  });
  return root as KubeObject;
}

function scalePathsOf(def: ResourceDefinition): ScalePaths {
  const paths = def.subresources?.scale;
  if (paths === undefined) throw new Error(`${def.plural} serves no /scale`);
  return paths;
}

function integerAt(obj: KubeObject, path: string): number | undefined {
  const found = valueAt(obj, path);
  return typeof found === 'number' && Number.isInteger(found) ? found : undefined;
}

function valueAt(obj: KubeObject, path: string): unknown {
  let at: unknown = obj;
  for (const key of segments(path)) {
    if (typeof at !== 'object' || at === null || Array.isArray(at)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

// `.spec.replicas` → ['spec', 'replicas'].
function segments(path: string): string[] {
  return path.split('.').filter((s) => s !== '');
}
