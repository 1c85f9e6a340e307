import { badRequest } from '../api/status.js';

/** What a continue token carries: the snapshot to keep reading and where to resume. */
export interface ContinuePosition {
  /** The snapshot's resourceVersion; -1 means "the newest state" (inconsistent continuation). */
  readonly rv: number;
  /** The first key not yet returned. */
  readonly start: string;
}

/**
 * Encodes a continue token the way kube-apiserver does: unpadded base64url of
 * `{"v":"meta.k8s.io/v1","rv":…,"start":…}`.
 *
 * @param position - snapshot and resume key.
 * @returns the opaque token.
 */
export function encodeContinue(position: ContinuePosition): string {
  const json = JSON.stringify({ v: 'meta.k8s.io/v1', rv: position.rv, start: position.start });
  return Buffer.from(json, 'utf8').toString('base64url');
}

/**
 * Decodes a continue token.
 *
 * @param token - the token from the request.
 * @returns the position.
 * @throws StatusError 400 `invalid continue token: …` for anything it did not produce.
 */
export function decodeContinue(token: string): ContinuePosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(`invalid continue token: ${token}`);
  }
  const value = parsed as { v?: unknown; rv?: unknown; start?: unknown } | null;
  if (
    value === null ||
    typeof value !== 'object' ||
    value.v !== 'meta.k8s.io/v1' ||
    typeof value.rv !== 'number' ||
    !Number.isInteger(value.rv) ||
    typeof value.start !== 'string' ||
    value.start === ''
  ) {
    throw badRequest(`invalid continue token: ${token}`);
  }
  return { rv: value.rv, start: value.start };
}
