import { namesCredential } from './credentialName.js';
import type { FeedObject } from './feedProtocol.js';
import { redactArguments } from './redactArguments.js';

/** What replaces a redacted value, so the page can say a value exists without showing it. */
export const redacted = '<redacted>';

/** Annotations that copy a whole manifest (with its env values) and are left out. */
const manifestAnnotations = ['kubectl.kubernetes.io/last-applied-configuration'];

/** The pod spec lists whose containers carry `env`, `command` and `args`. */
const containerLists = ['containers', 'initContainers', 'ephemeralContainers'];

/** Options of {@link redactObject}. */
interface RedactOptions {
  /**
   * The object is a Secret whatever its `kind` says: it comes from a `secrets` informer, whose
   * list items may carry no `kind` at all. Default: only when `kind` is `Secret`.
   */
  secret?: boolean;
}

/**
 * The details of one object as the dashboard serves them, a deep copy:
 *
 * - without `managedFields` and manifest-copying annotations (`last-applied-configuration`);
 * - with the value of every annotation whose key names a credential (`namesCredential`:
 *   password, passwd, secret, token, key, credential, auth) replaced by {@link redacted};
 * - with every container `env` value replaced (a `valueFrom` reference names a Secret key,
 *   never its value, and is kept), and the values of credential flags in each container's
 *   `command` and `args` (`--password=…`, `-token …`: `redactArguments`);
 * - for a Secret (its `kind`, or `options.secret`), without `data` and `stringData` at all.
 *
 * @param object - the object as the informer has it (not modified)
 * @param options - what the caller knows of the object's resource
 * @returns a new, redacted object
 */
export function redactObject(object: object, options: RedactOptions = {}): FeedObject {
  const copy = JSON.parse(JSON.stringify(object)) as FeedObject;
  const metadata = copy.metadata;
  if (metadata !== undefined) {
    delete metadata['managedFields'];
    const annotations = metadata['annotations'];
    if (isRecord(annotations)) {
      for (const name of manifestAnnotations) delete annotations[name];
      for (const name of Object.keys(annotations)) {
        if (namesCredential(name)) annotations[name] = redacted;
      }
    }
  }
  if (options.secret === true || copy['kind'] === 'Secret') {
    delete copy['data'];
    delete copy['stringData'];
  }
  for (const spec of podSpecs(copy)) {
    for (const list of containerLists) {
      const containers = spec[list];
      if (!Array.isArray(containers)) continue;
      for (const container of containers) if (isRecord(container)) redactContainer(container);
    }
  }
  return copy;
}

/** Redacts one container of a copy in place: its env values and credential flags. */
function redactContainer(container: Record<string, unknown>): void {
  const env = container['env'];
  if (Array.isArray(env)) {
    for (const variable of env) {
      if (isRecord(variable) && 'value' in variable) variable['value'] = redacted;
    }
  }
  for (const field of ['command', 'args']) {
    const items = container[field];
    if (Array.isArray(items)) container[field] = redactArguments(items, redacted);
  }
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
