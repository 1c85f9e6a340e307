import { isRecord, setOwn } from '../json/jsonMembers.js';
import { namesCredential } from './credentialName.js';
import { redactCredentialText } from './credentialText.js';
import type { FeedObject } from './feedProtocol.js';
import { redactArguments } from './redactArguments.js';

/** What replaces a redacted value, so the page can say a value exists without showing it. */
export const redacted = '<redacted>';

/**
 * Annotations that copy a whole manifest (with its env values, or a Secret's data) and are left
 * out: kubectl's, kapp's and Rancher's. Any other annotation whose value reads as a manifest
 * (`manifestCopy`) is left out too.
 */
const manifestAnnotations: ReadonlySet<string> = new Set([
  'kubectl.kubernetes.io/last-applied-configuration',
  'kapp.k14s.io/original',
  'kapp.k14s.io/original-diff',
  'objectset.rio.cattle.io/applied',
]);

/** Options of {@link redactObject}. */
export interface RedactOptions {
  /**
   * The object is a Secret whatever its `kind` says: it comes from a `secrets` informer, whose
   * list items may carry no `kind` at all. Default: only when `kind` is `Secret`.
   */
  secret?: boolean;
}

/** What a value is, for the redaction: the field it is found under decides. */
type Place = 'plain' | 'metadata' | 'annotations' | 'envList' | 'envVar' | 'headerList' | 'header';

/** One value still to copy: where it goes, and what it is. */
interface Copy {
  readonly source: unknown;
  readonly target: Record<string, unknown> | unknown[];
  readonly key: string | number;
  readonly place: Place;
}

/**
 * The details of one object as the dashboard serves them, a deep copy:
 *
 * - without `managedFields` and manifest-copying annotations (`last-applied-configuration`,
 *   `kapp.k14s.io/original`, `objectset.rio.cattle.io/applied`, any value that reads as a
 *   manifest), in the object's metadata and in every template's;
 * - with the value of every annotation whose key names a credential (`namesCredential`:
 *   password, pass, secret, token, key, credential, auth) replaced by {@link redacted}, and the
 *   credentials other annotations spell out (a URL's password, `Bearer …`: `redactCredentialText`);
 * - with every `env` value replaced wherever a list named `env` appears (a pod, the template of
 *   a workload, a CronJob's job template, a PodTemplate, a ControllerRevision's data, a custom
 *   resource's template; a `valueFrom` reference names a Secret key, never its value, and is
 *   kept), every `httpHeaders` value (probes, lifecycle hooks: `Authorization: Bearer …`), and
 *   the credentials in every `command` and `args` list (containers, exec probes, lifecycle
 *   hooks: `redactArguments`);
 * - for a Secret (its `kind`, or `options.secret`), without `data` and `stringData` at all;
 *   likewise any object inside it whose `kind` is `Secret` (a list's item, a list in a list).
 *
 * The walk is iterative: an object nested as deep as the API server accepts (10,000 levels) is
 * copied without growing the call stack. A `__proto__` key is copied as a field.
 *
 * @param object - the object as the informer has it (not modified)
 * @param options - what the caller knows of the object's resource
 * @returns a new, redacted object
 */
export function redactObject(object: object, options: RedactOptions = {}): FeedObject {
  const root: Record<string, unknown> = {};
  const secret = options.secret === true || (object as FeedObject)['kind'] === 'Secret';
  const pending: Copy[] = [];
  const source = object as Record<string, unknown>;
  copyRecord(secret ? withoutSecretData(source) : source, root, 'plain', pending);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { source, target, key, place } = next;
    let value: unknown = source;
    if (Array.isArray(source)) {
      const list: unknown[] = new Array<unknown>(source.length);
      const itemPlace =
        place === 'envList' ? 'envVar' : place === 'headerList' ? 'header' : 'plain';
      source.forEach((item, i) =>
        pending.push({ source: item, target: list, key: i, place: itemPlace }),
      );
      value = list;
    } else if (isRecord(source)) {
      const record: Record<string, unknown> = {};
      // A Secret inside another object (a list's item, a Table row's object, a list in a list)
      // loses its data as a Secret at the top does.
      const fields = source['kind'] === 'Secret' ? withoutSecretData(source) : source;
      copyRecord(fields, record, place, pending);
      value = record;
    }
    setOwn(target, key, value);
  }
  return root as FeedObject;
}

/** Copies the fields of one record, applying the rules of its place, children to `pending`. */
function copyRecord(
  source: Record<string, unknown>,
  target: Record<string, unknown>,
  place: Place,
  pending: Copy[],
): void {
  for (const key of Object.keys(source)) {
    const value = source[key];
    if (place === 'metadata' && key === 'managedFields') continue;
    if (place === 'annotations') {
      if (manifestAnnotations.has(key) || manifestCopy(value)) continue;
      if (namesCredential(key)) setOwn(target, key, redacted);
      else if (typeof value === 'string')
        setOwn(target, key, redactCredentialText(value, redacted));
      else {
        setOwn(target, key, undefined);
        pending.push({ source: value, target, key, place: 'plain' });
      }
      continue;
    }
    if ((place === 'envVar' || place === 'header') && key === 'value') {
      setOwn(target, key, redacted);
      continue;
    }
    if ((key === 'command' || key === 'args') && Array.isArray(value)) {
      const list = redactArguments(value, redacted);
      setOwn(target, key, list);
      // The arguments that are not strings are still copied, not shared with the cache.
      list.forEach((item, i) => {
        if (typeof item === 'object' && item !== null) {
          pending.push({ source: item, target: list, key: i, place: 'plain' });
        }
      });
      continue;
    }
    // Set now, filled when its turn comes: the copy keeps the source's order of keys.
    setOwn(target, key, undefined);
    pending.push({ source: value, target, key, place: childPlace(place, key) });
  }
}

function childPlace(place: Place, key: string): Place {
  if (key === 'metadata') return 'metadata';
  if (place === 'metadata' && key === 'annotations') return 'annotations';
  if (key === 'env') return 'envList';
  if (key === 'httpHeaders') return 'headerList';
  return 'plain';
}

/** A Secret's fields but `data` and `stringData`, which are never copied. */
function withoutSecretData(secret: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(secret)) {
    if (key !== 'data' && key !== 'stringData') setOwn(kept, key, secret[key]);
  }
  return kept;
}

/** Whether an annotation's value reads as a copy of a manifest (JSON or YAML). */
function manifestCopy(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  return (
    (value.includes('"apiVersion"') && value.includes('"kind"')) ||
    (/^apiVersion:/m.test(value) && /^kind:/m.test(value))
  );
}
