import jsonPatch from 'fast-json-patch';
import type { Operation } from 'fast-json-patch';
import { badRequest, failure, StatusError } from '../api/status.js';

/**
 * Applies a JSON patch (RFC 6902) with `fast-json-patch`, answering failures as kube-apiserver
 * does: a body that is not a list of operations is 400 `BadRequest`; an operation that cannot
 * apply (a `test` whose value differs, a path that does not exist, an unknown `op`) is 422
 * `Invalid`, and nothing is written.
 *
 * @param target - the current object (not modified).
 * @param patch - the decoded body.
 * @returns the patched value.
 * @throws StatusError 400 or 422.
 */
export function applyJsonPatch(target: unknown, patch: unknown): unknown {
  if (!Array.isArray(patch) || !patch.every((op) => typeof op === 'object' && op !== null)) {
    throw badRequest('the body of a JSON patch must be a list of operations');
  }
  try {
    // Validated, on a copy of the target, refusing `__proto__` paths.
    return jsonPatch.applyPatch(target, patch as Operation[], true, false, true).newDocument;
  } catch (error) {
    if (!(error instanceof jsonPatch.JsonPatchError)) throw error;
    const at = error.index === undefined ? '' : ` (operation ${error.index})`;
    // The library's message repeats the operation and the whole document on further lines.
    const reason = error.message.split('\n')[0] ?? error.name;
    throw new StatusError(
      failure(
        422,
        'Invalid',
        `the server rejected our request due to an error in our request: ${error.name}: ${reason}${at}`,
        {},
      ),
    );
  }
}
