import { badRequest } from '../api/status.js';
import type { KubeObject } from '../api/types.js';
import type { WriteHook } from '../storage/writeHook.js';

const base64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * What kube-apiserver does to a Secret on every write: `stringData` is a write-only convenience
 * merged into `data` as base64 (its keys win) and never stored, and every `data` value must be
 * base64, as Go's `[]byte` decoding demands. Error messages name the key, never the value, so no
 * secret material reaches a Status, a log or a test report.
 *
 * @returns the hook for the `secrets` resource.
 */
export function secretHook(): WriteHook {
  return {
    admit(secret: KubeObject): KubeObject {
      const data = stringMap(secret, 'data');
      const stringData = stringMap(secret, 'stringData');
      for (const [key, value] of Object.entries(data)) {
        if (!base64.test(value)) {
          throw badRequest(
            `Secret in version "v1" cannot be handled as a Secret: illegal base64 data in data[${JSON.stringify(key)}]`,
          );
        }
      }
      if (secret['stringData'] === undefined) return secret;
      const { stringData: _merged, ...rest } = secret;
      const encoded = Object.entries(stringData).map(
        ([key, value]) => [key, Buffer.from(value, 'utf8').toString('base64')] as const,
      );
      return { ...rest, data: { ...data, ...Object.fromEntries(encoded) } };
    },
    deleting(): void {},
  };
}

function stringMap(secret: KubeObject, field: 'data' | 'stringData'): Record<string, string> {
  const value = secret[field];
  if (value === undefined || value === null) return {};
  const valid =
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string');
  if (!valid) {
    throw badRequest(
      `Secret in version "v1" cannot be handled as a Secret: ${field} must map keys to strings`,
    );
  }
  return value as Record<string, string>;
}
