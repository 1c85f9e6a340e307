import type { FeedObject } from './feedProtocol.js';

/** What replaces a redacted value, so the page can say a value exists without showing it. */
export const redacted = '<redacted>';

/** Annotations that copy a whole manifest (with its env values) and are left out. */
const manifestAnnotations = ['kubectl.kubernetes.io/last-applied-configuration'];

/** The pod spec lists whose containers carry `env`. */
const containerLists = ['containers', 'initContainers', 'ephemeralContainers'];

/**
 * The details of one object as the dashboard serves them: a deep copy without `managedFields`
 * and manifest-copying annotations, with every container `env` value replaced by
 * {@link redacted} (a `valueFrom` reference names a Secret key, never its value, and is kept),
 * and, for a Secret, without `data` and `stringData` at all.
 *
 * @param object - the object as the informer has it (not modified)
 * @returns a new, redacted object
 */
export function redactObject(object: object): FeedObject {
  const copy = JSON.parse(JSON.stringify(object)) as FeedObject;
  const metadata = copy.metadata;
  if (metadata !== undefined) {
    delete metadata['managedFields'];
    const annotations = metadata['annotations'];
    if (isRecord(annotations)) for (const name of manifestAnnotations) delete annotations[name];
  }
  if (copy['kind'] === 'Secret') {
    delete copy['data'];
    delete copy['stringData'];
  }
  for (const spec of podSpecs(copy)) {
    for (const list of containerLists) {
      const containers = spec[list];
      if (!Array.isArray(containers)) continue;
      for (const container of containers) {
        const env = isRecord(container) ? container['env'] : undefined;
        if (!Array.isArray(env)) continue;
        for (const variable of env) {
          if (isRecord(variable) && 'value' in variable) variable['value'] = redacted;
        }
      }
    }
  }
  return copy;
}

/** The pod specs of an object: a pod's own, or a workload's template (Deployment, Job…). */
function podSpecs(object: FeedObject): Record<string, unknown>[] {
  const spec = object['spec'];
  if (!isRecord(spec)) return [];
  const specs = [spec];
  const template = spec['template'];
  if (isRecord(template) && isRecord(template['spec'])) specs.push(template['spec']);
  const jobTemplate = spec['jobTemplate'];
  if (isRecord(jobTemplate) && isRecord(jobTemplate['spec'])) specs.push(...podSpecs(jobTemplate));
  return specs;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
