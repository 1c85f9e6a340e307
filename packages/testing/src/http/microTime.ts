import { badRequest } from '../api/status.js';
import type { KubeObject } from '../api/types.js';
import type { ResourceDefinition } from '../registry/resourceDefinition.js';

// Go's time.Parse demands exactly as many fractional digits as the layout has, so a
// millisecond timestamp (what `Date#toISOString` writes) is a decode error, not a MicroTime.
const microTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}(Z|[+-]\d{2}:\d{2})$/;
const layout = '2006-01-02T15:04:05.000000Z07:00';

/**
 * Rejects a body whose `metav1.MicroTime` fields kube-apiserver could not decode.
 *
 * @param def - the resource (its `microTimeFields` are checked).
 * @param obj - the decoded body.
 * @throws StatusError 400 `BadRequest` naming the first malformed field value.
 */
export function checkMicroTimes(def: ResourceDefinition, obj: KubeObject): void {
  for (const path of def.microTimeFields ?? []) {
    const value = path
      .split('.')
      .reduce<unknown>(
        (node, key) =>
          typeof node === 'object' && node !== null
            ? (node as Record<string, unknown>)[key]
            : undefined,
        obj,
      );
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' || !microTime.test(value)) {
      throw badRequest(
        `${def.kind} in version "${def.version}" cannot be handled as a ${def.kind}: ` +
          `parsing time ${JSON.stringify(value)} as "${layout}": ${path} is not a MicroTime`,
      );
    }
  }
}
